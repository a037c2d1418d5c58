import { msg } from '../../../i18n/messages'
import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

type Answer = components['schemas']['MessageResponse']

export const VERIFY_FAILED = msg('auth.verifyFailed')

// A link is single use: a second call (React's development double effects, a re-render)
// must get the first call's answer, not "already used".
const calls = new Map<string, Promise<ApiResult<Answer>>>()

/** POST /api/v1/auth/verify-email, once per token. */
export function verifyEmail(token: string): Promise<ApiResult<Answer>> {
  let call = calls.get(token)
  if (!call) {
    call = settle(api.POST('/api/v1/auth/verify-email', { body: { token } }), VERIFY_FAILED)
    calls.set(token, call)
  }
  return call
}
