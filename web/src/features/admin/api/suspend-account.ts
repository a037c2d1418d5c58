import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export const SUSPEND_FAILED = msg('admin.suspendFailed')
export const UNSUSPEND_FAILED = msg('admin.unsuspendFailed')

type Answer = Promise<ApiResult<components['schemas']['MessageResponse']>>

/** POST /api/v1/admin/users/{id}/suspend */
export function suspendAccount(id: string, reason: string): Answer {
  return settle(authApi.POST('/api/v1/admin/users/{id}/suspend', { params: { path: { id } }, body: { reason } }), translate(SUSPEND_FAILED))
}

/** POST /api/v1/admin/users/{id}/unsuspend */
export function unsuspendAccount(id: string): Answer {
  return settle(authApi.POST('/api/v1/admin/users/{id}/unsuspend', { params: { path: { id } }, body: {} }), translate(UNSUSPEND_FAILED))
}
