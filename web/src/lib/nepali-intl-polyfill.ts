/**
 * The FormatJS `Intl` polyfills with Nepali data, installed only where the browser lacks them
 * (their `should-polyfill` helpers decide API by API). Fetched lazily by `nepali-intl.ts`.
 *
 * A polyfill replaces the global constructor for every language, so English data comes along:
 * a reader who switches back to English keeps 'en-GB' dates, and `booking.ts` its 'en-CA'
 * `YYYY-MM-DD` parts. The order matters: NumberFormat formats plurals with `Intl.PluralRules`,
 * DateTimeFormat its digits with `Intl.NumberFormat`.
 */
import { shouldPolyfill as pluralRulesLack } from '@formatjs/intl-pluralrules/should-polyfill.js'
import { shouldPolyfill as numberFormatLacks } from '@formatjs/intl-numberformat/should-polyfill.js'
import { shouldPolyfill as dateTimeFormatLacks } from '@formatjs/intl-datetimeformat/should-polyfill.js'

export async function installNepaliIntl(): Promise<void> {
  if (pluralRulesLack('ne')) {
    await import('@formatjs/intl-pluralrules/polyfill-force.js')
    await Promise.all([import('@formatjs/intl-pluralrules/locale-data/en.js'), import('@formatjs/intl-pluralrules/locale-data/ne.js')])
  }
  if (numberFormatLacks('ne')) {
    await import('@formatjs/intl-numberformat/polyfill-force.js')
    await Promise.all([import('@formatjs/intl-numberformat/locale-data/en.js'), import('@formatjs/intl-numberformat/locale-data/ne.js')])
  }
  if (dateTimeFormatLacks('ne')) {
    // The polyfill formats in UTC unless told the reader's zone, which the browser still knows.
    const readerZone = new Intl.DateTimeFormat().resolvedOptions().timeZone
    await import('@formatjs/intl-datetimeformat/polyfill-force.js')
    await Promise.all([
      import('@formatjs/intl-datetimeformat/locale-data/en.js'),
      import('@formatjs/intl-datetimeformat/locale-data/en-GB.js'),
      import('@formatjs/intl-datetimeformat/locale-data/en-CA.js'),
      import('@formatjs/intl-datetimeformat/locale-data/ne.js'),
      // Trip dates are formatted in UTC and "today" in Asia/Kathmandu: both are in the golden set.
      import('@formatjs/intl-datetimeformat/add-golden-tz.js'),
    ])
    try {
      ;(Intl.DateTimeFormat as unknown as { __setDefaultTimeZone(zone: string): void }).__setDefaultTimeZone(readerZone)
    } catch {
      // A zone outside the golden set: dates without a zone of their own show in UTC.
    }
  }
}
