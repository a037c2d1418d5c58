import { describe, expect, it } from 'vitest'
import { bookingState, formatLongTripDate, formatMoment, formatTripDate, formatTripTime, isPayable, partyName, peopleLabel, todayInNepal } from './booking'

describe('booking formatting', () => {
  it('shows a trip date as the calendar day it is, in any time zone', () => {
    expect(formatTripDate('2026-12-12')).toBe('Sat, 12 Dec 2026')
    expect(formatLongTripDate('2026-12-12')).toBe('Saturday, 12 December 2026')
    expect(formatTripDate('not a date')).toBe('not a date')
  })

  it('counts people and names parties', () => {
    expect(peopleLabel(1)).toBe('1 person')
    expect(peopleLabel(4)).toBe('4 people')
    expect(partyName({ firstName: 'Pemba', lastName: 'Sherpa' })).toBe('Pemba Sherpa')
  })

  it('shows moments in Nepal time', () => {
    expect(formatMoment('2026-12-12T08:20:00Z')).toBe('12 Dec 2026, 14:05 GMT+5:45')
  })

  it("writes times of day in the reader's digits", () => {
    expect(formatTripTime('10:00')).toBe('10:00')
    expect(formatTripTime('07:30')).toBe('07:30')
    expect(formatTripTime('noon')).toBe('noon')
    localStorage.setItem('yatra.language', 'ne')
    try {
      expect(formatTripTime('10:00')).toBe('१०:००')
      expect(formatTripTime('17:45')).toBe('१७:४५')
      expect(formatMoment('2026-12-12T08:20:00Z')).not.toMatch(/[0-9]/)
      localStorage.setItem('yatra.language', 'ne-latn')
      expect(formatTripTime('17:45')).toBe('17:45')
    } finally {
      localStorage.removeItem('yatra.language')
    }
  })

  it('takes today from Nepal time', () => {
    expect(todayInNepal(new Date('2026-03-01T18:15:00Z'))).toBe('2026-03-02')
  })

  it('reads states: payable only when approved and unpaid', () => {
    expect(bookingState({ bookingStatus: 'approved' })).toBe('approved')
    // @ts-expect-error a state from a newer server than this client knows
    expect(bookingState({ bookingStatus: 'something new' })).toBe('pending')
    expect(isPayable({ bookingStatus: 'approved', paymentStatus: 'unpaid' })).toBe(true)
    expect(isPayable({ bookingStatus: 'approved', paymentStatus: 'paid' })).toBe(false)
    expect(isPayable({ bookingStatus: 'pending', paymentStatus: 'unpaid' })).toBe(false)
    expect(isPayable({ bookingStatus: 'rejected', paymentStatus: 'unpaid' })).toBe(false)
  })
})
