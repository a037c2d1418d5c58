import { Link } from 'react-router'
import { useT } from '../i18n/messages'
import type { Booking } from '../lib/booking'
import { MountainIcon } from './icons'

/**
 * "Tour: Everest Base Camp in 12 days", linking to the tour's page, on a booking of a tour
 * ("Group departure: …" for seats on one), "Custom trip from the guide's offer" on one
 * booked from an offer; nothing for a guide hired by the day.
 */
export function BookingTour({ booking, className = '' }: { booking: Pick<Booking, 'tour' | 'departureId' | 'offerId'>; className?: string }) {
  const t = useT()
  const { tour } = booking
  if (!tour && booking.offerId)
    return (
      <p className={`flex min-w-0 items-start gap-1.5 text-sm ${className}`} data-testid="booking-tour">
        <MountainIcon className="mt-0.5 shrink-0 text-himal-600" />
        <span className="font-semibold text-himal-800">{t('common.offerLabel')}</span>
      </p>
    )
  if (!tour) return null
  const departure = booking.departureId != null
  return (
    <p className={`flex min-w-0 items-start gap-1.5 text-sm ${className}`} data-testid="booking-tour">
      <MountainIcon className="mt-0.5 shrink-0 text-himal-600" />
      <span className="min-w-0">
        <span className="text-slate-500">{departure ? t('common.departureLabel') : t('common.tourLabel')}</span>{' '}
        <Link to={`/tours/${tour._id}`} className="font-semibold break-words text-himal-800 hover:underline">
          {tour.title}
        </Link>
      </span>
    </p>
  )
}
