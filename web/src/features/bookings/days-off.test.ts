import { beforeAll, describe, expect, it } from 'vitest'
import { daysOffSummary, takenDays, toggleDay } from './days-off'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['bookings']))

describe('days off', () => {
  it('takes every day of approved trips, and no day of other ones', () => {
    const taken = takenDays([
      { bookingStatus: 'approved', selectedDate: '2026-12-30', days: 3 },
      { bookingStatus: 'approved', selectedDate: '2026-12-20', days: 1 },
      { bookingStatus: 'pending', selectedDate: '2026-12-24', days: 2 },
      { bookingStatus: 'cancelled', selectedDate: '2026-12-26', days: 2 },
    ])
    expect([...taken].sort()).toEqual(['2026-12-20', '2026-12-30', '2026-12-31', '2027-01-01'])
  })

  it('blocks a free day and frees a blocked one, leaving the given set alone', () => {
    const blocked = new Set(['2026-12-12'])
    expect([...toggleDay(blocked, '2026-12-13')].sort()).toEqual(['2026-12-12', '2026-12-13'])
    expect([...toggleDay(blocked, '2026-12-12')]).toEqual([])
    expect([...blocked]).toEqual(['2026-12-12'])
  })

  it('counts days off in words', () => {
    expect(daysOffSummary(0)).toBe('No days off.')
    expect(daysOffSummary(1)).toBe('1 day off.')
    expect(daysOffSummary(4)).toBe('4 days off.')
  })
})
