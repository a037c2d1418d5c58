import { useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { CalendarIcon, CheckIcon, SpinnerIcon, UsersIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { formatTripDate } from '../../lib/booking'
import { BOOKINGS_TAG, TOURS_TAG, tourTag } from '../../lib/cache-tags'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { formatLocalNumber } from '../../lib/intl-formats'
import { newIdempotencyKey } from '../bookings/api/request-booking'
import { joinDeparture, type Departure, type PublicTour } from './api/tours'
import { departureState, seatChoices } from './tour-departure-state'
import { formatUsd, loginPath } from './tour-booking'

/** One departure: its dates, seats and price, and joining it with some seats. */
function DepartureItem({ tour, departure }: { tour: PublicTour; departure: Departure }) {
  const t = useT()
  const navigate = useNavigate()
  const location = useLocation()
  const cache = useClientCache()
  const { isSignedIn, role } = useAuth()
  const [seats, setSeats] = useState(1)
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  // One key per attempt: a double click or a retry after a lost answer joins once.
  const attempt = useRef<{ key: string; seats: number } | null>(null)
  const state = departureState(departure, Date.now())
  const choices = seatChoices(departure)
  const dates = t('tours.departureDates', { from: formatTripDate(departure.startDate), to: formatTripDate(departure.endDate) })
  const headingId = `departure-${departure._id}`

  async function join() {
    if (!isSignedIn) {
      await navigate(loginPath(location.pathname + location.search))
      return
    }
    if (attempt.current?.seats !== seats) attempt.current = { key: newIdempotencyKey(), seats }
    setProblem(null)
    setSending(true)
    const result = await joinDeparture({ departureId: departure._id, groupSize: seats }, attempt.current.key)
    setSending(false)
    if (!result.ok) {
      setProblem(result.message)
      // The seats left have likely changed: show them as they are now.
      invalidate(cache, tourTag(tour._id))
      return
    }
    attempt.current = null
    invalidate(cache, BOOKINGS_TAG, TOURS_TAG, tourTag(tour._id))
    await navigate(`/checkout/${result.data.data._id}`)
  }

  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid="departure" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-1.5 font-semibold text-slate-900">
            <CalendarIcon className="shrink-0 text-himal-600" /> {dates}
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {t('tours.departureSeatPrice', { price: formatUsd(departure.pricePerSeatUsd) })} ·{' '}
            <span className="inline-flex items-center gap-1">
              <UsersIcon className="text-slate-500" />
              {t('tours.departureSeatsLeft', { count: departure.seatsLeft, left: formatLocalNumber(departure.seatsLeft), seats: formatLocalNumber(departure.seats) })}
            </span>
          </p>
        </div>
        {state.kind === 'confirmed' && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
            <CheckIcon /> {t('tours.departureConfirmed')}
          </span>
        )}
        {state.kind === 'needs' && (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/20 ring-inset">
            {t('tours.departureNeedsMore', { count: state.more, more: formatLocalNumber(state.more) })}
          </span>
        )}
      </div>
      {state.open ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${headingId}-seats`} className="field-label">
              {t('tours.departureSeats')}
            </label>
            <select id={`${headingId}-seats`} className="field-input w-28" value={seats} onChange={(e) => setSeats(Number(e.target.value))} disabled={sending}>
              {choices.map((n) => (
                <option key={n} value={n}>
                  {formatLocalNumber(n)}
                </option>
              ))}
            </select>
          </div>
          <p className="pb-2 text-sm text-slate-700">{t('tours.departureTotal', { price: formatUsd(departure.pricePerSeatUsd * seats) })}</p>
          {(!isSignedIn || role === 'tourist') && (
            <button type="button" className="btn-primary ml-auto" onClick={() => void join()} disabled={sending} aria-label={t('tours.joinDepartureOn', { dates })}>
              {sending && <SpinnerIcon className="animate-spin" />}
              {isSignedIn ? t('tours.joinDeparture') : t('tours.logInToJoin')}
            </button>
          )}
        </div>
      ) : (
        <p className="mt-3 text-sm font-medium text-slate-600">{state.kind === 'full' ? t('tours.departureFull') : t('tours.departureClosed')}</p>
      )}
      {problem && (
        <div className="mt-3">
          <FormAlert tone="error">{problem}</FormAlert>
        </div>
      )}
    </li>
  )
}

/**
 * A tour's group departures: fixed dates shared with other travellers, sold by the seat.
 * Nothing when the guide has opened none.
 */
export function TourDepartures({ tour }: { tour: PublicTour }) {
  const t = useT()
  const { isSignedIn, role } = useAuth()
  if (tour.departures.length === 0) return null
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="tour-departures">
      <h2 id="tour-departures" className="text-lg font-semibold text-slate-900">
        {t('tours.departuresTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('tours.departuresIntro', { name: tour.guide.firstName })}</p>
      {isSignedIn && role !== 'tourist' && <p className="mt-2 text-sm text-slate-600">{t('tours.onlyTravellersJoin')}</p>}
      <ul className="mt-4 space-y-3" aria-label={t('tours.departuresTitle')}>
        {tour.departures.map((departure) => (
          <DepartureItem key={departure._id} tour={tour} departure={departure} />
        ))}
      </ul>
    </section>
  )
}
