/**
 * Dates and numbers in the reader's language (`currentIntlLocale()`), each format built once
 * per language. English keeps the formats the spec shows: dates in British order
 * ('Sat, 12 Dec 2026'); Nepali writes its own month names and, unless the reader chose
 * Latin digits, Devanagari digits. Formats are keyed by `intlGeneration()`, so none built before
 * the Nepali polyfills arrived (nepali-intl.ts) outlives them.
 */
import { currentIntlLocale } from '../i18n/language'
import { intlGeneration } from './nepali-intl'

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** A date format for the reader's language; `english` is the locale English readers see. */
export function localDateFormat(options: Intl.DateTimeFormatOptions, english = 'en-GB'): Intl.DateTimeFormat {
  const current = currentIntlLocale()
  const locale = current === 'en-US' ? english : current
  const key = `${intlGeneration()}|${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

/** A calendar day (YYYY-MM-DD) or a moment as 'Mar 5, 2024' in English; text that is neither comes back as it is. */
export function formatMediumDate(text: string): string {
  // A bare date is a calendar day, not a moment: read it as noon UTC so no time zone moves it.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T12:00:00Z` : text)
  return Number.isNaN(date.getTime()) ? text : localDateFormat({ day: 'numeric', month: 'short', year: 'numeric' }, 'en-US').format(date)
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/** A number format for the reader's language; `english` is the locale English readers see. */
export function localNumberFormat(options: Intl.NumberFormatOptions = {}, english = 'en-US'): Intl.NumberFormat {
  const current = currentIntlLocale()
  const locale = current === 'en-US' ? english : current
  const key = `${intlGeneration()}|${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    numberFormats.set(key, format)
  }
  return format
}

/**
 * ASCII digits in a text written in the reader's digits: for the few parts `Intl` leaves in
 * Latin digits whatever the locale (the polyfill's 'GMT+5:45').
 */
export function localDigits(text: string): string {
  const digits = localNumberFormat({ useGrouping: false })
  return text.replace(/\d/g, (digit) => digits.format(Number(digit)))
}

/** A count or other plain number in the reader's digits. */
export function formatLocalNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return localNumberFormat(options).format(value)
}
