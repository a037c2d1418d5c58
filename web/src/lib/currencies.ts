import { useCallback, useMemo } from 'react'
import { useIntlLocale } from '../i18n/language'
import { msg } from '../i18n/messages'
import { api } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'
import { CURRENCIES_TAG } from './cache-tags'
import { useChosenCurrency } from './currency-choice'
import { approximatePrice, formatPrice, type Rates } from './money'
import { useCachedQuery } from './use-cached-query'

export type CurrencyRate = components['schemas']['CurrencyRate']

export const CURRENCIES_KEY = 'currencies'
export const CURRENCIES_LOAD_FAILED = msg('common.currenciesLoadFailed')

/** GET /api/v1/currencies: each display currency's rate per US dollar. */
export async function listCurrencies(): Promise<ApiResult<CurrencyRate[]>> {
  const result = await settle(api.GET('/api/v1/currencies'), CURRENCIES_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data.currencies } : result
}

/** The rates through the client cache (one request for every price on the page); none fetched while `enabled` is false. */
export function useCurrencyRates(enabled = true) {
  return useCachedQuery({ key: CURRENCIES_KEY, tags: [CURRENCIES_TAG], load: listCurrencies, enabled })
}

export type PriceFormat = {
  /** A dollar price as the traveller reads it: `$45.00`, or `≈ NPR 6,368`. */
  show: (usd: number) => string
  /** Only the `≈` conversion, beside an amount stated exactly; null while shown in dollars. */
  approx: (usd: number) => string | null
}

/**
 * The one way the client shows a price: in the traveller's chosen currency, converted at
 * the admins' rates. Amounts that are charged are stated exactly with `formatDollars`
 * (or the charged currency), and take `approx` only as a second line.
 */
export function usePrice(): PriceFormat {
  const code = useChosenCurrency()
  // Prices are written in the reader's language and digits: a switch formats them anew.
  const locale = useIntlLocale()
  // Shown in dollars there is nothing to convert: no request for rates.
  const { data } = useCurrencyRates(code !== 'USD')
  const rates: Rates | undefined = useMemo(() => (data ? Object.fromEntries(data.map((c) => [c.code, c.perUsd])) : undefined), [data])
  // The formatters read the language where they run; new functions on a switch re-render their users.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` on purpose, see above
  const show = useCallback((usd: number) => formatPrice(usd, code, rates), [code, rates, locale])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` on purpose, see above
  const approx = useCallback((usd: number) => approximatePrice(usd, code, rates), [code, rates, locale])
  return useMemo(() => ({ show, approx }), [show, approx])
}
