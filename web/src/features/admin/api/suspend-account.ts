import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

export const SUSPEND_FAILED = 'Failed to suspend the account'
export const UNSUSPEND_FAILED = 'Failed to lift the suspension'

type Answer = Promise<ApiResult<components['schemas']['MessageResponse']>>

/** POST /api/v1/admin/users/{id}/suspend */
export function suspendAccount(id: string, reason: string): Answer {
  return settle(authApi.POST('/api/v1/admin/users/{id}/suspend', { params: { path: { id } }, body: { reason } }), SUSPEND_FAILED)
}

/** POST /api/v1/admin/users/{id}/unsuspend */
export function unsuspendAccount(id: string): Answer {
  return settle(authApi.POST('/api/v1/admin/users/{id}/unsuspend', { params: { path: { id } }, body: {} }), UNSUSPEND_FAILED)
}
