import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  daysBetween,
  firstUnavailableDay,
  formatDayName,
  formatMonth,
  isBeforeToday,
  isCalendarDay,
  monthRange,
  monthWeeks,
  moveByKey,
  tripDays,
  tripEnd,
} from './calendar'

describe('calendar days', () => {
  it('steps over month, year and leap-day ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3)
  })

  it('knows real days from lookalikes', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true)
    expect(isCalendarDay('2026-02-30')).toBe(false)
    expect(isCalendarDay('26-2-3')).toBe(false)
  })

  it('lists a trip’s days and its last day', () => {
    expect(tripDays('2026-12-30', 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01'])
    expect(tripEnd('2026-12-30', 3)).toBe('2027-01-01')
    expect(tripEnd('2026-12-30', 1)).toBe('2026-12-30')
    expect(tripDays('2026-12-30', 30)).toHaveLength(30)
  })

  it('finds the first unavailable day a trip would cross', () => {
    const busy = new Set(['2026-12-12', '2026-12-14'])
    expect(firstUnavailableDay('2026-12-10', 2, busy)).toBeNull()
    expect(firstUnavailableDay('2026-12-10', 3, busy)).toBe('2026-12-12')
    expect(firstUnavailableDay('2026-12-13', 5, busy)).toBe('2026-12-14')
    expect(firstUnavailableDay('2026-12-12', 1, busy)).toBe('2026-12-12')
    expect(firstUnavailableDay('2026-12-15', 30, busy)).toBeNull()
  })
})

describe('months', () => {
  it('moves by months across years and gives their first and last day', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(monthRange('2026-04')).toEqual({ from: '2026-04-01', to: '2026-04-30' })
  })

  it('lays a month out in Monday-first weeks with blanks around it', () => {
    // 1 December 2026 is a Tuesday; the 31st a Thursday.
    const weeks = monthWeeks('2026-12')
    expect(weeks[0]).toEqual([null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'])
    expect(weeks.at(-1)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null])
    expect(weeks.flat().filter(Boolean)).toHaveLength(31)
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthWeeks('2027-02')).toHaveLength(4)
  })

  it('names months and days in words', () => {
    expect(formatMonth('2026-12')).toBe('December 2026')
    expect(formatDayName('2026-12-12')).toBe('Saturday, 12 December 2026')
  })
})

describe('keyboard moves in the grid', () => {
  it('moves by a day, a week, to the week’s ends and by a month', () => {
    expect(moveByKey('2026-12-10', 'ArrowRight')).toBe('2026-12-11')
    expect(moveByKey('2026-12-01', 'ArrowLeft')).toBe('2026-11-30')
    expect(moveByKey('2026-12-10', 'ArrowDown')).toBe('2026-12-17')
    expect(moveByKey('2026-12-03', 'ArrowUp')).toBe('2026-11-26')
    // Thursday 10 December: Monday the 7th, Sunday the 13th.
    expect(moveByKey('2026-12-10', 'Home')).toBe('2026-12-07')
    expect(moveByKey('2026-12-10', 'End')).toBe('2026-12-13')
    expect(moveByKey('2026-12-10', 'PageDown')).toBe('2027-01-10')
    expect(moveByKey('2026-03-31', 'PageUp')).toBe('2026-02-28')
    expect(moveByKey('2026-12-10', 'a')).toBeNull()
  })
})

describe('isBeforeToday', () => {
  it('is true only for a whole day before today', () => {
    expect(isBeforeToday('2026-11-27', '2026-11-28')).toBe(true)
    expect(isBeforeToday('2020-01-01', '2026-11-28')).toBe(true)
    expect(isBeforeToday('2026-11-28', '2026-11-28')).toBe(false)
    expect(isBeforeToday('2026-12-01', '2026-11-28')).toBe(false)
    expect(isBeforeToday('', '2026-11-28')).toBe(false)
    expect(isBeforeToday('0002-11-28', '2026-11-28')).toBe(true)
  })
})
