import { beforeAll, describe, expect, it } from 'vitest'
import { booking, paidBooking } from '../../test-fixtures'
import { groupRequests, groupTrips } from './booking-groups'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['bookings']))

describe('groupTrips', () => {
  const today = '2026-12-10'

  it('puts each booking where it stands', () => {
    const trips = [
      booking('waiting'),
      booking('to-pay', { bookingStatus: 'approved' }),
      paidBooking('upcoming', { selectedDate: '2026-12-20' }),
      paidBooking('today', { selectedDate: today }),
      paidBooking('past', { selectedDate: '2026-11-01' }),
      paidBooking('still-on', { selectedDate: '2026-12-08', days: 5 }),
      paidBooking('done', { bookingStatus: 'completed', selectedDate: '2026-10-01' }),
      booking('declined', { bookingStatus: 'rejected' }),
      booking('lapsed', { bookingStatus: 'expired', selectedDate: '2026-11-20' }),
      paidBooking('called-off', { bookingStatus: 'cancelled', paymentStatus: 'refund_pending' }),
    ]
    const groups = groupTrips(trips, today)
    const ids = Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.map((b) => b._id)]))
    expect(ids).toEqual({
      awaiting: ['waiting'],
      toPay: ['to-pay'],
      upcoming: ['still-on', 'today', 'upcoming'],
      past: ['past', 'done'],
      cancelled: ['called-off'],
      closed: ['declined', 'lapsed'],
    })
  })

  it('orders coming trips soonest first and past ones latest first, by date then time', () => {
    const groups = groupTrips(
      [
        paidBooking('late', { selectedDate: '2026-12-20', selectedTime: '14:00' }),
        paidBooking('early', { selectedDate: '2026-12-20', selectedTime: '07:30' }),
        paidBooking('first', { selectedDate: '2026-12-11' }),
        paidBooking('long-ago', { selectedDate: '2025-05-01' }),
        paidBooking('recent', { selectedDate: '2026-12-01' }),
      ],
      today,
    )
    expect(groups.upcoming.map((b) => b._id)).toEqual(['first', 'early', 'late'])
    expect(groups.past.map((b) => b._id)).toEqual(['recent', 'long-ago'])
  })

  it('gives empty groups for no bookings', () => {
    expect(groupTrips([], today)).toEqual({ awaiting: [], toPay: [], upcoming: [], past: [], cancelled: [], closed: [] })
  })
})

describe('groupRequests', () => {
  it("sorts a guide's requests by where they stand", () => {
    const groups = groupRequests(
      [
        booking('a'),
        booking('b', { bookingStatus: 'approved' }),
        booking('c'),
        booking('d', { bookingStatus: 'rejected' }),
        booking('e', { bookingStatus: 'expired' }),
        booking('f', { bookingStatus: 'cancelled' }),
        paidBooking('g', { bookingStatus: 'completed' }),
      ],
      '2026-12-10',
    )
    const ids = Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.map((b) => b._id)]))
    expect(ids).toEqual({ pending: ['a', 'c'], approved: ['b'], completed: ['g'], cancelled: ['f'], closed: ['d', 'e'] })
  })

  it('lists approved trips coming first, soonest first, then past ones latest first', () => {
    const approved = (id: string, selectedDate: string) => booking(id, { bookingStatus: 'approved', selectedDate })
    const groups = groupRequests([approved('old', '2025-01-01'), approved('later', '2027-01-01'), approved('recent', '2026-12-01'), approved('next', '2026-12-10')], '2026-12-10')
    expect(groups.approved.map((b) => b._id)).toEqual(['next', 'later', 'recent', 'old'])
  })
})
