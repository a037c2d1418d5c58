import type { Departure } from './api/tours'

/** The most seats one booking takes (the server's group limit for a booking). */
export const SEATS_PER_BOOKING_MAX = 20

/**
 * Where a departure stands for a traveller at `now` (epoch ms): whether it still takes
 * bookings, and whether it runs already or needs more paid travellers.
 */
export type DepartureState = { open: boolean } & ({ kind: 'confirmed' } | { kind: 'needs'; more: number } | { kind: 'full' } | { kind: 'closed' })

export function departureState(departure: Departure, now: number): DepartureState {
  const closed = Date.parse(departure.bookableUntil) <= now
  if (closed) return { open: false, kind: 'closed' }
  if (departure.seatsLeft <= 0) return { open: false, kind: 'full' }
  if (departure.confirmed) return { open: true, kind: 'confirmed' }
  return { open: true, kind: 'needs', more: Math.max(1, departure.minToRun - departure.seatsPaid) }
}

/** The seat counts a traveller can pick: 1 to what is left, at most one booking's worth. */
export function seatChoices(departure: Departure): number[] {
  const most = Math.max(0, Math.min(departure.seatsLeft, SEATS_PER_BOOKING_MAX))
  return Array.from({ length: most }, (_, i) => i + 1)
}
