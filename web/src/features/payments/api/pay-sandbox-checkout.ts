import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type SandboxOutcome = components['schemas']['SandboxOutcome']

export const SANDBOX_PAY_FAILED = msg('payments.sandboxPayFailed')

/** POST /api/v1/payments/sandbox/{sessionId}/pay: confirms the test payment server-side; `redirect` is the success page (409 if cancelled). */
export function paySandboxCheckout(sessionId: string): Promise<ApiResult<SandboxOutcome>> {
  return settle(authApi.POST('/api/v1/payments/sandbox/{sessionId}/pay', { params: { path: { sessionId } } }), translate(SANDBOX_PAY_FAILED))
}
