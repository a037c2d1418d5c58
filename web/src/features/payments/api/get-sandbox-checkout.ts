import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { BOOKINGS_TAG } from '../../../lib/cache-tags'
import { msg, translate } from '../../../i18n/messages'

export type PaymentState = components['schemas']['PaymentStatus']

export const CHECKOUT_LOAD_FAILED = msg('payments.checkoutLoadFailed')

export const sandboxCheckoutKey = (sessionId: string) => `sandbox-checkout:${sessionId}`
export const sandboxCheckoutTags = [BOOKINGS_TAG]

/** GET /api/v1/payments/sandbox/{sessionId}: what the test checkout is for, and whether it is pending, paid or cancelled. */
export async function getSandboxCheckout(sessionId: string): Promise<ApiResult<PaymentState>> {
  const result = await settle(authApi.GET('/api/v1/payments/sandbox/{sessionId}', { params: { path: { sessionId } } }), translate(CHECKOUT_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
