import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type Checkout = components['schemas']['CheckoutResponse']

/** Spec section 8: the card payment failure alert, naming the card provider. */
export const CARD_PAYMENT_FAILED = msg('payments.cardPaymentFailed')

/**
 * GET /api/v1/tourists/stripe/create-session/{bookingId}: where to send the browser to pay
 * an approved, unpaid booking (Stripe's page, or the sandbox checkout on a server without
 * Stripe keys). A 409 says why not: already paid, not approved yet, or declined.
 */
export function createCheckout(bookingId: string): Promise<ApiResult<Checkout>> {
  return settle(authApi.GET('/api/v1/tourists/stripe/create-session/{bookingId}', { params: { path: { bookingId } } }), translate(CARD_PAYMENT_FAILED))
}
