import { msg } from '../../../i18n/messages'
import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

type Answer = components['schemas']['MessageResponse']

export const FORGOT_FAILED = msg('auth.forgotFailed')

/** POST /api/v1/auth/forgot-password: the same answer whether or not the account exists. */
export function forgotPassword(email: string): Promise<ApiResult<Answer>> {
  return settle(api.POST('/api/v1/auth/forgot-password', { body: { email } }), FORGOT_FAILED)
}
