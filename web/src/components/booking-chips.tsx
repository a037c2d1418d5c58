import { bookingState, isPaid, type Booking } from '../lib/booking'

const STATE_CHIPS = {
  pending: { label: 'Awaiting guide', tone: 'bg-marigold-50 text-marigold-800 ring-marigold-200' },
  approved: { label: 'Approved', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  rejected: { label: 'Declined', tone: 'bg-red-50 text-red-800 ring-red-200' },
} as const

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 whitespace-nowrap'

/** A booking's state as chips: the guide's answer, then (once approved) whether it is paid. */
export function BookingChips({ booking }: { booking: Pick<Booking, 'bookingStatus' | 'paymentStatus'> }) {
  const state = bookingState(booking)
  const { label, tone } = STATE_CHIPS[state]
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`${chip} ${tone}`}>{label}</span>
      {state === 'approved' &&
        (isPaid(booking) ? (
          <span className={`${chip} bg-himal-50 text-himal-800 ring-himal-200`}>Paid</span>
        ) : (
          <span className={`${chip} bg-slate-50 text-slate-700 ring-slate-300`}>Unpaid</span>
        ))}
    </span>
  )
}
