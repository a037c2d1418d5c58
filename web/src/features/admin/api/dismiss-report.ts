import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export const DISMISS_FAILED = msg('admin.dismissFailed')

/** POST /api/v1/admin/reports/{id}/dismiss: close a report without acting on it. */
export function dismissReport(id: string, reason: string): Promise<ApiResult<components['schemas']['MessageResponse']>> {
  return settle(authApi.POST('/api/v1/admin/reports/{id}/dismiss', { params: { path: { id } }, body: { reason } }), translate(DISMISS_FAILED))
}
