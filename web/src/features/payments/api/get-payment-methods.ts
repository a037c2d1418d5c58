import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type CardPayments = components['schemas']['CardPayments']
export type PaymentMethods = components['schemas']['PaymentMethods']

/** What the server answers when it takes no card payments (its 503 says the same). */
export const CARD_PAYMENTS_NOT_SET_UP = msg('payments.cardPaymentsNotSetUp')

export const paymentMethodsKey = 'payment-methods'

/** GET /api/v1/payments/methods: how this server takes cards (stripe, sandbox or none) and wallets (live, sandbox or none), and the rupee rate. */
export async function getPaymentMethods(): Promise<ApiResult<PaymentMethods>> {
  const result = await settle(api.GET('/api/v1/payments/methods'), translate('payments.methodsLoadFailed'))
  return result.ok ? { ok: true, data: result.data.data } : result
}
