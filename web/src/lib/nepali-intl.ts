/**
 * Nepali dates and numbers where the browser has no Nepali locale data. Debian's Chromium and
 * Google Chrome ship ICU without 'ne', so `Intl` there writes Nepali readers English month names
 * and Latin digits. For those readers only, the FormatJS polyfills with Nepali data are fetched
 * (their own lazy chunk, see `nepali-intl-polyfill.ts`): English readers and browsers that
 * know Nepali download nothing more.
 */
import type { LanguageChoice } from '../i18n/language'

let pending: Promise<void> | null = null
// Bumped when the polyfills are installed, so format caches built before it are not reused.
let generation = 0

/** Which polyfills have been installed; format caches key on it. */
export function intlGeneration(): number {
  return generation
}

/** True when some `Intl` API this client formats Nepali with has no Nepali data. */
export function browserLacksNepali(): boolean {
  const apis: { supportedLocalesOf(locales: string[]): string[] }[] = [Intl.DateTimeFormat, Intl.NumberFormat, Intl.PluralRules]
  return apis.some((api) => api.supportedLocalesOf(['ne']).length === 0)
}

/**
 * Makes `Intl` speak Nepali when the reader chose it and the browser cannot; resolves at once
 * otherwise. A failed fetch leaves the browser's own formats (English months, Latin digits) and
 * is tried again on the next call.
 */
export function ensureNepaliIntl(choice: LanguageChoice): Promise<void> {
  if (choice === 'en' || !browserLacksNepali()) return Promise.resolve()
  pending ??= import('./nepali-intl-polyfill')
    .then(({ installNepaliIntl }) => installNepaliIntl())
    .then(() => {
      generation += 1
    })
    .catch((err: unknown) => {
      console.error('Failed to load the Nepali date and number formats', err)
      pending = null
    })
  return pending
}
