import { daysLabel, formatLongTripDate, formatMoment, formatTripTime, partyName, peopleLabel, wasPaid, type Booking } from '../../lib/booking'
import { formatDollars } from '../../lib/money'
import { formatRate } from '../../lib/rupees'
import { translate } from '../../i18n/messages'
import { localNumberFormat } from '../../lib/intl-formats'

const WALLETS: Record<string, string> = { khalti: 'Khalti', esewa: 'eSewa' }

/** How a provider (and, for the sandbox, the way it stood in for) is named to the traveller. */
export function providerLabel(provider: string, method = 'card'): string {
  if (provider === 'stripe') return translate('payments.providerCard')
  if (provider === 'sandbox') return WALLETS[method] ? translate('payments.providerWalletSandbox', { wallet: WALLETS[method] }) : translate('payments.providerSandbox')
  if (WALLETS[provider]) return translate('payments.providerWallet', { wallet: WALLETS[provider] })
  return provider
}

/** An amount in the payment's currency with 2 decimals; dollars as everywhere else. */
export function formatAmount(amount: number, currency: string): string {
  const code = currency.toUpperCase()
  if (code === 'USD' || code === '') return formatDollars(amount)
  try {
    return localNumberFormat({ style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${code}`
  }
}

/** What a checkout charges, exactly: rupees for a wallet, else the payment's own currency. */
export function chargedAmount(payment: { amount: number; currency: string; amountNpr?: number | null }): string {
  return payment.amountNpr != null ? formatAmount(payment.amountNpr, 'npr') : formatAmount(payment.amount, payment.currency)
}

export type Receipt = {
  bookingId: string
  reference: string
  paidAt: string
  method: string
  billedTo: { name: string; email: string }
  guide: { name: string; email: string; phone: string | null }
  /** 'Guided day with Pemba Sherpa' */
  item: string
  /** 'Saturday, 12 December 2026 at 10:00' */
  when: string
  /** '$45.00 × 2 people' */
  quantity: string
  /** What was paid, in the payment's currency: '$90.00' */
  total: string
  currency: string
  /** A wallet payment: '$80.00 at NPR 133.50 per US$1'; null for cards. */
  exchange: string | null
  /** What was paid, when it was paid in dollars (then it can be shown `≈` in another currency too). */
  dollars: number | null
}

/** A paid booking as its receipt reads (a refund does not undo the payment); null while it is not paid (there is nothing to receipt yet). */
export function receiptOf(booking: Booking): Receipt | null {
  const payment = booking.payment
  if (!wasPaid(booking) || !payment) return null
  const { days } = booking
  // Wallets charge rupees: the receipt states what was charged exactly, and the rate.
  const wallet = payment.currency === 'npr' && payment.amountNpr != null && payment.nprPerUsd != null
  return {
    bookingId: booking._id,
    reference: payment.reference,
    paidAt: formatMoment(payment.paidAt),
    method: providerLabel(payment.provider, payment.method),
    billedTo: { name: partyName(booking.tourist), email: booking.tourist.email },
    guide: { name: partyName(booking.guide), email: booking.guide.email, phone: booking.guide.phone },
    item: booking.tour
      ? translate('payments.itemTour', { title: booking.tour.title, name: partyName(booking.guide) })
      : days === 1
        ? translate('payments.itemDay', { name: partyName(booking.guide) })
        : translate('payments.itemDays', { days: daysLabel(days), name: partyName(booking.guide) }),
    when: translate('payments.whenAt', { date: formatLongTripDate(booking.selectedDate), time: formatTripTime(booking.selectedTime) }),
    // A tour's price is per person for the whole tour; a guide by the day is paid per day too.
    quantity:
      days === 1 || booking.tour
        ? `${formatDollars(booking.pricePerPerson)} × ${peopleLabel(booking.groupSize)}`
        : `${formatDollars(booking.pricePerPerson)} × ${peopleLabel(booking.groupSize)} × ${daysLabel(days)}`,
    total: wallet ? formatAmount(payment.amountNpr ?? 0, 'npr') : formatAmount(payment.amount, payment.currency),
    currency: payment.currency.toUpperCase(),
    exchange: wallet ? translate('payments.amountAtRate', { amount: formatDollars(payment.amount), rate: formatRate(payment.nprPerUsd ?? 0) }) : null,
    dollars: !wallet && payment.currency.toUpperCase() === 'USD' ? payment.amount : null,
  }
}
