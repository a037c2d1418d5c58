import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type GuideCancellations = components['schemas']['GuideCancellations']
export const CANCELLATIONS_LOAD_FAILED = msg('admin.cancellationsLoadFailed')

/** GET /api/v1/admin/guide-cancellations: guides who cancelled trips, most first. */
export async function listGuideCancellations(): Promise<ApiResult<GuideCancellations[]>> {
  const result = await settle(authApi.GET('/api/v1/admin/guide-cancellations'), translate(CANCELLATIONS_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
