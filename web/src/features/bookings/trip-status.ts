import { bookingState, formatMoment, formatTripDate, paymentState, type Booking } from '../../lib/booking'
import { formatDollars } from '../../lib/money'

/** Who is looking at a booking: its traveller or its guide. */
export type Viewer = 'tourist' | 'guide'

export const NO_REFUND_LATE = 'No refund: less than 24 hours before the trip'

/** 'Sat, 12 Dec 2026' for a day trip, 'Sat, 12 Dec 2026 – Mon, 14 Dec 2026' for longer ones. */
export function tripDates(booking: Pick<Booking, 'selectedDate' | 'endDate'>): string {
  const end = booking.endDate
  return end === booking.selectedDate ? formatTripDate(booking.selectedDate) : `${formatTripDate(booking.selectedDate)} – ${formatTripDate(end)}`
}

/** An RFC 3339 instant in ms, or null for none or an unreadable one. */
function instant(iso: string | null): number | null {
  const at = iso ? Date.parse(iso) : Number.NaN
  return Number.isNaN(at) ? null : at
}

/**
 * When a pending request or an approved, unpaid booking lapses, as the server worked it out
 * (48 hours after the request or the start of its first day in Nepal, whichever is first;
 * 24 hours after approval). Null when nothing lapses.
 */
export function expiresAt(booking: Pick<Booking, 'bookingStatus' | 'paymentStatus' | 'expiresAt'>): number | null {
  const state = bookingState(booking)
  const lapsing = state === 'pending' || (state === 'approved' && paymentState(booking) === 'unpaid')
  return lapsing ? instant(booking.expiresAt) : null
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Time left in words, two units at most: '1 day 3 hours', '5 hours 12 minutes', '12 minutes'. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return 'now'
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return 'less than a minute'
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day')
  if (hours > 0) return mins > 0 ? `${unit(hours, 'hour')} ${unit(mins, 'minute')}` : unit(hours, 'hour')
  return unit(mins, 'minute')
}

/** 'Expires in 1 day 3 hours' / 'Expiring now'. */
export function expiryText(at: number, now: number): string {
  return at <= now ? 'Expiring now' : `Expires in ${formatCountdown(at - now)}`
}

/** Until when a paid trip cancels with a full refund (24 hours before it starts in Nepal, as the server says). */
export function freeCancellationUntil(booking: Pick<Booking, 'freeCancellationUntil'>): number | null {
  return instant(booking.freeCancellationUntil)
}

/** Who may cancel: the traveller until the trip is over or closed, the guide once they said yes. */
export function canCancel(booking: Pick<Booking, 'bookingStatus'>, viewer: Viewer): boolean {
  const state = bookingState(booking)
  return state === 'approved' || (viewer === 'tourist' && state === 'pending')
}

export type RefundOutlook = { amount: number; text: string }

/**
 * What cancelling now does to the money, said before the confirmation: a full refund
 * while free cancellation lasts (or always, when the guide cancels), none after it, and
 * nothing to refund when nothing was paid.
 */
export function refundOutlook(
  booking: Pick<Booking, 'paymentStatus' | 'totalAmount' | 'freeCancellationUntil'>,
  viewer: Viewer,
  now: number,
): RefundOutlook {
  if (paymentState(booking) !== 'paid')
    return { amount: 0, text: viewer === 'tourist' ? 'Nothing to refund: you have not paid for this trip.' : 'Nothing to refund: the traveller has not paid yet.' }
  const full = formatDollars(booking.totalAmount)
  if (viewer === 'guide') return { amount: booking.totalAmount, text: `The traveller will get ${full} back in full.` }
  const until = freeCancellationUntil(booking)
  if (until !== null && now < until) return { amount: booking.totalAmount, text: `You will get ${full} back` }
  return { amount: 0, text: NO_REFUND_LATE }
}

const CANCELLED_BY: Record<Viewer, Record<NonNullable<Booking['cancelledBy']>, string>> = {
  tourist: { tourist: 'you', guide: 'the guide', admin: 'Yatra support', system: 'Yatra' },
  guide: { tourist: 'the traveller', guide: 'you', admin: 'Yatra support', system: 'Yatra' },
}

export type StatusLine = { title: string; details: string[]; tone: 'wait' | 'good' | 'bad' | 'quiet' }

/** Where a booking stands, in words, as its traveller or its guide reads it. */
export function statusLine(booking: Booking, viewer: Viewer, now: number): StatusLine {
  const state = bookingState(booking)
  const pay = paymentState(booking)
  const at = (ms: number) => formatMoment(new Date(ms).toISOString())
  switch (state) {
    case 'pending': {
      const lapses = expiresAt(booking)
      const details = lapses === null ? [] : [`${expiryText(lapses, now)} (${at(lapses)}).`]
      const title = viewer === 'tourist' ? 'Pending: waiting for the guide’s answer' : 'Pending: waiting for your answer'
      return { title, details, tone: 'wait' }
    }
    case 'approved': {
      if (pay === 'paid') {
        const until = freeCancellationUntil(booking)
        const details =
          until !== null && now < until
            ? [`Free cancellation until ${at(until)}.`]
            : viewer === 'tourist'
              ? ['Less than 24 hours to go: cancelling now refunds nothing.']
              : []
        return { title: 'Approved and paid: the trip is confirmed', details, tone: 'good' }
      }
      const lapses = expiresAt(booking)
      if (viewer === 'tourist')
        return lapses === null
          ? { title: 'Approved: pay to confirm the trip', details: [], tone: 'wait' }
          : { title: `Approved: pay by ${at(lapses)}`, details: ['Unpaid, it expires then and the days go back to the guide.'], tone: 'wait' }
      return { title: 'Approved: waiting for the traveller to pay', details: lapses === null ? [] : [`Unpaid, it expires ${at(lapses)}.`], tone: 'wait' }
    }
    case 'rejected':
      return { title: viewer === 'tourist' ? 'Rejected: the guide could not take this trip' : 'Rejected by you', details: [], tone: 'bad' }
    case 'expired':
      return {
        title: 'Expired',
        details: [viewer === 'tourist' ? 'The guide did not answer, or the trip was not paid, in time. Nothing was charged.' : 'It was not answered, or not paid, in time.'],
        tone: 'quiet',
      }
    case 'cancelled': {
      const who = booking.cancelledBy ? CANCELLED_BY[viewer][booking.cancelledBy] : undefined
      const reason = booking.cancellationReason?.trim()
      const refund = refundProgress(booking, viewer)
      return {
        title: who ? `Cancelled by ${who}` : 'Cancelled',
        details: [...(reason ? [`Reason: ${reason}`] : []), ...(refund ? [refund] : [])],
        tone: 'bad',
      }
    }
    case 'completed':
      return { title: 'Completed: the trip is over', details: [], tone: 'good' }
  }
}

/** Where the money of a cancelled trip stands: on its way back, back, or kept. */
export function refundProgress(booking: Pick<Booking, 'paymentStatus' | 'refundAmount' | 'totalAmount'>, viewer: Viewer): string | null {
  const amount = formatDollars(booking.refundAmount ?? booking.totalAmount)
  const whose = viewer === 'tourist' ? 'your' : 'the traveller’s'
  switch (paymentState(booking)) {
    case 'refund_pending':
      return `Refund pending: ${amount} is on its way back to ${whose} card.`
    case 'refunded':
      return `Refunded: ${amount} went back to ${whose} card.`
    case 'paid':
      return 'No refund: cancelled less than 24 hours before the trip.'
    default:
      return null
  }
}
