// The real polyfill chunk, in a worker of its own (vitest isolates files): it replaces the globals.
import { expect, it, vi } from 'vitest'
import { installNepaliIntl } from './nepali-intl-polyfill'

it('writes Nepali months and digits, and keeps English, where the browser had no Nepali', async () => {
  const natives = [Intl.DateTimeFormat, Intl.NumberFormat, Intl.PluralRules]
  const spies = natives.map((api) => vi.spyOn(api, 'supportedLocalesOf').mockReturnValue([]))
  await installNepaliIntl()
  spies.forEach((spy) => spy.mockRestore())
  expect(Intl.DateTimeFormat).not.toBe(natives[0])
  expect(Intl.NumberFormat).not.toBe(natives[1])
  expect(Intl.PluralRules).not.toBe(natives[2])

  const day = Date.UTC(2026, 2, 12)
  const options = { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' } as const
  expect(new Intl.DateTimeFormat('ne-NP', options).format(day)).toMatch(/मार्च/)
  expect(new Intl.DateTimeFormat('ne-NP', options).format(day)).toMatch(/२०२६/)
  expect(new Intl.DateTimeFormat('ne-NP-u-nu-latn', options).format(day)).toMatch(/मार्च.*2026|2026.*मार्च/)
  expect(new Intl.NumberFormat('ne-NP').format(1234.5)).toBe('१,२३४.५')
  expect(new Intl.NumberFormat('ne-NP-u-nu-latn').format(1234.5)).toBe('1,234.5')
  expect(new Intl.PluralRules('ne').select(1)).toBe('one')

  // A reader who switches back to English keeps the formats the spec shows.
  expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(day)).toBe('Thu, 12 Mar 2026')
  expect(new Intl.NumberFormat('en-US').format(1234.5)).toBe('1,234.5')
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(day)
  expect(parts.filter((p) => p.type !== 'literal').map((p) => p.value)).toEqual(['2026', '03', '12'])
})
