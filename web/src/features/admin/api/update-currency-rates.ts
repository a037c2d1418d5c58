import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type RateChanges = components['schemas']['RateChanges']
export type CurrencyRate = components['schemas']['CurrencyRate']

export const UPDATE_RATES_FAILED = msg('admin.ratesSaveFailed')

/** PATCH /api/v1/admin/currencies: the rates that changed; answers every rate as now stored. */
export async function updateCurrencyRates(rates: RateChanges): Promise<ApiResult<CurrencyRate[]>> {
  const result = await settle(authApi.PATCH('/api/v1/admin/currencies', { body: { rates } }), translate(UPDATE_RATES_FAILED))
  return result.ok ? { ok: true, data: result.data.data.currencies } : result
}
