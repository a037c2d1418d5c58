import { beforeAll, describe, expect, it } from 'vitest'
import { booking, paidBooking } from '../../test-fixtures'
import { NO_REFUND_LATE, canCancel, expiresAt, expiryText, formatCountdown, freeCancellationUntil, refundOutlook, refundProgress, statusLine, tripDates } from './trip-status'
import { translate } from '../../i18n/messages'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['bookings']))

const at = (iso: string) => Date.parse(iso)

describe('countdown', () => {
  it('says the time left in at most two units', () => {
    expect(formatCountdown(27 * 3_600_000 + 5 * 60_000)).toBe('1 day 3 hours')
    expect(formatCountdown(48 * 3_600_000)).toBe('2 days')
    expect(formatCountdown(5 * 3_600_000 + 12 * 60_000 + 30_000)).toBe('5 hours 12 minutes')
    expect(formatCountdown(3_600_000)).toBe('1 hour')
    expect(formatCountdown(60_000)).toBe('1 minute')
    expect(formatCountdown(59_000)).toBe('less than a minute')
    expect(expiryText(1000, 1000)).toBe('Expiring now')
    expect(expiryText(at('2026-12-10T12:00:00Z'), at('2026-12-10T10:30:00Z'))).toBe('Expires in 1 hour 30 minutes')
  })
})

describe('expiry', () => {
  it("is the server's expiresAt while a request waits or an approval is unpaid", () => {
    expect(expiresAt(booking('b', { expiresAt: '2026-12-02T00:00:00Z' }))).toBe(at('2026-12-02T00:00:00Z'))
    expect(expiresAt(booking('b', { bookingStatus: 'approved', expiresAt: '2026-12-02T00:00:00Z' }))).toBe(at('2026-12-02T00:00:00Z'))
  })

  it('is nothing once paid or closed', () => {
    expect(expiresAt(paidBooking('b', { expiresAt: '2026-12-02T00:00:00Z' }))).toBeNull()
    expect(expiresAt(booking('b', { bookingStatus: 'rejected', expiresAt: '2026-12-02T00:00:00Z' }))).toBeNull()
    expect(expiresAt(booking('b', { bookingStatus: 'approved' }))).toBeNull()
  })
})

describe('refund before cancelling', () => {
  // 24 hours before 10:00 on 20 December in Kathmandu.
  const until = '2026-12-19T04:15:00Z'
  const trip = paidBooking('b', { selectedDate: '2026-12-20', selectedTime: '10:00', totalAmount: 540, freeCancellationUntil: until })

  it('is the whole amount until freeCancellationUntil', () => {
    expect(freeCancellationUntil(trip)).toBe(at(until))
    expect(refundOutlook(trip, 'tourist', at('2026-12-10T00:00:00Z'))).toEqual({ amount: 540, text: 'You will get $540.00 back' })
    expect(refundOutlook(trip, 'tourist', at(until) - 1)).toEqual({ amount: 540, text: 'You will get $540.00 back' })
  })

  it('is nothing from then on', () => {
    expect(refundOutlook(trip, 'tourist', at(until))).toEqual({ amount: 0, text: translate(NO_REFUND_LATE) })
    expect(translate(NO_REFUND_LATE)).toBe('No refund: less than 24 hours before the trip')
  })

  it('is always in full when the guide cancels, and nothing when nothing was paid', () => {
    expect(refundOutlook(trip, 'guide', at('2026-12-20T04:00:00Z')).text).toBe('The traveller will get $540.00 back in full.')
    expect(refundOutlook(booking('b', { bookingStatus: 'approved' }), 'tourist', 0)).toEqual({ amount: 0, text: 'Nothing to refund: you have not paid for this trip.' })
  })
})

describe('who may cancel', () => {
  it('lets the traveller cancel pending and approved trips, the guide approved ones', () => {
    expect(canCancel(booking('b'), 'tourist')).toBe(true)
    expect(canCancel(booking('b'), 'guide')).toBe(false)
    expect(canCancel(paidBooking('b'), 'guide')).toBe(true)
    for (const bookingStatus of ['rejected', 'expired', 'cancelled', 'completed'] as const) {
      expect(canCancel(booking('b', { bookingStatus }), 'tourist')).toBe(false)
      expect(canCancel(booking('b', { bookingStatus }), 'guide')).toBe(false)
    }
  })
})

describe('status in words', () => {
  const now = at('2026-12-01T08:00:00Z')

  it('says every state', () => {
    expect(statusLine(booking('b', { expiresAt: '2026-12-03T06:00:00Z' }), 'tourist', now).details).toEqual(['Expires in 1 day 22 hours (3 Dec 2026, 11:45 GMT+5:45).'])
    expect(statusLine(booking('b', { bookingStatus: 'approved', expiresAt: '2026-12-02T08:00:00Z' }), 'tourist', now).title).toBe('Approved: pay by 2 Dec 2026, 13:45 GMT+5:45')
    expect(statusLine(paidBooking('b', { freeCancellationUntil: '2026-12-19T04:15:00Z' }), 'tourist', now).details).toEqual([
      'Free cancellation until 19 Dec 2026, 10:00 GMT+5:45.',
    ])
    expect(statusLine(paidBooking('b', { freeCancellationUntil: '2026-11-30T04:15:00Z' }), 'tourist', now).details).toEqual([
      'Less than 24 hours to go: cancelling now refunds nothing.',
    ])
    expect(statusLine(booking('b', { bookingStatus: 'rejected' }), 'tourist', now).title).toBe('Rejected: the guide could not take this trip')
    expect(statusLine(booking('b', { bookingStatus: 'expired' }), 'tourist', now).title).toBe('Expired')
    expect(statusLine(paidBooking('b', { bookingStatus: 'completed' }), 'guide', now).title).toBe('Completed: the trip is over')
  })

  it('says who cancelled, why, and where the refund is', () => {
    const cancelled = paidBooking('b', { bookingStatus: 'cancelled', cancelledBy: 'guide', cancellationReason: 'Knee injury', paymentStatus: 'refund_pending', refundAmount: 540 })
    expect(statusLine(cancelled, 'tourist', now)).toEqual({
      title: 'Cancelled by the guide',
      details: ['Reason: Knee injury', 'Refund pending: $540.00 is on its way back to your card.'],
      tone: 'bad',
    })
    expect(statusLine({ ...cancelled, cancelledBy: 'tourist' }, 'guide', now).title).toBe('Cancelled by the traveller')
    expect(statusLine({ ...cancelled, cancelledBy: 'system' }, 'tourist', now).title).toBe('Cancelled by Yatra')
    expect(refundProgress({ ...cancelled, paymentStatus: 'refunded' }, 'tourist')).toBe('Refunded: $540.00 went back to your card.')
    expect(refundProgress({ ...cancelled, paymentStatus: 'paid', refundAmount: 0 }, 'tourist')).toBe('No refund: cancelled less than 24 hours before the trip.')
    expect(refundProgress(booking('b', { bookingStatus: 'cancelled' }), 'tourist')).toBeNull()
  })

  it('writes a multi-day trip as its first and last day', () => {
    expect(tripDates({ selectedDate: '2026-12-30', endDate: '2027-01-01' })).toBe('Wed, 30 Dec 2026 – Fri, 1 Jan 2027')
    expect(tripDates({ selectedDate: '2026-12-30', endDate: '2026-12-30' })).toBe('Wed, 30 Dec 2026')
  })
})
