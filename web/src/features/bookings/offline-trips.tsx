import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { EmergencyNumbers } from '../../components/emergency-numbers'
import { AlertIcon, MapPinIcon, MountainIcon, PhoneIcon } from '../../components/icons'
import { OfflineNote } from '../../components/offline-note'
import { TripFacts } from '../../components/trip-facts'
import { partyName } from '../../lib/booking'
import { telHref } from '../../lib/emergency-contacts'
import { useT, type Translate } from '../../i18n/messages'
import { formatDollars } from '../../lib/money'
import { lastSaved, type OfflinePack, type SavedTour, type SavedTrip } from '../../lib/offline/offline-pack'
import { formatLocalNumber } from '../../lib/intl-formats'
import { BookingTour } from '../../components/booking-tour'
import { ALTITUDE_SICKNESS_PATH } from '../tours/acclimatisation-panel'
import { ItineraryTable } from '../tours/itinerary-table'
import { RiskBadge } from '../tours/risk-badge'
import { trekFactsOf, type Permit } from '../../lib/offline/trek-facts'
import type { Destination } from '../../lib/list-destinations'
import { TripMessage } from './trip-status-note'

/** /dashboard with no signal: the trips saved for offline use, read from this browser only. */
export function OfflineTrips({ pack }: { pack: OfflinePack }) {
  const t = useT()
  return (
    <div>
      <OfflineNote savedAt={lastSaved(pack)}>{t('offline.needsConnection')}</OfflineNote>
      <section aria-label={t('offline.savedTitle')}>
        <h2 className="text-xl font-semibold text-slate-900">{t('offline.savedTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('offline.savedNote')}</p>
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {pack.trips.map((trip) => (
            <OfflineTripCard key={trip.booking._id} trip={trip} />
          ))}
        </ul>
      </section>
      <SavedEmergencyNumbers numbers={pack.emergencyNumbers} />
    </div>
  )
}

function OfflineTripCard({ trip }: { trip: SavedTrip }) {
  const t = useT()
  const { booking, destination } = trip
  const guide = partyName(booking.guide)
  return (
    <li className="card flex min-w-0 flex-col gap-4 p-5" aria-label={t('offline.tripWith', { name: guide })}>
      <div className="flex items-start gap-3">
        <Avatar src={booking.guide.profilePicture} name={guide} className="h-12 w-12 text-base" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900">{guide}</p>
          {booking.guide.phone ? (
            <a href={telHref(booking.guide.phone)} className="flex items-center gap-1 text-sm whitespace-nowrap text-himal-700 hover:underline">
              <PhoneIcon /> {booking.guide.phone}
            </a>
          ) : (
            <p className="text-sm text-slate-500">{t('offline.yourGuide')}</p>
          )}
        </div>
      </div>
      <BookingTour booking={booking} />
      <TripFacts booking={booking} />
      <TripMessage booking={booking} label={t('offline.yourMessage')} />
      {trip.tour && <SavedTourDays tour={trip.tour} />}
      {trip.offer && <SavedTourDays tour={{ ...trip.offer, title: trip.offer.tourTitle ?? t('offline.customTrip') }} />}
      {destination ? <SavedDestination destination={destination} /> : <p className="text-sm text-slate-500">{t('offline.noDestination')}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link to={`/receipt/${booking._id}`} className="text-link">
          {t('offline.viewReceipt')}
        </Link>
        {destination && (
          <Link to={`/destination/${destination._id}`} className="text-link">
            {t('offline.destinationPage')}
          </Link>
        )}
      </div>
    </li>
  )
}

/**
 * The booked tour (or the custom offer the trip was booked from) as saved: each day with where the group sleeps and how high, the altitude
 * risk with the nights it flags, and what to do about altitude sickness, all readable with
 * no signal (the full page needs one).
 */
function SavedTourDays({ tour }: { tour: Pick<SavedTour, '_id' | 'title' | 'days' | 'acclimatisation'> }) {
  const t = useT()
  const headingId = `saved-tour-${tour._id}`
  const { risk, maxSleepAltitudeM, warnings } = tour.acclimatisation
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700" data-testid="saved-tour">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-1.5 font-semibold text-slate-900">
          <MountainIcon className="shrink-0" /> {t('offline.tourDays')}
        </h3>
        <RiskBadge risk={risk} />
      </div>
      {maxSleepAltitudeM !== null && <p className="mt-1 text-slate-600">{t('offline.highestNight', { metres: formatLocalNumber(maxSleepAltitudeM) })}</p>}
      <div className="mt-3">
        <ItineraryTable days={tour.days} warnings={warnings} caption={t('offline.tourDaysOf', { title: tour.title })} />
      </div>
      {warnings.length > 0 && (
        <ul className="mt-3 space-y-1" aria-label={t('offline.flaggedNights')}>
          {warnings.map((w) => (
            // The server's message names its day ("Day 8: …").
            <li key={`${w.day}-${w.code}`} className="text-red-900">
              {w.message}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 rounded-lg bg-marigold-50 p-3 text-slate-800" role="note" aria-label={t('offline.altitudeSicknessTitle')}>
        <p className="font-semibold text-slate-900">{t('offline.altitudeSicknessTitle')}</p>
        <p className="mt-1">{t('offline.altitudeSicknessSigns')}</p>
        <p className="mt-1">{t('offline.altitudeSicknessDo')}</p>
        <p className="mt-1 font-semibold text-red-800">{t('offline.altitudeSicknessDescend')}</p>
        <Link to={ALTITUDE_SICKNESS_PATH} className="text-link mt-2 inline-block">
          {t('offline.altitudeSicknessMore')}
        </Link>
      </div>
    </section>
  )
}

function permitFee(permit: Permit, t: Translate): string {
  const fees: string[] = []
  if (permit.feeNpr !== null) fees.push(t('offline.feeNpr', { amount: permit.feeNpr }))
  if (permit.saarcFeeNpr !== null) fees.push(t('offline.feeSaarc', { amount: permit.saarcFeeNpr }))
  if (permit.feeUsd !== null) fees.push(formatDollars(permit.feeUsd))
  const per = permit.per ? t('offline.per', { per: permit.per }) : null
  return [fees.join(', '), per].filter(Boolean).join(' ')
}

function SavedDestination({ destination }: { destination: Destination }) {
  const t = useT()
  const facts = trekFactsOf(destination)
  const headingId = `saved-destination-${destination._id}`
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-himal-50 p-4 text-sm text-slate-700">
      <h3 id={headingId} className="flex items-center gap-1.5 font-semibold text-slate-900">
        <MountainIcon className="shrink-0" /> {destination.name}
      </h3>
      <p className="flex items-center gap-1 text-slate-600">
        <MapPinIcon className="shrink-0" /> {destination.location}
      </p>
      {(facts.durationDays || facts.maxAltitudeM !== null || facts.difficulty) && (
        <p className="mt-2">
          {[
            facts.durationDays && t('offline.durationDays', facts.durationDays),
            facts.maxAltitudeM !== null && t('offline.maxAltitude', { metres: facts.maxAltitudeM }),
            facts.difficulty && t('offline.difficulty', { level: facts.difficulty }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {facts.licensedGuideRequired && <p className="mt-1 font-medium">{t('offline.licensedGuide')}</p>}
      <h4 className="mt-3 font-semibold text-slate-900">{t('offline.permits')}</h4>
      {facts.permits.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {facts.permits.map((permit) => (
            <li key={permit.name}>
              <span className="font-medium">{permit.name}</span>
              {permitFee(permit, t) && <span>: {permitFee(permit, t)}</span>}
              {permit.note && <span className="block text-slate-500">{permit.note}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-slate-500">{t('offline.noPermits')}</p>
      )}
    </section>
  )
}

function SavedEmergencyNumbers({ numbers }: { numbers: OfflinePack['emergencyNumbers'] }) {
  const t = useT()
  return (
    <section aria-labelledby="offline-emergency" className="card mt-8 p-5">
      <h2 id="offline-emergency" className="flex items-center gap-2 text-lg font-semibold text-red-800">
        <AlertIcon /> {t('offline.emergencyNumbers')}
      </h2>
      <EmergencyNumbers numbers={numbers} className="mt-2" />
    </section>
  )
}
