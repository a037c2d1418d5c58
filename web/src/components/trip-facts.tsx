import { formatTripDate, peopleLabel, type Booking } from '../lib/booking'
import { formatDollars } from '../lib/money'
import { CalendarIcon, ClockIcon, UsersIcon } from './icons'

type TripFactsProps = { booking: Pick<Booking, 'selectedDate' | 'selectedTime' | 'groupSize' | 'totalAmount'>; totalLabel?: string }

/** A booking's date, start time, group size and total, as a compact description list. */
export function TripFacts({ booking, totalLabel = 'Total' }: TripFactsProps) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div className="min-w-0">
        <dt className="flex items-center gap-1 text-xs font-medium text-slate-500">
          <CalendarIcon /> Date
        </dt>
        <dd className="font-semibold text-slate-900">{formatTripDate(booking.selectedDate)}</dd>
      </div>
      <div className="min-w-0">
        <dt className="flex items-center gap-1 text-xs font-medium text-slate-500">
          <ClockIcon /> Time
        </dt>
        <dd className="font-semibold text-slate-900">{booking.selectedTime}</dd>
      </div>
      <div className="min-w-0">
        <dt className="flex items-center gap-1 text-xs font-medium text-slate-500">
          <UsersIcon /> Group size
        </dt>
        <dd className="font-semibold text-slate-900">{peopleLabel(booking.groupSize)}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-500">{totalLabel}</dt>
        <dd className="font-semibold text-himal-900">{formatDollars(booking.totalAmount)}</dd>
      </div>
    </dl>
  )
}
