import { useT } from '../i18n/messages'
import { daysLabel, formatTripDate, formatTripTime, peopleLabel, type Booking } from '../lib/booking'
import { usePrice } from '../lib/currencies'
import { CalendarIcon, UsersIcon } from './icons'

type TripFactsProps = { booking: Pick<Booking, 'selectedDate' | 'selectedTime' | 'groupSize' | 'totalAmount' | 'days' | 'endDate'>; totalLabel?: string }

/**
 * A booking's days and start time, group size and total, as a compact description list. It
 * lays itself out by the width of its card (a container query), not of the screen, so the
 * same card reads well in a one-column phone list and a two-column desktop grid.
 */
export function TripFacts({ booking, totalLabel }: TripFactsProps) {
  const t = useT()
  const { days, endDate } = booking
  const price = usePrice()
  return (
    <div className="@container">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm @md:grid-cols-4">
        <div className="col-span-2 min-w-0">
          <dt className="flex items-center gap-1 text-xs font-medium text-slate-500">
            <CalendarIcon /> {days === 1 ? t('common.dateAndTime') : t('common.daysStartingAt', { days: daysLabel(days) })}
          </dt>
          <dd className="font-semibold text-slate-900">
            {t.rich('common.dateAtTime', {
              date: formatTripDate(booking.selectedDate),
              time: formatTripTime(booking.selectedTime),
              at: (chunks) => <span className="font-normal text-slate-500">{chunks}</span>,
            })}
            {days > 1 && <span className="block font-normal text-slate-600">{t('common.untilDate', { date: formatTripDate(endDate) })}</span>}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="flex items-center gap-1 text-xs font-medium text-slate-500">
            <UsersIcon /> {t('common.groupSize')}
          </dt>
          <dd className="font-semibold text-slate-900">{peopleLabel(booking.groupSize)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{totalLabel ?? t('common.total')}</dt>
          <dd className="font-semibold text-himal-900">{price.show(booking.totalAmount)}</dd>
        </div>
      </dl>
    </div>
  )
}
