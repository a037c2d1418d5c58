import { translate } from '../../i18n/messages'
import { formatTripDate } from '../../lib/booking'
import { formatDollars } from '../../lib/money'
import type { LedgerEntry } from './api/earnings'

/** What an entry of the guide's ledger says, as a title and a detail line. */
export function describeEntry(entry: LedgerEntry): { title: string; detail: string } {
  const title = translate('earnings.tripTitle', {
    date: entry.tripDate ? formatTripDate(entry.tripDate) : '',
    hasDate: entry.tripDate ? 'yes' : 'no',
    traveller: entry.travellerName ?? '',
    hasTraveller: entry.travellerName ? 'yes' : 'no',
  })
  switch (entry.kind) {
    case 'earning':
      return {
        title,
        detail: translate('earnings.earningDetail', { paid: formatDollars(entry.amount + entry.commission), commission: formatDollars(entry.commission) }),
      }
    case 'earning_refund':
      return { title, detail: translate('earnings.refunded') }
    case 'payout':
      return {
        title: entry.method === 'khalti' ? translate('earnings.paidOutKhalti') : translate('earnings.paidOutBank'),
        detail: entry.reference ? translate('earnings.reference', { reference: entry.reference }) : '',
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
  if (days >= 1) return translate('earnings.holdDays', { count: Math.round(days) })
  const hours = Math.round(days * 24)
  if (hours < 1) return translate('earnings.holdUnderAnHour')
  return translate('earnings.holdHours', { count: hours })
}
