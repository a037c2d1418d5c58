import { daysLabel, formatTripDate, peopleLabel } from '../../../lib/booking'
import { firstUnavailableDay } from '../../../lib/calendar'
import { formatDollars } from '../../../lib/money'
import { msg, translate } from '../../../i18n/messages'

/** The guide a booking is asked of, as their page shows them. */
export type BookableGuide = { guideId: string; firstName: string; lastName: string; pricePerDay: number | null }

/** Booking modal texts and rules (spec sections 5, 8 and 9). */
export const SELECT_DATE = msg('guides.selectDate')
export const DATE_IN_PAST = msg('guides.dateInPast')
export const LOGIN_TO_BOOK = msg('guides.loginToBook')
export const SELECT_TIME = msg('guides.selectTime')
export const GROUP_SIZE_RANGE = msg('guides.groupSizeRange')
export const GUIDES_CANNOT_BOOK = msg('guides.guidesCannotBook')
export const BOOKING_REQUESTED = msg('guides.bookingRequested')
export const DAYS_RANGE = msg('guides.daysRange')
export const MESSAGE_TOO_LONG = msg('guides.messageTooLong')

/** The guide is busy on `day`, so a trip over it cannot be asked for. */
export function unavailableText(day: string): string {
  return translate('guides.unavailableOn', { date: formatTripDate(day) })
}

export const GROUP_SIZE_MIN = 1
export const GROUP_SIZE_MAX = 20
export const DAYS_MIN = 1
export const DAYS_MAX = 30
export const MESSAGE_MAX = 1000
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
  /** The trip's length as typed. */
  days: string
  /** To the guide; may be empty. */
  message: string
}

function wholeNumberIn(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const value = Number(text)
  return value >= min && value <= max ? value : null
}

/** The group size as a whole number from 1 to 20, else null. */
export const parseGroupSize = (text: string) => wholeNumberIn(text, GROUP_SIZE_MIN, GROUP_SIZE_MAX)

/** The trip's length as a whole number of days from 1 to 30, else null. */
export const parseDays = (text: string) => wholeNumberIn(text, DAYS_MIN, DAYS_MAX)

/** Characters as people count them (an emoji is one), as the server counts them. */
export const messageLength = (text: string) => [...text].length

/**
 * The first problem with a booking request, in the spec's order (a date, a date from
 * today on, signed in), then the time and group size the server also checks; null when
 * it can be sent. `today` is today's date in Nepal (`YYYY-MM-DD`), since that is where
 * the trips happen: a browser elsewhere may already be, or not yet be, on that day.
 */
export function validateBooking(draft: BookingDraft, today: string, signedIn: boolean, unavailable: ReadonlySet<string> = new Set()): string | null {
  if (draft.date.trim() === '') return SELECT_DATE
  // ISO dates compare as text.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || draft.date < today) return DATE_IN_PAST
  if (!signedIn) return LOGIN_TO_BOOK
  const days = parseDays(draft.days)
  if (days === null) return DAYS_RANGE
  const busy = firstUnavailableDay(draft.date, days, unavailable)
  if (busy) return unavailableText(busy)
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) return SELECT_TIME
  if (parseGroupSize(draft.groupSize) === null) return GROUP_SIZE_RANGE
  if (messageLength(draft.message) > MESSAGE_MAX) return MESSAGE_TOO_LONG
  return null
}

export type PriceSummary = {
  /** '$45.00' */
  perPerson: string
  /** '2 people' */
  people: string
  /** '3 days' */
  days: string
  /** '$270.00': price per day × group size × days. */
  total: string
}

/**
 * The pricing summary: the guide's price per day for each person, times the group, times
 * the days, with 2 decimals. Worked out in cents so that, say, $33.35 × 3 is $100.05 and
 * not $100.04999. The server prices the booking itself; this is what the traveller is
 * told beforehand, through `show` (the traveller's display currency).
 */
export function priceSummary(pricePerDay: number, groupSize: number, days = 1, show: (usd: number) => string = formatDollars): PriceSummary {
  const cents = Math.round(pricePerDay * 100)
  return { perPerson: show(cents / 100), people: peopleLabel(groupSize), days: daysLabel(days), total: show((cents * groupSize * days) / 100) }
}
