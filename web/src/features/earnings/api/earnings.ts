import { msg } from '../../../i18n/messages'
import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

export type Earnings = components['schemas']['GuideEarnings']
export type LedgerEntry = components['schemas']['LedgerEntry']
export type PayoutDetails = components['schemas']['PayoutDetails']

export const EARNINGS_LOAD_FAILED = msg('earnings.loadFailed')
export const PAYOUT_DETAILS_LOAD_FAILED = msg('earnings.payoutDetailsLoadFailed')
export const PAYOUT_DETAILS_SAVE_FAILED = msg('earnings.payoutDetailsSaveFailed')

/** GET /api/v1/guides/earnings: pending, available, paid out and each movement. */
export async function getEarnings(): Promise<ApiResult<Earnings>> {
  const result = await settle(authApi.GET('/api/v1/guides/earnings'), EARNINGS_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** GET /api/v1/guides/payout-details: null until the guide has said where to be paid. */
export async function getPayoutDetails(): Promise<ApiResult<PayoutDetails | null>> {
  const result = await settle(authApi.GET('/api/v1/guides/payout-details'), PAYOUT_DETAILS_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** PUT /api/v1/guides/payout-details */
export async function savePayoutDetails(body: PayoutDetails): Promise<ApiResult<PayoutDetails | null>> {
  const result = await settle(authApi.PUT('/api/v1/guides/payout-details', { body }), PAYOUT_DETAILS_SAVE_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
