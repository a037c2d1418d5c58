import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { BookingChips } from '../../components/booking-chips'
import { ArrowRightIcon, CardIcon, ChatIcon, CompassIcon, PhoneIcon, RefreshIcon, StarIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { TripFacts } from '../../components/trip-facts'
import { bookingState, isPayable, partyName, todayInNepal, wasPaid, type Booking } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { BOOKINGS_LOAD_FAILED } from './api/list-guide-bookings'
import { listMyBookings, myBookingsKey, myBookingsTags } from './api/list-my-bookings'
import { groupTrips } from './booking-groups'
import { CancelBookingDialog } from './cancel-booking-dialog'
import { canCancel } from './trip-status'
import { TripMessage, TripStatusNote } from './trip-status-note'
import { useNow } from './use-now'

const CANCEL_TOAST_MS = 5000

export const NO_TRIPS = 'No trips yet'

/** /dashboard: the traveller's bookings by where they stand, with Pay now for approved ones. */
export function TouristDashboardPage() {
  const cache = useClientCache()
  const query = useCachedQuery({ key: myBookingsKey, tags: myBookingsTags, load: listMyBookings })
  const now = useNow()
  const { toast, show } = useToast(CANCEL_TOAST_MS)
  const [cancelling, setCancelling] = useState<Booking | null>(null)
  // A cancellation shown at once, laid over the list it was made on until it is fetched again.
  const [cancelled, setCancelled] = useState<{ on: Booking[] | undefined; booking: Booking } | null>(null)
  const bookings = (query.data ?? []).map((b) => (cancelled && cancelled.on === query.data && cancelled.booking._id === b._id ? cancelled.booking : b))
  const groups = groupTrips(bookings, todayInNepal(new Date(now)))

  function onCancelled(booking: Booking, message: string) {
    setCancelled({ on: query.data, booking })
    setCancelling(null)
    show(message || 'Booking cancelled')
    invalidate(cache, BOOKINGS_TAG)
  }

  const card = (trip: Booking) => <TripCard key={trip._id} trip={trip} now={now} onCancel={() => setCancelling(trip)} />

  let body: ReactNode
  if (query.status === 'loading') body = <LoadingCard label="Loading your trips..." />
  else if (query.status === 'error' && query.data === undefined) body = <ErrorCard message={query.error ?? BOOKINGS_LOAD_FAILED} onRetry={query.reload} />
  else if (bookings.length === 0)
    body = (
      <EmptyCard icon={<CompassIcon />} title={NO_TRIPS}>
        <p>Find a local guide, pick a day and send a request. It shows up here while the guide answers.</p>
        <Link to="/guides" className="btn-primary mt-5">
          Find a guide <ArrowRightIcon />
        </Link>
      </EmptyCard>
    )
  else
    body = (
      <div className="space-y-10">
        {query.error && <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">{query.error}</p>}
        <TripSection title="Awaiting the guide" note="Requests your guide has not answered yet. Unanswered, a request expires after 48 hours or when its first day comes." trips={groups.awaiting} card={card} />
        <TripSection title="Approved" note="Your guide said yes. Pay to confirm the trip." trips={groups.toPay} card={card} />
        <TripSection title="Paid" note="Confirmed trips. Free cancellation up to 24 hours before each trip." trips={groups.upcoming} card={card} />
        <TripSection title="Past trips" note="Trips you have been on. Review your guide." trips={groups.past} card={card} />
        <TripSection title="Cancelled" note="Cancelled trips and their refunds." trips={groups.cancelled} card={card} />
        <TripSection title="Rejected and expired" note="Requests the guide could not take, or that lapsed unanswered or unpaid. Nothing was charged." trips={groups.closed} card={card} />
      </div>
    )

  return (
    <PageShell eyebrow="Dashboard" title="Your trips" description="Your booking requests, approved trips and payments in one place.">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {bookings.length > 0 ? (
          <Link to="/guides" className="text-link">
            Book another guide
          </Link>
        ) : (
          <span />
        )}
        <button type="button" className="btn-secondary" onClick={query.reload} disabled={query.isFetching} aria-busy={query.isFetching}>
          <RefreshIcon className={query.isFetching ? 'animate-spin' : ''} /> Refresh
        </button>
      </div>
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
  if (trips.length === 0) return null
  return (
    <section aria-label={title}>
      <h2 className="text-xl font-semibold text-slate-900">
        {title} <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">{trips.length}</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{note}</p>
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">{trips.map(card)}</ul>
    </section>
  )
}

function TripCard({ trip, now, onCancel }: { trip: Booking; now: number; onCancel: () => void }) {
  const guide = partyName(trip.guide)
  const state = bookingState(trip)
  return (
    <li className="card flex min-w-0 flex-col gap-4 p-5" aria-label={`Trip with ${guide}`}>
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
            <p className="text-sm text-slate-500">Your guide</p>
          )}
          <Link to={`/messages/with/${trip.guide._id}`} className="mt-1 flex items-center gap-1 text-sm text-himal-700 hover:underline">
            <ChatIcon className="shrink-0" /> Message {trip.guide.firstName}
          </Link>
          <div className="mt-2">
            <BookingChips booking={trip} />
          </div>
        </div>
      </div>
      <TripFacts booking={trip} />
      <TripStatusNote booking={trip} viewer="tourist" now={now} />
      <TripMessage booking={trip} label="Your message to the guide" />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {isPayable(trip) && (
          <Link to={`/checkout/${trip._id}`} className="btn-accent" aria-label={`Pay now for the trip with ${guide}`}>
            <CardIcon /> Pay now
          </Link>
        )}
        {state === 'completed' && (
          <Link to={`/guides/${trip.guide._id}#write-review`} className="btn-secondary" aria-label={`Review ${guide}`}>
            <StarIcon /> Write a review
          </Link>
        )}
        {wasPaid(trip) && (
          <Link to={`/receipt/${trip._id}`} className="text-link text-sm">
            View receipt
          </Link>
        )}
        {canCancel(trip, 'tourist') && (
          <button type="button" className="btn-ghost ml-auto text-sm text-red-700 hover:bg-red-50 hover:text-red-800" onClick={onCancel} aria-label={`Cancel the trip with ${guide}`}>
            Cancel trip
          </button>
        )}
      </div>
    </li>
  )
}
