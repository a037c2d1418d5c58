import { msg } from '../../i18n/messages'
import type { Destination } from '../../lib/list-destinations'
import { searchPath } from '../../lib/search-url'
import type { Permit } from '../../lib/trek-facts'

/** The 'Plan your trip' panel's fixed figures (spec section 9): shown, not calculated. */
export const TRIP_PRICE = { base: 120, guideFee: 40, total: 160 } as const
// Text ids: the page shows them with `t`.
export const VISITOR_OPTIONS = [msg('destinations.visitors1'), msg('destinations.visitors2'), msg('destinations.visitors3'), msg('destinations.visitors4')] as const
export const CANCELLATION_NOTE = msg('destinations.cancellationNote')
/** What the note promises, as the server keeps it (issue 11): a full refund, then none. */
export const CANCELLATION_POLICY = msg('destinations.cancellationPolicy')
export const BEST_TIME_TO_VISIT = msg('destinations.bestTimeToVisit')
export const HIGHLIGHTS = [msg('destinations.highlight1'), msg('destinations.highlight2'), msg('destinations.highlight3'), msg('destinations.highlight4')] as const

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

/** Who pays which fee: SAARC citizens pay `saarcFeeNpr` where a permit has one (issue 15). */
export type Nationality = 'foreign' | 'saarc'
export const NATIONALITY_OPTIONS: readonly { value: Nationality; label: string }[] = [
  { value: 'foreign', label: msg('trek.foreign') },
  { value: 'saarc', label: msg('trek.saarc') },
]

/** The number of people a visitor option stands for ('4+ People' counts as four). */
export function visitorCount(option: string): number {
  const index = (VISITOR_OPTIONS as readonly string[]).indexOf(option)
  return index < 0 ? 1 : index + 1
}

export type PermitCost = {
  name: string
  /** Rupees for the whole group, or null when the permit is priced in dollars. */
  npr: number | null
  usd: number | null
  /** How many entries, weeks or days were counted per person. */
  units: number
  per: Permit['per']
  note: string
}

export type PermitTotals = { lines: PermitCost[]; npr: number; usd: number }

/**
 * Adds up the permits for `visitors` people of one nationality group on a trip of `days`
 * days: a fee per entry counts once, per week once for each week begun, per day each day.
 * A SAARC citizen pays the SAARC fee where there is one, else the foreigners' fee.
 */
export function permitTotals(permits: readonly Permit[], { visitors, nationality, days }: { visitors: number; nationality: Nationality; days: number }): PermitTotals {
  const people = Math.max(1, Math.floor(visitors))
  const tripDays = Math.max(1, Math.floor(days))
  const lines = permits.map((permit): PermitCost => {
    const units = permit.per === 'entry' ? 1 : permit.per === 'week' ? Math.ceil(tripDays / 7) : tripDays
    const rupees = nationality === 'saarc' ? (permit.saarcFeeNpr ?? permit.feeNpr) : permit.feeNpr
    return {
      name: permit.name,
      npr: rupees == null ? null : rupees * units * people,
      usd: permit.feeUsd == null ? null : permit.feeUsd * units * people,
      units,
      per: permit.per,
      note: permit.note,
    }
  })
  return {
    lines,
    npr: lines.reduce((sum, line) => sum + (line.npr ?? 0), 0),
    usd: lines.reduce((sum, line) => sum + (line.usd ?? 0), 0),
  }
}

/** The quote endpoint's name for each nationality choice of the panel. */
export const QUOTE_NATIONALITY = { foreign: 'other', saarc: 'saarc' } as const satisfies Record<Nationality, 'other' | 'saarc'>

/** How many of a destination's tours the panel prices at once: the cheapest few. */
export const PRICED_TOURS = 3

/** The chosen visit date when it can start a trip (`YYYY-MM-DD`, today or later), else none. */
export function tripStart(date: string, today: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today ? date : undefined
}

/**
 * Where 'Book This Trip' leads on a destination with tours: straight to the tour when only
 * one fits the choice, else the tours list filtered as the panel is (the list reads these
 * parameters from its address).
 */
export function bookTourPath({
  destinationId,
  start,
  visitors,
  tours,
}: {
  destinationId: string
  start?: string
  visitors: number
  tours: { total: number; firstId?: string }
}): string {
  if (tours.total === 1 && tours.firstId) return `/tours/${tours.firstId}`
  const params = new URLSearchParams({ destination: destinationId })
  if (start) params.set('availableOn', start)
  params.set('groupSize', String(visitors))
  return `/tours?${params.toString()}`
}
