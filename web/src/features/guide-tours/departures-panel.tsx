import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { CalendarIcon, PlusIcon, SpinnerIcon, TrashIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { useT } from '../../i18n/messages'
import { formatTripDate } from '../../lib/booking'
import { BOOKINGS_TAG, TOURS_TAG, tourTag } from '../../lib/cache-tags'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { formatLocalNumber } from '../../lib/intl-formats'
import { formatDollars } from '../../lib/money'
import { useCachedQuery } from '../../lib/use-cached-query'
import type { Tour } from '../tours/api/tours'
import { cancelDeparture, departuresKey, departuresTags, openDeparture, tourDepartures, type GuideDeparture } from './api/departures'
import { departureForm, emptyDepartureForm, type DepartureForm } from './departure-form'
import { BookingList, LoadState } from './tour-bookings'

const STATUS_STYLE: Record<GuideDeparture['status'], string> = {
  open: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  cancelled: 'bg-slate-200 text-slate-600 ring-slate-500/30',
}

function DepartureRow({ departure, onCancel }: { departure: GuideDeparture; onCancel: () => void }) {
  const t = useT()
  const taken = departure.seats - departure.seatsLeft
  const dates = t('guideTours.departureDates', { from: formatTripDate(departure.startDate), to: formatTripDate(departure.endDate) })
  // Open until the tour's booking notice, but it runs as soon as its minimum has paid.
  const shown = departure.status === 'open' && departure.confirmed ? 'confirmed' : departure.status
  const holding = departure.bookings.filter((b) => b.bookingStatus === 'approved' || b.bookingStatus === 'completed')
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid="guide-departure" aria-label={dates}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold text-slate-900">
            <CalendarIcon className="shrink-0 text-himal-600" /> {dates}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {t('guideTours.departureSeats', {
              paid: formatLocalNumber(departure.seatsPaid),
              taken: formatLocalNumber(taken),
              seats: formatLocalNumber(departure.seats),
              min: formatLocalNumber(departure.minToRun),
            })}{' '}
            · {t('guideTours.departurePrice', { price: formatDollars(departure.pricePerSeatUsd) })}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLE[shown]}`}>{t('guideTours.departureStatus', { status: shown })}</span>
      </div>
      {holding.length > 0 && (
        <div className="mt-2">
          <BookingList bookings={holding} payment />
        </div>
      )}
      {departure.status !== 'cancelled' && (
        <button
          type="button"
          className="btn mt-3 border border-red-300 bg-white px-3 text-red-700 hover:bg-red-50"
          onClick={onCancel}
          aria-label={t('guideTours.cancelDepartureOn', { dates })}
        >
          <TrashIcon /> {t('guideTours.cancelDeparture')}
        </button>
      )}
    </li>
  )
}

function OpenDepartureForm({ tour, onOpened }: { tour: Tour; onOpened: () => void }) {
  const t = useT()
  const [form, setForm] = useState<DepartureForm>(() => emptyDepartureForm(tour))
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (field: keyof DepartureForm) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const checked = departureForm(form, tour)
    if (!checked.ok) {
      setProblem(t(checked.message, checked.values))
      return
    }
    setProblem(null)
    setBusy(true)
    const result = await openDeparture(tour._id, checked.request)
    setBusy(false)
    if (!result.ok) {
      setProblem(result.message)
      return
    }
    setForm(emptyDepartureForm(tour))
    onOpened()
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3 rounded-xl bg-slate-50 p-4" aria-label={t('guideTours.openDeparture')}>
      <h3 className="font-semibold text-slate-900">{t('guideTours.openDeparture')}</h3>
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="departure-start" className="field-label">
            {t('guideTours.departureStart')}
          </label>
          <input id="departure-start" type="date" className="field-input" value={form.startDate} onChange={set('startDate')} required />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="departure-seats" className="field-label">
            {t('guideTours.departureSeatsField')}
          </label>
          <input
            id="departure-seats"
            type="number"
            inputMode="numeric"
            min={1}
            max={tour.maxGroupSize}
            className="field-input"
            value={form.seats}
            onChange={set('seats')}
            required
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="departure-min" className="field-label">
            {t('guideTours.departureMinField')}
          </label>
          <input id="departure-min" type="number" inputMode="numeric" min={1} className="field-input" value={form.minToRun} onChange={set('minToRun')} required />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="departure-price" className="field-label">
            {t('guideTours.departurePriceField')}
          </label>
          <input id="departure-price" type="number" inputMode="decimal" min={0.01} step={0.01} className="field-input" value={form.price} onChange={set('price')} required />
        </div>
      </div>
      <p className="text-xs text-slate-600">{t('guideTours.departureRule', { hours: formatLocalNumber(tour.cutoffHours) })}</p>
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? <SpinnerIcon className="animate-spin" /> : <PlusIcon />} {t('guideTours.openDepartureAction')}
      </button>
    </form>
  )
}

/**
 * A published tour's group departures in its editor: each one's seats, minimum and
 * travellers, cancelling one (after a confirmation), and opening another.
 */
export function DeparturesPanel({ tour }: { tour: Tour }) {
  const t = useT()
  const cache = useClientCache()
  const query = useCachedQuery({ key: departuresKey(tour._id), tags: departuresTags(tour._id), load: (signal) => tourDepartures(tour._id, signal) })
  const [cancelling, setCancelling] = useState<GuideDeparture | null>(null)
  const [cancelError, setCancelError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const changed = () => invalidate(cache, tourTag(tour._id), TOURS_TAG, BOOKINGS_TAG)
  const location = useLocation()
  const sectionRef = useRef<HTMLElement>(null)
  // "Group departures" on My tours leads here: the editor above is long.
  useEffect(() => {
    if (location.hash === '#departures') sectionRef.current?.scrollIntoView()
  }, [location.hash])

  async function confirmCancel() {
    if (!cancelling) return
    setBusy(true)
    setCancelError(null)
    const result = await cancelDeparture(cancelling._id)
    setBusy(false)
    if (!result.ok) {
      setCancelError(result.message)
      return
    }
    setCancelling(null)
    setDone(t('guideTours.departureCancelled'))
    changed()
  }

  const departures = query.data ?? []
  return (
    <section ref={sectionRef} id="departures" className="card scroll-mt-20 p-5 sm:p-8" aria-labelledby="tour-departures-heading">
      <h2 id="tour-departures-heading" className="text-lg font-semibold text-slate-900">
        {t('guideTours.departuresTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('guideTours.departuresIntro')}</p>
      <div className="mt-4 space-y-3" aria-live="polite">
        {done && <FormAlert tone="success">{done}</FormAlert>}
        <LoadState query={query} loading={t('guideTours.loadingDepartures')} />
        {query.status === 'success' && departures.length === 0 && <p className="text-sm text-slate-600">{t('guideTours.noDepartures')}</p>}
        {departures.length > 0 && (
          <ul className="space-y-3" aria-label={t('guideTours.departuresTitle')}>
            {departures.map((departure) => (
              <DepartureRow
                key={departure._id}
                departure={departure}
                onCancel={() => {
                  setDone(null)
                  setCancelError(null)
                  setCancelling(departure)
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <OpenDepartureForm
        tour={tour}
        onOpened={() => {
          setDone(t('guideTours.departureOpened'))
          changed()
        }}
      />
      <ModalDialog open={cancelling !== null} title={t('guideTours.cancelDepartureTitle')} onClose={() => !busy && setCancelling(null)}>
        {cancelling && (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm font-semibold text-slate-900">
            {t('guideTours.departureDates', { from: formatTripDate(cancelling.startDate), to: formatTripDate(cancelling.endDate) })}
          </p>
        )}
        <p className="mt-3 text-slate-700">{t('guideTours.cancelDepartureConfirm')}</p>
        {cancelError && (
          <div className="mt-3">
            <FormAlert tone="error">{cancelError}</FormAlert>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => setCancelling(null)} disabled={busy}>
            {t('guideTours.keepDeparture')}
          </button>
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => void confirmCancel()} disabled={busy} aria-busy={busy}>
            {busy ? <SpinnerIcon className="animate-spin" /> : <TrashIcon />} {t('guideTours.cancelDepartureAction')}
          </button>
        </div>
      </ModalDialog>
    </section>
  )
}
