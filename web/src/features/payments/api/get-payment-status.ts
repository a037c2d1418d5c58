import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { PaymentState } from './get-sandbox-checkout'
import { msg, translate } from '../../../i18n/messages'

export const PAYMENT_CHECK_FAILED = msg('payments.paymentCheckFailed')

export const paymentStatusKey = (sessionId: string) => `payment:${sessionId}`

/**
 * GET /api/v1/payments/session/{sessionId}: where a checkout stands, confirmed by the server
 * with the payment provider, with its booking. Only the payer (or an admin) may ask.
 */
export async function getPaymentStatus(sessionId: string, signal?: AbortSignal): Promise<ApiResult<PaymentState>> {
  const result = await settle(authApi.GET('/api/v1/payments/session/{sessionId}', { params: { path: { sessionId } }, signal }), translate(PAYMENT_CHECK_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
