import { msg, useT } from '../i18n/messages'
import { bookingState, paymentState, type Booking } from '../lib/booking'

const STATE_CHIPS = {
  pending: { label: msg('common.statePending'), tone: 'bg-marigold-50 text-marigold-800 ring-marigold-200' },
  approved: { label: msg('common.stateApproved'), tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  rejected: { label: msg('common.stateRejected'), tone: 'bg-red-50 text-red-800 ring-red-200' },
  expired: { label: msg('common.stateExpired'), tone: 'bg-slate-100 text-slate-700 ring-slate-300' },
  cancelled: { label: msg('common.stateCancelled'), tone: 'bg-red-50 text-red-800 ring-red-200' },
  completed: { label: msg('common.stateCompleted'), tone: 'bg-himal-50 text-himal-800 ring-himal-200' },
} as const

const PAYMENT_CHIPS = {
  unpaid: { label: msg('common.paymentUnpaid'), tone: 'bg-slate-50 text-slate-700 ring-slate-300' },
  paid: { label: msg('common.paymentPaid'), tone: 'bg-himal-50 text-himal-800 ring-himal-200' },
  refund_pending: { label: msg('common.paymentRefundPending'), tone: 'bg-marigold-50 text-marigold-800 ring-marigold-200' },
  refunded: { label: msg('common.paymentRefunded'), tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
} as const

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 whitespace-nowrap'

/**
 * A booking's state as chips: where the trip stands, then its payment once there is one to
 * speak of (approved trips, and any trip that was paid).
 */
export function BookingChips({ booking }: { booking: Pick<Booking, 'bookingStatus' | 'paymentStatus'> }) {
  const t = useT()
  const state = bookingState(booking)
  const pay = paymentState(booking)
  const { label, tone } = STATE_CHIPS[state]
  const payment = state === 'approved' || pay !== 'unpaid' ? PAYMENT_CHIPS[pay] : null
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`${chip} ${tone}`}>{t(label)}</span>
      {payment && <span className={`${chip} ${payment.tone}`}>{t(payment.label)}</span>}
    </span>
  )
}
