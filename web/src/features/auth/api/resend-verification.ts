import { msg } from '../../../i18n/messages'
import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

type Answer = components['schemas']['MessageResponse']

export const RESEND_FAILED = msg('auth.resendFailed')

/** POST /api/v1/auth/resend-verification (signed in, a few times per 15 minutes). */
export function resendVerification(): Promise<ApiResult<Answer>> {
  return settle(authApi.POST('/api/v1/auth/resend-verification'), RESEND_FAILED)
}
