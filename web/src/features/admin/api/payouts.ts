import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type OwedGuide = components['schemas']['OwedGuide']
export type Payout = components['schemas']['Payout']

export const OWED_LOAD_FAILED = msg('admin.owedLoadFailed')
export const PAYOUT_FAILED = msg('admin.payoutFailed')
export const CSV_FAILED = msg('admin.csvFailed')

/** GET /api/v1/admin/payouts: guides with money ready to be paid out, largest first. */
export async function listOwedGuides(): Promise<ApiResult<OwedGuide[]>> {
  const result = await settle(authApi.GET('/api/v1/admin/payouts'), translate(OWED_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** POST /api/v1/admin/payouts: records a payout an admin sent. */
export async function recordPayout(body: { guideId: string; amount: number; method: string; reference: string }): Promise<ApiResult<Payout>> {
  const result = await settle(authApi.POST('/api/v1/admin/payouts', { body }), translate(PAYOUT_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** GET /api/v1/admin/payouts.csv, as a file to save. */
export async function payoutsCsv(): Promise<ApiResult<Blob>> {
  return settle(authApi.GET('/api/v1/admin/payouts.csv', { parseAs: 'blob' }) as Promise<{ data?: Blob; error?: unknown; response: Response }>, translate(CSV_FAILED))
}
