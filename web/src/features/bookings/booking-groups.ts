import { bookingState, isPaid, type Booking } from '../../lib/booking'

/** A traveller's bookings by where they stand, each group in the order it is best read. */
export type TripGroups<B> = {
  /** Waiting for the guide's answer, soonest trip first. */
  awaiting: B[]
  /** Approved and not paid yet: to pay, soonest first. */
  toPay: B[]
  /** Paid, today or later, soonest first. */
  upcoming: B[]
  /** Paid and over, latest first. */
  past: B[]
  /** Declined by the guide, latest trip first. */
  declined: B[]
}

type Dated = Pick<Booking, 'selectedDate' | 'selectedTime' | 'bookingStatus' | 'paymentStatus'>

const soonestFirst = (a: Dated, b: Dated) => (a.selectedDate + a.selectedTime).localeCompare(b.selectedDate + b.selectedTime)
const latestFirst = (a: Dated, b: Dated) => soonestFirst(b, a)

/** Groups a traveller's bookings for the dashboard; `today` is Nepal's date, `YYYY-MM-DD`. */
export function groupTrips<B extends Dated>(bookings: B[], today: string): TripGroups<B> {
  const groups: TripGroups<B> = { awaiting: [], toPay: [], upcoming: [], past: [], declined: [] }
  for (const booking of bookings) {
    const state = bookingState(booking)
    if (state === 'rejected') groups.declined.push(booking)
    else if (state === 'pending') groups.awaiting.push(booking)
    else if (!isPaid(booking)) groups.toPay.push(booking)
    else if (booking.selectedDate >= today) groups.upcoming.push(booking)
    else groups.past.push(booking)
  }
  groups.awaiting.sort(soonestFirst)
  groups.toPay.sort(soonestFirst)
  groups.upcoming.sort(soonestFirst)
  groups.past.sort(latestFirst)
  groups.declined.sort(latestFirst)
  return groups
}

/**
 * A guide's requests by the guide's answer (spec: Pending, Approved, Rejected). Pending and
 * Rejected keep the server's order (newest request first); Approved trips read like a
 * diary: the coming ones soonest first, then the past ones latest first.
 */
export function groupRequests<B extends Dated>(bookings: B[], today: string): Record<'pending' | 'approved' | 'rejected', B[]> {
  const groups: Record<'pending' | 'approved' | 'rejected', B[]> = { pending: [], approved: [], rejected: [] }
  for (const booking of bookings) groups[bookingState(booking)].push(booking)
  const coming = groups.approved.filter((b) => b.selectedDate >= today).sort(soonestFirst)
  const past = groups.approved.filter((b) => b.selectedDate < today).sort(latestFirst)
  groups.approved = [...coming, ...past]
  return groups
}
