import type { Destination } from '../../lib/list-destinations'
import { searchPath } from '../../lib/search-url'

/** The 'Plan your trip' panel's fixed figures (spec section 9): shown, not calculated. */
export const TRIP_PRICE = { base: 120, guideFee: 40, total: 160 } as const
export const VISITOR_OPTIONS = ['1 Person', '2 People', '3 People', '4+ People'] as const
export const CANCELLATION_NOTE = 'Free cancellation up to 24 hours before your trip'
/** What the note promises, as the server keeps it (issue 11): a full refund, then none. */
export const CANCELLATION_POLICY =
  'Cancel a paid trip from your dashboard at least 24 hours before it starts (Nepal time) and the whole amount goes back to your card; later, nothing is refunded. If your guide cancels, you always get it all back.'
export const BEST_TIME_TO_VISIT = 'March to May and September to November'
export const HIGHLIGHTS = ['Mountain views', 'Local cultural experiences', 'Guided hiking trails', 'Authentic local cuisine'] as const

/** The town of a location such as 'Pokhara, Gandaki Province': the part guides' addresses name. */
export function townOf(location: string): string {
  return location.split(',')[0].trim()
}

/**
 * Where 'Book This Trip' leads: guides near the destination's point, or, when it has none,
 * guides whose address names its town.
 */
export function guidesNearPath(destination: Pick<Destination, 'name' | 'location' | 'coordinates'>): string {
  if (destination.coordinates) return searchPath({ near: destination.coordinates, place: destination.name })
  return searchPath({ place: townOf(destination.location) || destination.name })
}

/** The description's paragraphs: separated by blank lines. */
export function paragraphs(description: string): string[] {
  return description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}
