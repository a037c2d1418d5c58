import { bookingState, paymentState, type Booking } from '../lib/booking'

const STATE_CHIPS = {
  pending: { label: 'Pending', tone: 'bg-marigold-50 text-marigold-800 ring-marigold-200' },
  approved: { label: 'Approved', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  rejected: { label: 'Rejected', tone: 'bg-red-50 text-red-800 ring-red-200' },
  expired: { label: 'Expired', tone: 'bg-slate-100 text-slate-700 ring-slate-300' },
  cancelled: { label: 'Cancelled', tone: 'bg-red-50 text-red-800 ring-red-200' },
  completed: { label: 'Completed', tone: 'bg-himal-50 text-himal-800 ring-himal-200' },
} as const

const PAYMENT_CHIPS = {
  unpaid: { label: 'Unpaid', tone: 'bg-slate-50 text-slate-700 ring-slate-300' },
  paid: { label: 'Paid', tone: 'bg-himal-50 text-himal-800 ring-himal-200' },
  refund_pending: { label: 'Refund pending', tone: 'bg-marigold-50 text-marigold-800 ring-marigold-200' },
  refunded: { label: 'Refunded', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
} as const

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 whitespace-nowrap'

/**
 * A booking's state as chips: where the trip stands, then its payment once there is one to
 * speak of (approved trips, and any trip that was paid).
 */
export function BookingChips({ booking }: { booking: Pick<Booking, 'bookingStatus' | 'paymentStatus'> }) {
  const state = bookingState(booking)
  const pay = paymentState(booking)
  const { label, tone } = STATE_CHIPS[state]
  const payment = state === 'approved' || pay !== 'unpaid' ? PAYMENT_CHIPS[pay] : null
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`${chip} ${tone}`}>{label}</span>
      {payment && <span className={`${chip} ${payment.tone}`}>{payment.label}</span>}
    </span>
  )
}
