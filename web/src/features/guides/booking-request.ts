import { peopleLabel } from '../../lib/booking'
import { formatDollars } from '../../lib/money'

/** Booking modal texts and rules (spec sections 5, 8 and 9). */
export const SELECT_DATE = 'Please select a date'
export const DATE_IN_PAST = 'Date must be today or in the future'
export const LOGIN_TO_BOOK = 'You must be logged in to book a guide'
export const SELECT_TIME = 'Please select a time (HH:MM)'
export const GROUP_SIZE_RANGE = 'Group size must be a whole number from 1 to 20'
export const GUIDES_CANNOT_BOOK = 'Only travellers can book a guide'
export const BOOKING_REQUESTED = 'Booking requested successfully!'

export const GROUP_SIZE_MIN = 1
export const GROUP_SIZE_MAX = 20
export const DEFAULT_BOOKING_TIME = '10:00'
/** The modal closes this long after a successful request. */
export const BOOKING_CLOSE_MS = 2000

export type BookingDraft = {
  /** `YYYY-MM-DD` from the date input, or empty. */
  date: string
  /** `HH:MM` from the time input, or empty. */
  time: string
  /** As typed: the number input's text. */
  groupSize: string
}

/** The group size as a whole number from 1 to 20, else null. */
export function parseGroupSize(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const size = Number(text)
  return size >= GROUP_SIZE_MIN && size <= GROUP_SIZE_MAX ? size : null
}

/**
 * The first problem with a booking request, in the spec's order (a date, a date from
 * today on, signed in), then the time and group size the server also checks; null when
 * it can be sent. `today` is today's date in Nepal (`YYYY-MM-DD`), since that is where
 * the trips happen: a browser elsewhere may already be, or not yet be, on that day.
 */
export function validateBooking(draft: BookingDraft, today: string, signedIn: boolean): string | null {
  if (draft.date.trim() === '') return SELECT_DATE
  // ISO dates compare as text.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || draft.date < today) return DATE_IN_PAST
  if (!signedIn) return LOGIN_TO_BOOK
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) return SELECT_TIME
  if (parseGroupSize(draft.groupSize) === null) return GROUP_SIZE_RANGE
  return null
}

export type PriceSummary = {
  /** '$45.00' */
  perPerson: string
  /** '2 people' */
  people: string
  /** '$90.00': price per day × group size. */
  total: string
}

/**
 * The pricing summary: the guide's price per day for each person, times the group, with 2
 * decimals. Worked out in cents so that, say, $33.35 × 3 is $100.05 and not $100.04999.
 * The server prices the booking itself; this is what the traveller is told beforehand.
 */
export function priceSummary(pricePerDay: number, groupSize: number): PriceSummary {
  const cents = Math.round(pricePerDay * 100)
  return { perPerson: formatDollars(cents / 100), people: peopleLabel(groupSize), total: formatDollars((cents * groupSize) / 100) }
}
