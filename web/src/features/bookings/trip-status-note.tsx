import { Link } from 'react-router'
import type { Booking } from '../../lib/booking'
import { formatTripDate } from '../../lib/booking'
import { statusLine, type Viewer } from './trip-status'
import { useT } from '../../i18n/messages'

const TONES = {
  wait: 'border-marigold-200 bg-marigold-50 text-marigold-900',
  good: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  bad: 'border-red-200 bg-red-50 text-red-900',
  quiet: 'border-slate-200 bg-slate-50 text-slate-700',
} as const

/** Where the booking stands, in a sentence or two; `now` keeps a countdown current. */
export function TripStatusNote({ booking, viewer, now }: { booking: Booking; viewer: Viewer; now: number }) {
  // statusLine's words come from translate(): subscribing re-renders them when the language switches.
  const t = useT()
  const line = statusLine(booking, viewer, now)
  return (
    <div className={`rounded-xl border px-3 py-2 text-sm ${TONES[line.tone]}`}>
      <p className="font-semibold">{line.title}</p>
      {line.details.map((detail) => (
        <p key={detail} className="mt-0.5">
          {detail}
        </p>
      ))}
      {viewer === 'tourist' && letDown(booking, now) && (
        <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 font-semibold">
          <Link to={`/guides?date=${booking.selectedDate}`} className="underline underline-offset-2">
            {t('bookings.guidesFreeOn', { date: formatTripDate(booking.selectedDate) })}
          </Link>
          <Link to={`/tours?availableOn=${booking.selectedDate}`} className="underline underline-offset-2">
            {t('bookings.toursFreeOn')}
          </Link>
        </p>
      )}
    </div>
  )
}

/** A trip the guide cancelled that has not started: the traveller may still find someone else. */
function letDown(booking: Booking, now: number): boolean {
  const today = new Date(now).toISOString().slice(0, 10)
  return booking.bookingStatus === 'cancelled' && booking.cancelledBy === 'guide' && booking.selectedDate >= today
}

/** The traveller's words to the guide, quoted. */
export function TripMessage({ booking, label }: { booking: Pick<Booking, 'message'>; label: string }) {
  const text = booking.message?.trim()
  if (!text) return null
  return (
    <figure className="rounded-xl bg-slate-50 px-3 py-2 text-sm">
      <figcaption className="text-xs font-medium text-slate-500">{label}</figcaption>
      <blockquote className="mt-0.5 break-words whitespace-pre-line text-slate-800">{text}</blockquote>
    </figure>
  )
}
