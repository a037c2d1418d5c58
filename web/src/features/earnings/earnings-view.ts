import { formatTripDate } from '../../lib/booking'
import { formatDollars } from '../../lib/money'
import type { LedgerEntry } from './api/earnings'

/** What an entry of the guide's ledger says, as a title and a detail line. */
export function describeEntry(entry: LedgerEntry): { title: string; detail: string } {
  const trip = entry.tripDate ? `Trip on ${formatTripDate(entry.tripDate)}` : 'Trip'
  const withWhom = entry.travellerName ? ` with ${entry.travellerName}` : ''
  switch (entry.kind) {
    case 'earning':
      return {
        title: `${trip}${withWhom}`,
        detail: `${formatDollars(entry.amount + entry.commission)} paid, less ${formatDollars(entry.commission)} Yatra commission`,
      }
    case 'earning_refund':
      return { title: `${trip}${withWhom}`, detail: 'Refunded to the traveller' }
    case 'payout':
      return {
        title: entry.method === 'khalti' ? 'Paid out to your Khalti wallet' : 'Paid out by bank transfer',
        detail: entry.reference ? `Reference ${entry.reference}` : '',
      }
    default:
      return { title: entry.kind, detail: '' }
  }
}

/** The payouts among the entries (newest first, as the server lists them). */
export const payoutHistory = (entries: LedgerEntry[]) => entries.filter((e) => e.kind === 'payout')

/** Trip money in and out (earnings and refunds), newest first. */
export const tripEntries = (entries: LedgerEntry[]) => entries.filter((e) => e.kind !== 'payout')

/** How long finished trips wait, e.g. `3 days`. */
export function holdText(days: number): string {
  if (days >= 1) {
    const whole = Math.round(days)
    return whole === 1 ? '1 day' : `${whole} days`
  }
  const hours = Math.round(days * 24)
  if (hours < 1) return 'less than an hour'
  return hours === 1 ? '1 hour' : `${hours} hours`
}
