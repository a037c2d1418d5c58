import { bookingState, formatMoment, formatTripDate, paymentState, type Booking } from '../../lib/booking'
import { formatDollars } from '../../lib/money'
import { msg, translate } from '../../i18n/messages'

/** Who is looking at a booking: its traveller or its guide. */
export type Viewer = 'tourist' | 'guide'

export const NO_REFUND_LATE = msg('bookings.noRefundLate')

/** 'Sat, 12 Dec 2026' for a day trip, 'Sat, 12 Dec 2026 – Mon, 14 Dec 2026' for longer ones. */
export function tripDates(booking: Pick<Booking, 'selectedDate' | 'endDate'>): string {
  const end = booking.endDate
  return end === booking.selectedDate
    ? formatTripDate(booking.selectedDate)
    : translate('bookings.dateRange', { start: formatTripDate(booking.selectedDate), end: formatTripDate(end) })
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

const unit = (n: number, word: 'days' | 'hours' | 'minutes') => translate(`bookings.${word}`, { count: n })

/** Time left in words, two units at most: '1 day 3 hours', '5 hours 12 minutes', '12 minutes'. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return translate('bookings.now')
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return translate('bookings.lessThanAMinute')
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  if (days > 0) return hours > 0 ? `${unit(days, 'days')} ${unit(hours, 'hours')}` : unit(days, 'days')
  if (hours > 0) return mins > 0 ? `${unit(hours, 'hours')} ${unit(mins, 'minutes')}` : unit(hours, 'hours')
  return unit(mins, 'minutes')
}

/** 'Expires in 1 day 3 hours' / 'Expiring now'. */
export function expiryText(at: number, now: number): string {
  return at <= now ? translate('bookings.expiringNow') : translate('bookings.expiresIn', { time: formatCountdown(at - now) })
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
export function refundOutlook(booking: Pick<Booking, 'paymentStatus' | 'totalAmount' | 'freeCancellationUntil'>, viewer: Viewer, now: number): RefundOutlook {
  if (paymentState(booking) !== 'paid') return { amount: 0, text: viewer === 'tourist' ? translate('bookings.nothingToRefundTourist') : translate('bookings.nothingToRefundGuide') }
  const full = formatDollars(booking.totalAmount)
  if (viewer === 'guide') return { amount: booking.totalAmount, text: translate('bookings.travellerGetsBack', { amount: full }) }
  const until = freeCancellationUntil(booking)
  if (until !== null && now < until) return { amount: booking.totalAmount, text: translate('bookings.youGetBack', { amount: full }) }
  return { amount: 0, text: translate(NO_REFUND_LATE) }
}

const CANCELLED_BY: Record<Viewer, Record<NonNullable<Booking['cancelledBy']>, string>> = {
  tourist: { tourist: 'you', guide: 'guide', admin: 'support', system: 'yatra' },
  guide: { tourist: 'traveller', guide: 'you', admin: 'support', system: 'yatra' },
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
      const details = lapses === null ? [] : [translate('bookings.expiryAt', { expiry: expiryText(lapses, now), at: at(lapses) })]
      const title = viewer === 'tourist' ? translate('bookings.pendingTourist') : translate('bookings.pendingGuide')
      return { title, details, tone: 'wait' }
    }
    case 'approved': {
      if (pay === 'paid') {
        const until = freeCancellationUntil(booking)
        const details =
          until !== null && now < until ? [translate('bookings.freeCancellationUntil', { at: at(until) })] : viewer === 'tourist' ? [translate('bookings.lessThan24Hours')] : []
        return { title: translate('bookings.approvedPaid'), details, tone: 'good' }
      }
      const lapses = expiresAt(booking)
      if (viewer === 'tourist')
        return lapses === null
          ? { title: translate('bookings.approvedPay'), details: [], tone: 'wait' }
          : { title: translate('bookings.approvedPayBy', { at: at(lapses) }), details: [translate('bookings.unpaidExpiresThen')], tone: 'wait' }
      return { title: translate('bookings.approvedWaitingPayment'), details: lapses === null ? [] : [translate('bookings.unpaidExpiresAt', { at: at(lapses) })], tone: 'wait' }
    }
    case 'rejected':
      return { title: viewer === 'tourist' ? translate('bookings.rejectedTourist') : translate('bookings.rejectedGuide'), details: [], tone: 'bad' }
    case 'expired':
      return {
        title: translate('bookings.expired'),
        details: [viewer === 'tourist' ? translate('bookings.expiredTourist') : translate('bookings.expiredGuide')],
        tone: 'quiet',
      }
    case 'cancelled': {
      const who = booking.cancelledBy ? CANCELLED_BY[viewer][booking.cancelledBy] : undefined
      const reason = booking.cancellationReason?.trim()
      const refund = refundProgress(booking, viewer)
      return {
        title: who ? translate('bookings.cancelledBy', { who }) : translate('bookings.cancelled'),
        details: [...(reason ? [translate('bookings.reason', { reason })] : []), ...(refund ? [refund] : [])],
        tone: 'bad',
      }
    }
    case 'completed':
      return { title: translate('bookings.completed'), details: [], tone: 'good' }
  }
}

/** Where the money of a cancelled trip stands: on its way back, back, or kept. */
export function refundProgress(booking: Pick<Booking, 'paymentStatus' | 'refundAmount' | 'totalAmount'>, viewer: Viewer): string | null {
  const amount = formatDollars(booking.refundAmount ?? booking.totalAmount)
  switch (paymentState(booking)) {
    case 'refund_pending':
      return translate('bookings.refundPending', { amount, viewer })
    case 'refunded':
      return translate('bookings.refunded', { amount, viewer })
    case 'paid':
      return translate('bookings.noRefundCancelledLate')
    default:
      return null
  }
}
