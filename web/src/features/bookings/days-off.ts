import { bookingState, type Booking } from '../../lib/booking'
import { tripDays } from '../../lib/calendar'
import { translate } from '../../i18n/messages'

/** Every day of the guide's approved trips (paid or not): they cannot be taken as days off. */
export function takenDays(trips: Pick<Booking, 'bookingStatus' | 'selectedDate' | 'days'>[]): Set<string> {
  const days = new Set<string>()
  for (const trip of trips) if (bookingState(trip) === 'approved') for (const day of tripDays(trip.selectedDate, trip.days)) days.add(day)
  return days
}

/** The blocked days with `day` blocked if it was free, freed if it was blocked. */
export function toggleDay(blocked: ReadonlySet<string>, day: string): Set<string> {
  const next = new Set(blocked)
  if (next.has(day)) next.delete(day)
  else next.add(day)
  return next
}

/** 'No days off.' / '1 day off.' / '4 days off.' */
export function daysOffSummary(count: number): string {
  return translate('bookings.daysOffCount', { count })
}
