import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { BookingChips } from '../../components/booking-chips'
import { ArrowRightIcon, CardIcon, CompassIcon, PhoneIcon, RefreshIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { TripFacts } from '../../components/trip-facts'
import { isPayable, isPaid, partyName, todayInNepal, type Booking } from '../../lib/booking'
import { useCachedQuery } from '../../lib/use-cached-query'
import { BOOKINGS_LOAD_FAILED } from './api/list-guide-bookings'
import { listMyBookings, myBookingsKey, myBookingsTags } from './api/list-my-bookings'
import { groupTrips } from './booking-groups'

export const NO_TRIPS = 'No trips yet'

/** /dashboard: the traveller's bookings by where they stand, with Pay now for approved ones. */
export function TouristDashboardPage() {
  const query = useCachedQuery({ key: myBookingsKey, tags: myBookingsTags, load: listMyBookings })
  const bookings = query.data ?? []
  const groups = groupTrips(bookings, todayInNepal())

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
        <TripSection title="Awaiting the guide" note="Requests your guide has not answered yet." trips={groups.awaiting} />
        <TripSection title="Approved" note="Your guide said yes. Pay to confirm the trip." trips={groups.toPay} />
        <TripSection title="Paid" note="Confirmed trips." trips={[...groups.upcoming, ...groups.past]} split={{ upcoming: groups.upcoming.length }} />
        <TripSection title="Declined" note="Requests the guide could not take." trips={groups.declined} />
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
    </PageShell>
  )
}

type TripSectionProps = { title: string; note: string; trips: Booking[]; split?: { upcoming: number } }

function TripSection({ title, note, trips, split }: TripSectionProps) {
  if (trips.length === 0) return null
  return (
    <section aria-label={title}>
      <h2 className="text-xl font-semibold text-slate-900">
        {title} <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">{trips.length}</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{note}</p>
      {split ? (
        <>
          <TripList label="Upcoming" trips={trips.slice(0, split.upcoming)} />
          <TripList label="Past" trips={trips.slice(split.upcoming)} />
        </>
      ) : (
        <TripList trips={trips} />
      )}
    </section>
  )
}

function TripList({ label, trips }: { label?: string; trips: Booking[] }) {
  if (trips.length === 0) return null
  return (
    <div className="mt-4">
      {label && <h3 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">{label}</h3>}
      <ul className="grid gap-4 lg:grid-cols-2">
        {trips.map((trip) => (
          <TripCard key={trip._id} trip={trip} />
        ))}
      </ul>
    </div>
  )
}

function TripCard({ trip }: { trip: Booking }) {
  const guide = partyName(trip.guide)
  return (
    <li className="card flex min-w-0 flex-col gap-4 p-5" aria-label={`Trip with ${guide}`}>
      <div className="flex items-start gap-3">
        <Avatar src={trip.guide.profilePicture} name={guide} className="h-12 w-12 text-base" />
        <div className="min-w-0 flex-1">
          <Link to={`/guides/${trip.guide._id}`} className="font-semibold text-slate-900 hover:text-himal-700 hover:underline">
            {guide}
          </Link>
          {trip.guide.phone ? (
            <a href={`tel:${trip.guide.phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-1 text-sm whitespace-nowrap text-himal-700 hover:underline">
              <PhoneIcon /> {trip.guide.phone}
            </a>
          ) : (
            <p className="text-sm text-slate-500">Your guide</p>
          )}
          <div className="mt-2">
            <BookingChips booking={trip} />
          </div>
        </div>
      </div>
      <TripFacts booking={trip} />
      {isPayable(trip) && (
        <Link to={`/checkout/${trip._id}`} className="btn-accent self-start" aria-label={`Pay now for the trip with ${guide}`}>
          <CardIcon /> Pay now
        </Link>
      )}
      {isPaid(trip) && (
        <Link to={`/receipt/${trip._id}`} className="text-link self-start text-sm">
          View receipt
        </Link>
      )}
    </li>
  )
}
