import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type SuspendedAccount = components['schemas']['SuspendedAccount']
export const SUSPENDED_LOAD_FAILED = msg('admin.suspendedLoadFailed')

/** GET /api/v1/admin/users/suspended: most recently suspended first. */
export async function listSuspended(): Promise<ApiResult<SuspendedAccount[]>> {
  const result = await settle(authApi.GET('/api/v1/admin/users/suspended'), translate(SUSPENDED_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
