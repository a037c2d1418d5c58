import { localNumberFormat } from './intl-formats'

/** Dollars as the client shows every amount: with a sign and 2 decimals, e.g. `$1,200.00`. */
export function formatDollars(amount: number): string {
  return localNumberFormat({ style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)
}

/** The currencies a traveller can see prices in; prices are set and charged in the first. */
export const DISPLAY_CURRENCIES = ['USD', 'NPR', 'EUR', 'GBP', 'INR', 'AUD', 'CNY', 'JPY'] as const
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number]

export const isDisplayCurrency = (code: unknown): code is DisplayCurrency => DISPLAY_CURRENCIES.includes(code as DisplayCurrency)

/** Rupees are grouped the way Nepal and India write them (lakhs: 1,23,456), others in thousands. */
const localeOf = (code: DisplayCurrency) => (code === 'NPR' || code === 'INR' ? 'en-IN' : 'en-US')

function numberFormat(code: DisplayCurrency, maximumFractionDigits?: number): Intl.NumberFormat {
  return localNumberFormat({ style: 'currency', currency: code, ...(maximumFractionDigits !== undefined && { minimumFractionDigits: 0, maximumFractionDigits }) }, localeOf(code))
}

/**
 * A dollar amount converted at `perUsd` and marked as approximate: `≈ NPR 6,650`. Cents of
 * an approximation would be false precision, so amounts of 10 or more show whole units;
 * smaller ones keep the currency's own minor units (none for the yen).
 */
export function formatApproximate(usd: number, code: DisplayCurrency, perUsd: number): string {
  const amount = usd * perUsd
  const format = Math.abs(amount) >= 10 ? numberFormat(code, 0) : numberFormat(code)
  // No-break spaces (Intl puts one after a code like NPR): the ≈ never wraps away from its amount.
  return `≈\u00a0${format.format(amount)}`
}

export type Rates = Partial<Record<DisplayCurrency, number>>

/**
 * A price set in dollars as the traveller chose to see it: exactly in dollars, or
 * converted and marked `≈`. Without a rate for the chosen currency (rates not loaded, or
 * failed) it stays in dollars rather than guess.
 */
export function formatPrice(usd: number, code: DisplayCurrency, rates: Rates | undefined): string {
  return approximatePrice(usd, code, rates) ?? formatDollars(usd)
}

/** The converted `≈` amount alone, or null when prices are shown in dollars. */
export function approximatePrice(usd: number, code: DisplayCurrency, rates: Rates | undefined): string | null {
  const perUsd = rates?.[code]
  if (code === 'USD' || perUsd === undefined || !(perUsd > 0)) return null
  return formatApproximate(usd, code, perUsd)
}
