import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { BookingTour } from '../../components/booking-tour'
import { BookingChips } from '../../components/booking-chips'
import { ArrowRightIcon, CardIcon, ChatIcon, CompassIcon, PhoneIcon, RefreshIcon, StarIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { MyOffers } from '../offers/my-offers'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { TripFacts } from '../../components/trip-facts'
import { bookingState, isPayable, partyName, todayInNepal, wasPaid, type Booking } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { isTripToKeep, type OfflinePack } from '../../lib/offline/offline-pack'
import { syncOfflinePack } from '../../lib/offline/save-trip'
import { useOfflinePack, useOnline } from '../../lib/offline/use-offline-pack'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { BOOKINGS_LOAD_FAILED } from './api/list-guide-bookings'
import { listMyBookings, myBookingsKey, myBookingsTags } from './api/list-my-bookings'
import { groupTrips } from './booking-groups'
import { OfflineTrips } from './offline-trips'
import { SaveOffline } from './save-offline'
import { CancelBookingDialog } from './cancel-booking-dialog'
import { canCancel } from './trip-status'
import { TripMessage, TripStatusNote } from './trip-status-note'
import { useNow } from './use-now'
import { useIntlLocale } from '../../i18n/language'
import { msg, useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'

const CANCEL_TOAST_MS = 5000

export const NO_TRIPS = msg('bookings.noTrips')

/** /dashboard: the traveller's bookings by where they stand, with Pay now for approved ones. */
export function TouristDashboardPage() {
  const t = useT()
  const cache = useClientCache()
  const query = useCachedQuery({ key: myBookingsKey, tags: myBookingsTags, load: listMyBookings })
  const now = useNow()
  const { toast, show } = useToast(CANCEL_TOAST_MS)
  const [cancelling, setCancelling] = useState<Booking | null>(null)
  // A cancellation shown at once, laid over the list it was made on until it is fetched again.
  const [cancelled, setCancelled] = useState<{ on: Booking[] | undefined; booking: Booking } | null>(null)
  const bookings = (query.data ?? []).map((b) => (cancelled && cancelled.on === query.data && cancelled.booking._id === b._id ? cancelled.booking : b))
  const today = todayInNepal(new Date(now))
  const groups = groupTrips(bookings, today)
  const pack = useOfflinePack()
  const online = useOnline()

  // Paid trips are kept for offline use as soon as they are seen (issue 15).
  const fetched = query.status === 'success' ? query.data : undefined
  useEffect(() => {
    if (fetched) syncOfflinePack(fetched).catch((err: unknown) => console.error('The offline pack could not be updated', err))
  }, [fetched])

  function onCancelled(booking: Booking, message: string) {
    setCancelled({ on: query.data, booking })
    setCancelling(null)
    show(message || t('bookings.bookingCancelled'))
    invalidate(cache, BOOKINGS_TAG)
  }

  const card = (trip: Booking) => <TripCard key={trip._id} trip={trip} now={now} today={today} pack={pack} onCancel={() => setCancelling(trip)} />

  let body: ReactNode
  if (query.status === 'loading') body = <LoadingCard label={t('bookings.loadingTrips')} />
  else if (query.status === 'error' && query.data === undefined && pack && pack.trips.length > 0) body = <OfflineTrips pack={pack} />
  else if (query.status === 'error' && query.data === undefined)
    body = <ErrorCard message={t(query.error ?? BOOKINGS_LOAD_FAILED)} detail={online ? undefined : t('offline.offlineNoTrips')} onRetry={query.reload} />
  else if (bookings.length === 0)
    body = (
      <EmptyCard icon={<CompassIcon />} title={t(NO_TRIPS)}>
        <p>{t('bookings.noTripsHint')}</p>
        <Link to="/guides" className="btn-primary mt-5">
          {t('bookings.findAGuide')} <ArrowRightIcon />
        </Link>
      </EmptyCard>
    )
  else
    body = (
      <div className="space-y-10">
        {query.error && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {t(query.error)}
          </p>
        )}
        <TripSection title={t('bookings.awaitingGuide')} note={t('bookings.awaitingGuideNote')} trips={groups.awaiting} card={card} />
        <TripSection title={t('bookings.approved')} note={t('bookings.approvedNote')} trips={groups.toPay} card={card} />
        <TripSection title={t('bookings.paid')} note={t('bookings.paidNote')} trips={groups.upcoming} card={card} />
        <TripSection title={t('bookings.pastTrips')} note={t('bookings.pastTripsNote')} trips={groups.past} card={card} />
        <TripSection title={t('bookings.cancelled')} note={t('bookings.cancelledNote')} trips={groups.cancelled} card={card} />
        <TripSection title={t('bookings.rejectedExpired')} note={t('bookings.rejectedExpiredNote')} trips={groups.closed} card={card} />
      </div>
    )

  return (
    <PageShell eyebrow={t('bookings.dashboard')} title={t('bookings.yourTrips')} description={t('bookings.yourTripsDescription')}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {bookings.length > 0 ? (
          <Link to="/guides" className="text-link">
            {t('bookings.bookAnotherGuide')}
          </Link>
        ) : (
          <span />
        )}
        <button type="button" className="btn-secondary" onClick={query.reload} disabled={query.isFetching} aria-busy={query.isFetching}>
          <RefreshIcon className={query.isFetching ? 'animate-spin' : ''} /> {t('bookings.refresh')}
        </button>
      </div>
      <MyOffers role="tourist" />
      {body}
      <CancelBookingDialog
        booking={cancelling}
        viewer="tourist"
        otherParty={cancelling ? partyName(cancelling.guide) : ''}
        onClose={() => setCancelling(null)}
        onCancelled={onCancelled}
      />
      <Toast toast={toast} />
    </PageShell>
  )
}

type TripSectionProps = { title: string; note: string; trips: Booking[]; card: (trip: Booking) => ReactNode }

function TripSection({ title, note, trips, card }: TripSectionProps) {
  // Re-renders with the reader's digits when they switch language.
  useIntlLocale()
  if (trips.length === 0) return null
  return (
    <section aria-label={title}>
      <h2 className="text-xl font-semibold text-slate-900">
        {title} <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">{formatLocalNumber(trips.length)}</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{note}</p>
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">{trips.map(card)}</ul>
    </section>
  )
}

type TripCardProps = { trip: Booking; now: number; today: string; pack: OfflinePack | null; onCancel: () => void }

function TripCard({ trip, now, today, pack, onCancel }: TripCardProps) {
  const guide = partyName(trip.guide)
  const state = bookingState(trip)
  const t = useT()
  return (
    <li className="card flex min-w-0 flex-col gap-4 p-5" aria-label={t('bookings.tripWith', { name: guide })}>
      <div className="flex items-start gap-3">
        <Avatar src={trip.guide.profilePicture} name={guide} className="h-12 w-12 text-base" />
        <div className="min-w-0 flex-1">
          <Link to={`/guides/${trip.guide._id}`} className="font-semibold text-slate-900 hover:text-himal-700 hover:underline">
            {guide}
          </Link>
          {trip.guide.phone ? (
            <a href={`tel:${trip.guide.phone.replace(/[^\d+]/g, '')}`} className="flex items-center gap-1 text-sm whitespace-nowrap text-himal-700 hover:underline">
              <PhoneIcon /> {trip.guide.phone}
            </a>
          ) : (
            <p className="text-sm text-slate-500">{t('bookings.yourGuide')}</p>
          )}
          <Link to={`/messages/with/${trip.guide._id}`} className="mt-1 flex items-center gap-1 text-sm text-himal-700 hover:underline">
            <ChatIcon className="shrink-0" /> {t('bookings.messageName', { name: trip.guide.firstName })}
          </Link>
          <div className="mt-2">
            <BookingChips booking={trip} />
          </div>
        </div>
      </div>
      <BookingTour booking={trip} />
      <TripFacts booking={trip} />
      <TripStatusNote booking={trip} viewer="tourist" now={now} />
      <TripMessage booking={trip} label={t('bookings.yourMessageToGuide')} />
      {pack && isTripToKeep(trip, today) && <SaveOffline trip={trip} saved={pack.trips.find((saved) => saved.booking._id === trip._id)} />}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {isPayable(trip) && (
          <Link to={`/checkout/${trip._id}`} className="btn-accent" aria-label={t('bookings.payNowFor', { name: guide })}>
            <CardIcon /> {t('bookings.payNow')}
          </Link>
        )}
        {state === 'completed' && (
          <Link to={`/guides/${trip.guide._id}#review`} className="btn-secondary" aria-label={t('bookings.reviewName', { name: guide })}>
            <StarIcon /> {t('bookings.writeAReview')}
          </Link>
        )}
        {wasPaid(trip) && (
          <Link to={`/receipt/${trip._id}`} className="text-link text-sm">
            {t('bookings.viewReceipt')}
          </Link>
        )}
        {canCancel(trip, 'tourist') && (
          <button
            type="button"
            className="btn-ghost ml-auto text-sm text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={onCancel}
            aria-label={t('bookings.cancelTripWith', { name: guide })}
          >
            {t('bookings.cancelTrip')}
          </button>
        )}
      </div>
    </li>
  )
}
