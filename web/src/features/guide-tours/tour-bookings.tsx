import { Link } from 'react-router'
import { SpinnerIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { formatTripDate, partyName, peopleLabel, type Booking } from '../../lib/booking'
import { useCachedQuery } from '../../lib/use-cached-query'
import { bookingsOfTour, GUIDE_BOOKINGS_KEY, GUIDE_BOOKINGS_TAGS, listGuideBookings } from './api/editor-data'

/** Where the guide answers requests and runs trips. */
export const GUIDE_DASHBOARD_PATH = '/guideDash'

/** The bookings of one tour as a short list: who, when, how many, and where it stands (with `payment`, whether it is paid too). */
export function BookingList({ bookings, payment = false }: { bookings: readonly Booking[]; payment?: boolean }) {
  const t = useT()
  return (
    <ul className="divide-y divide-slate-100">
      {bookings.map((b) => (
        <li key={b._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm">
          <span className="font-semibold text-slate-900">{partyName(b.tourist)}</span>
          <span className="text-slate-600">
            {t('guideTours.bookingDates', { from: formatTripDate(b.selectedDate), to: formatTripDate(b.endDate) })} · {peopleLabel(b.groupSize)}
          </span>
          <span className="flex gap-1.5">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t('guideTours.bookingStatus', { status: b.bookingStatus })}</span>
            {payment && (
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${b.paymentStatus === 'paid' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}>
                {b.paymentStatus === 'paid' ? t('guideTours.seatPaid') : t('guideTours.seatUnpaid')}
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** A section's list while it loads, or its error with a way to try again; nothing once loaded. */
export function LoadState({ query, loading }: { query: { status: string; error?: string | null; reload: () => void }; loading: string }) {
  const t = useT()
  if (query.status === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <SpinnerIcon className="animate-spin" /> {loading}
      </p>
    )
  }
  if (query.status === 'error') {
    return (
      <p role="alert" className="text-sm text-red-700">
        {query.error}{' '}
        <button type="button" className="text-link" onClick={query.reload}>
          {t('guideTours.tryAgain')}
        </button>
      </p>
    )
  }
  return null
}

/** The editor's section on the tour's bookings, with a way to the dashboard where they are answered. */
export function TourBookings({ tourId }: { tourId: string }) {
  const t = useT()
  const query = useCachedQuery({ key: GUIDE_BOOKINGS_KEY, tags: GUIDE_BOOKINGS_TAGS, load: listGuideBookings })
  const bookings = query.data ? bookingsOfTour(query.data, tourId) : []
  return (
    <section className="card p-5 sm:p-8" aria-labelledby="tour-bookings-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tour-bookings-heading" className="text-lg font-semibold text-slate-900">
          {t('guideTours.bookingsTitle')}
        </h2>
        <Link to={GUIDE_DASHBOARD_PATH} className="text-link text-sm">
          {t('guideTours.openDashboard')}
        </Link>
      </div>
      <div className="mt-3">
        <LoadState query={query} loading={t('guideTours.loadingBookings')} />
        {query.status === 'success' && bookings.length === 0 && <p className="text-sm text-slate-600">{t('guideTours.noBookings')}</p>}
        {bookings.length > 0 && <BookingList bookings={bookings} />}
      </div>
    </section>
  )
}
