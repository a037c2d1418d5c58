import { beforeEach, describe, expect, it } from 'vitest'
import { LANGUAGE_STORAGE_KEY } from '../../i18n/language'
import { loadTexts } from '../../i18n/messages'
import { daysOffSummary } from './days-off'
import { expiryText, formatCountdown } from './trip-status'

describe('booking texts in Nepali', () => {
  beforeEach(async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ne')
    await loadTexts(['bookings'], 'ne')
  })

  it('counts time and days off in Nepali words and Devanagari digits', () => {
    expect(formatCountdown((27 * 60 + 5) * 60_000)).toBe('१ दिन ३ घण्टा')
    expect(expiryText(Date.now() + 12 * 60_000 + 30_000, Date.now())).toBe('१२ मिनेटमा म्याद सकिन्छ')
    expect(daysOffSummary(0)).toBe('कुनै बिदा छैन।')
    expect(daysOffSummary(4)).toBe('४ दिन बिदा।')
  })

  it('keeps Latin digits for ne-latn', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ne-latn')
    expect(formatCountdown(5 * 60 * 60_000)).toBe('5 घण्टा')
  })
})
