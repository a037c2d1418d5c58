import { describe, expect, it } from 'vitest'
import { translate } from '../i18n/messages'
import { altitudeText, durationText, feeText, monthRanges } from './trek-facts'

describe('monthRanges', () => {
  it('writes runs of months the way the spec writes "Apr-Jun"', () => {
    expect(monthRanges([4, 5, 6])).toBe('Apr-Jun')
    expect(monthRanges([3, 4, 5, 10, 11])).toBe('Mar-May, Oct-Nov')
    expect(monthRanges([10])).toBe('Oct')
  })

  it('keeps a run across the new year together', () => {
    expect(monthRanges([1, 2, 3, 10, 11, 12])).toBe('Oct-Mar')
    expect(monthRanges([12, 1, 6])).toBe('Jun, Dec-Jan')
  })

  it('says all year for every month and nothing for none', () => {
    expect(monthRanges([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe('All year')
    expect(monthRanges([])).toBeNull()
  })
})

describe('durationText and altitudeText', () => {
  it('write a range, a single day or nothing', () => {
    expect(durationText({ durationDays: { min: 12, max: 14 } }, translate)).toBe('12-14 days')
    expect(durationText({ durationDays: { min: 1, max: 1 } }, translate)).toBe('1 day')
    expect(durationText({ durationDays: { min: 3, max: 3 } }, translate)).toBe('3 days')
    expect(durationText({ durationDays: null }, translate)).toBeNull()
    expect(altitudeText({ maxAltitudeM: 5644 })).toBe('5,644 m')
    expect(altitudeText({ maxAltitudeM: null })).toBeNull()
    expect(feeText(3000, 'NPR')).toBe('NPR 3,000')
  })
})
