import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { SandboxOutcome } from './pay-sandbox-checkout'
import { msg, translate } from '../../../i18n/messages'

export const SANDBOX_CANCEL_FAILED = msg('payments.sandboxCancelFailed')

/** POST /api/v1/payments/sandbox/{sessionId}/cancel: as leaving the provider's page would; `redirect` is the cancel page. */
export function cancelSandboxCheckout(sessionId: string): Promise<ApiResult<SandboxOutcome>> {
  return settle(authApi.POST('/api/v1/payments/sandbox/{sessionId}/cancel', { params: { path: { sessionId } } }), translate(SANDBOX_CANCEL_FAILED))
}
