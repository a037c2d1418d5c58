import type { Translator } from '../i18n/messages'
import type { components } from './api-schema'
import { localNumberFormat } from './intl-formats'
import { intlGeneration } from './nepali-intl'

/** A destination's trek facts as the API sends them (issue 15); any may be missing. */
export type TrekFacts = Pick<components['schemas']['Destination'], 'durationDays' | 'maxAltitudeM' | 'bestMonths' | 'difficulty' | 'licensedGuideRequired' | 'permits'>
export type Permit = components['schemas']['Permit']
export type Difficulty = components['schemas']['Difficulty']

export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'moderate', 'hard', 'strenuous']

/** "12-14 days", "1 day", "2 days"; null when the destination has no duration. */
export function durationText(facts: Pick<TrekFacts, 'durationDays'>, t: Translator): string | null {
  const d = facts.durationDays
  if (!d) return null
  return d.min === d.max ? t('trek.days', { count: d.min }) : t('common.tripLength', { from: d.min, to: d.max })
}

// Built once per locale and width (and Intl polyfill generation): a format costs far more to make than to use.
const monthFormats = new Map<string, Intl.DateTimeFormat>()

/** A month's name in the reader's language (`month` 1-12). */
function monthName(month: number, locale: string, width: 'short' | 'long'): string {
  const key = `${intlGeneration()}|${locale}|${width}`
  let format = monthFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' })
    monthFormats.set(key, format)
  }
  return format.format(Date.UTC(2000, month - 1, 1))
}

/**
 * Month numbers as runs of consecutive months, the way the spec's "Apr-Jun" reads:
 * [3, 4, 5, 10, 11] → "Mar-May, Oct-Nov"; a run across the new year stays one ("Dec-Feb").
 */
export function monthRanges(months: readonly number[], locale = 'en-US', allYear = 'All year', width: 'short' | 'long' = 'short', to = '-'): string | null {
  const set = new Set(months.filter((m) => m >= 1 && m <= 12))
  if (set.size === 0) return null
  if (set.size === 12) return allYear
  // Start each run at a month whose previous month is not in the set, so runs never split.
  const starts = [...set].sort((a, b) => a - b).filter((m) => !set.has(m === 1 ? 12 : m - 1))
  const runs = starts.map((start) => {
    let end = start
    while (set.has(end === 12 ? 1 : end + 1)) end = end === 12 ? 1 : end + 1
    return start === end ? monthName(start, locale, width) : `${monthName(start, locale, width)}${to}${monthName(end, locale, width)}`
  })
  return runs.join(', ')
}

/** "5,644 m"; null when unknown. */
export function altitudeText(facts: Pick<TrekFacts, 'maxAltitudeM'>): string | null {
  return facts.maxAltitudeM == null ? null : `${localNumberFormat().format(facts.maxAltitudeM)} m`
}

/** Whole rupees or dollars, as Nepal prices permits: "NPR 3,000", "USD 500". */
export function feeText(amount: number, currency: 'NPR' | 'USD'): string {
  return `${currency} ${localNumberFormat().format(Math.round(amount))}`
}
