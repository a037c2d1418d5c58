import type { CurrencyRate } from '../../lib/currencies'
import type { RateChanges } from './api/update-currency-rates'
import { translate } from '../../i18n/messages'

/** The bounds the server keeps (see server/src/currencies/rates.rs): outside them is a typo. */
export const RATE_MIN = 0.01
export const RATE_MAX = 100_000

export type RateDrafts = Record<string, string>

/** The rate fields as first shown: each stored rate as typed text. */
export const draftsFrom = (rates: CurrencyRate[]): RateDrafts => Object.fromEntries(rates.map((r) => [r.code, String(r.perUsd)]))

export const rateError = (code: string) => translate('admin.rateError', { code })

/** The edited rates that differ from the stored ones, or the first field's error. */
export function rateChanges(drafts: RateDrafts, stored: CurrencyRate[]): { changes: RateChanges } | { error: string; code: string } {
  const changes: Record<string, number> = {}
  for (const { code, perUsd, fixed } of stored) {
    // The dollar, and the rupee where the server sets it, are not the admin's to change.
    if (code === 'USD' || fixed) continue
    const text = (drafts[code] ?? '').trim()
    const rate = Number(text)
    if (text === '' || !Number.isFinite(rate) || rate < RATE_MIN || rate > RATE_MAX) return { error: rateError(code), code }
    if (rate !== perUsd) changes[code] = rate
  }
  return { changes }
}
