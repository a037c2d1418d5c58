import { msg } from '../../../i18n/messages'
import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

type Answer = components['schemas']['MessageResponse']
export type ResetPasswordRequest = components['schemas']['ResetPasswordRequest']

export const RESET_FAILED = msg('auth.resetFailed')

/** POST /api/v1/auth/reset-password: a new password from an emailed link; signs out every session. */
export function resetPassword(body: ResetPasswordRequest): Promise<ApiResult<Answer>> {
  return settle(api.POST('/api/v1/auth/reset-password', { body }), RESET_FAILED)
}
