import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type WalletConfirmation = components['schemas']['WalletConfirmation']

export const WALLET_CHECK_FAILED = msg('payments.paymentCheckFailed')

/** POST /api/v1/payments/khalti/confirm: the server asks Khalti where payment `pidx` stands. */
export function confirmKhalti(pidx: string): Promise<ApiResult<WalletConfirmation>> {
  return settle(authApi.POST('/api/v1/payments/khalti/confirm', { body: { pidx } }), translate(WALLET_CHECK_FAILED))
}

/** POST /api/v1/payments/esewa/confirm: the server checks eSewa's signed answer, then asks eSewa. */
export function confirmEsewa(data: string): Promise<ApiResult<WalletConfirmation>> {
  return settle(authApi.POST('/api/v1/payments/esewa/confirm', { body: { data } }), translate(WALLET_CHECK_FAILED))
}
