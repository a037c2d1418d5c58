import { bookingState, paymentState, type Booking } from '../../lib/booking'

/** A traveller's bookings by where they stand, each group in the order it is best read. */
export type TripGroups<B> = {
  /** Waiting for the guide's answer, soonest trip first. */
  awaiting: B[]
  /** Approved and not paid yet: to pay, soonest first. */
  toPay: B[]
  /** Paid, not over yet, soonest first. */
  upcoming: B[]
  /** Completed, or paid and over, latest first. */
  past: B[]
  /** Cancelled by anyone, latest trip first: their refunds are followed here. */
  cancelled: B[]
  /** Rejected by the guide or expired, latest trip first. */
  closed: B[]
}

type Dated = Pick<Booking, 'selectedDate' | 'selectedTime' | 'bookingStatus' | 'paymentStatus' | 'endDate'>

const soonestFirst = (a: Dated, b: Dated) => (a.selectedDate + a.selectedTime).localeCompare(b.selectedDate + b.selectedTime)
const latestFirst = (a: Dated, b: Dated) => soonestFirst(b, a)

/** Groups a traveller's bookings for the dashboard; `today` is Nepal's date, `YYYY-MM-DD`. */
export function groupTrips<B extends Dated>(bookings: B[], today: string): TripGroups<B> {
  const groups: TripGroups<B> = { awaiting: [], toPay: [], upcoming: [], past: [], cancelled: [], closed: [] }
  for (const booking of bookings) {
    const state = bookingState(booking)
    if (state === 'rejected' || state === 'expired') groups.closed.push(booking)
    else if (state === 'cancelled') groups.cancelled.push(booking)
    else if (state === 'completed') groups.past.push(booking)
    else if (state === 'pending') groups.awaiting.push(booking)
    else if (paymentState(booking) !== 'paid') groups.toPay.push(booking)
    else if (booking.endDate >= today) groups.upcoming.push(booking)
    else groups.past.push(booking)
  }
  groups.awaiting.sort(soonestFirst)
  groups.toPay.sort(soonestFirst)
  groups.upcoming.sort(soonestFirst)
  groups.past.sort(latestFirst)
  groups.cancelled.sort(latestFirst)
  groups.closed.sort(latestFirst)
  return groups
}

export type RequestGroups<B> = Record<'pending' | 'approved' | 'completed' | 'cancelled' | 'closed', B[]>

/**
 * A guide's requests by where they stand: the spec's Pending, Approved and Rejected, with
 * the new ends of a trip beside them (completed, cancelled, and expired with rejected).
 * Pending and the closed ones keep the server's order (newest request first); approved
 * trips read like a diary: the coming ones soonest first, then the past ones latest first.
 */
export function groupRequests<B extends Dated>(bookings: B[], today: string): RequestGroups<B> {
  const groups: RequestGroups<B> = { pending: [], approved: [], completed: [], cancelled: [], closed: [] }
  for (const booking of bookings) {
    const state = bookingState(booking)
    groups[state === 'rejected' || state === 'expired' ? 'closed' : state].push(booking)
  }
  const coming = groups.approved.filter((b) => b.endDate >= today).sort(soonestFirst)
  const past = groups.approved.filter((b) => b.endDate < today).sort(latestFirst)
  groups.approved = [...coming, ...past]
  groups.completed.sort(latestFirst)
  groups.cancelled.sort(latestFirst)
  return groups
}
