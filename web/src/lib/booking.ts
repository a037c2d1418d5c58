import { translate } from '../i18n/messages'
import type { components } from './api-schema'
import { localDateFormat, localDigits } from './intl-formats'
import { personName } from './person-name'

/** A booking as every booking answer carries it (the traveller's, the guide's, a checkout's). */
export type Booking = components['schemas']['Booking']
export type BookingParty = components['schemas']['Party']

/** Where bookings are dated: "today" for a trip is the date in Nepal (DESIGN.md). */
export const NEPAL_TIME_ZONE = 'Asia/Kathmandu'

const ymdInNepal = new Intl.DateTimeFormat('en-CA', { timeZone: NEPAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** Today's date in Nepal as `YYYY-MM-DD`, whatever the browser's own time zone. */
export function todayInNepal(now: Date = new Date()): string {
  const parts = Object.fromEntries(ymdInNepal.formatToParts(now).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** The month of a `YYYY-MM-DD` date, `YYYY-MM`. */
export const monthOf = (ymd: string) => ymd.slice(0, 7)

// A calendar date has no time zone: read and write it as UTC so no browser shifts the day.
const TRIP_DATE: Intl.DateTimeFormatOptions = { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
const LONG_TRIP_DATE: Intl.DateTimeFormatOptions = { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }

function parseYmd(ymd: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd)
  if (!match) return null
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return Number.isNaN(date.getTime()) ? null : date
}

/** A trip's date as people read it, e.g. 'Sat, 12 Dec 2026'; anything unreadable is shown as sent. */
export function formatTripDate(ymd: string): string {
  const date = parseYmd(ymd)
  return date ? localDateFormat(TRIP_DATE).format(date) : ymd
}

/** The long form, e.g. 'Saturday, 12 December 2026', for summaries and receipts. */
export function formatLongTripDate(ymd: string): string {
  const date = parseYmd(ymd)
  return date ? localDateFormat(LONG_TRIP_DATE).format(date) : ymd
}

// A time of day on the 24-hour clock Nepal and the spec write ('10:00'), in the reader's digits.
const TIME_OF_DAY: Intl.DateTimeFormatOptions = { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }

/** A trip's start time ('HH:MM') as people read it: '10:00', in Nepali '१०:००'; anything unreadable is shown as sent. */
export function formatTripTime(hhmm: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm)
  if (!match) return hhmm
  return localDateFormat(TIME_OF_DAY).format(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])))
}

/** '1 person' or '3 people'. */
export function peopleLabel(count: number): string {
  return translate('common.people', { count })
}

/** '1 day' or '3 days'. */
export function daysLabel(days: number): string {
  return translate('common.days', { count: days })
}

/** 'Pemba Sherpa': a party's full name ('Deleted user' in the reader's language once deleted). */
export function partyName(party: Pick<BookingParty, 'firstName' | 'lastName'>): string {
  return personName(party)
}

const MOMENT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: NEPAL_TIME_ZONE, timeZoneName: 'short' }

/** An instant (RFC 3339) in Nepal time, e.g. '12 Dec 2026, 14:05 GMT+5:45'. */
export function formatMoment(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  // The FormatJS polyfill (Nepali on Chromium) writes the zone's offset in Latin digits.
  return localDateFormat(MOMENT)
    .formatToParts(date)
    .map((part) => (part.type === 'timeZoneName' ? localDigits(part.value) : part.value))
    .join('')
}

export type BookingState = 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled' | 'completed'
export type PaymentState = 'unpaid' | 'paid' | 'refund_pending' | 'refunded'

const BOOKING_STATES: readonly string[] = ['pending', 'approved', 'rejected', 'expired', 'cancelled', 'completed']
const PAYMENT_STATES: readonly string[] = ['unpaid', 'paid', 'refund_pending', 'refunded']

/** Where the booking stands; anything unknown reads as still waiting. */
export function bookingState(booking: Pick<Booking, 'bookingStatus'>): BookingState {
  return BOOKING_STATES.includes(booking.bookingStatus) ? (booking.bookingStatus as BookingState) : 'pending'
}

/** Where its money stands; anything unknown reads as not paid. */
export function paymentState(booking: Pick<Booking, 'paymentStatus'>): PaymentState {
  return PAYMENT_STATES.includes(booking.paymentStatus) ? (booking.paymentStatus as PaymentState) : 'unpaid'
}

/** The traveller paid and the money was not given back (a completed trip stays paid). */
export const isPaid = (booking: Pick<Booking, 'paymentStatus'>) => booking.paymentStatus === 'paid'

/** Money was taken at some point: a receipt exists even once it is refunded. */
export const wasPaid = (booking: Pick<Booking, 'paymentStatus'>) => paymentState(booking) !== 'unpaid'

/** Approved and not paid yet: the traveller can pay it now. */
export const isPayable = (booking: Pick<Booking, 'bookingStatus' | 'paymentStatus'>) => bookingState(booking) === 'approved' && paymentState(booking) === 'unpaid'
