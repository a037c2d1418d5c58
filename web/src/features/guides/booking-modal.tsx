import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { CalendarIcon, ClockIcon, SpinnerIcon, UsersIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { useAuth } from '../../lib/auth-store'
import { todayInNepal } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { newIdempotencyKey, requestBooking } from './api/request-booking'
import {
  BOOKING_CLOSE_MS,
  BOOKING_REQUESTED,
  DATE_IN_PAST,
  DEFAULT_BOOKING_TIME,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  GROUP_SIZE_RANGE,
  GUIDES_CANNOT_BOOK,
  LOGIN_TO_BOOK,
  SELECT_DATE,
  SELECT_TIME,
  parseGroupSize,
  priceSummary,
  validateBooking,
  type BookingDraft,
} from './booking-request'

export type BookableGuide = { guideId: string; firstName: string; lastName: string; pricePerDay: number | null }

type BookingModalProps = { open: boolean; onClose: () => void; guide: BookableGuide }

/**
 * 'Book Experience': a date, a start time and a group size with the price they come to.
 * Only a traveller gets the form; anyone signed out is asked to log in, and a guide or an
 * admin is told that only travellers book.
 */
export function BookingModal({ open, onClose, guide }: BookingModalProps) {
  const { isSignedIn, role } = useAuth()
  return (
    <ModalDialog open={open} title={`Book ${guide.firstName}`} onClose={onClose}>
      {!isSignedIn ? (
        <SignedOut />
      ) : role !== 'tourist' ? (
        <NotATraveller role={role} onClose={onClose} />
      ) : guide.pricePerDay === null ? (
        <NoRate guide={guide} onClose={onClose} />
      ) : (
        <BookingForm guide={{ ...guide, pricePerDay: guide.pricePerDay }} onClose={onClose} />
      )}
    </ModalDialog>
  )
}

function SignedOut() {
  return (
    <div className="space-y-5">
      <FormAlert tone="error">{LOGIN_TO_BOOK}</FormAlert>
      <p className="text-sm text-slate-600">Log in with your traveller account to choose a date and send your request. New to Yatra? Signing up takes a minute.</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/signup" className="btn-secondary">
          Sign up
        </Link>
        <Link to="/login" className="btn-primary">
          Log in
        </Link>
      </div>
    </div>
  )
}

function NotATraveller({ role, onClose }: { role: string | null; onClose: () => void }) {
  return (
    <div className="space-y-5">
      <FormAlert tone="error">{GUIDES_CANNOT_BOOK}</FormAlert>
      <p className="text-sm text-slate-600">
        {role === 'guide' ? 'You are signed in as a tour guide, and guides cannot book other guides.' : 'You are signed in with an account that cannot book.'} To
        book a trip, log in with a traveller account.
      </p>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  )
}

function NoRate({ guide, onClose }: { guide: BookableGuide; onClose: () => void }) {
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        {guide.firstName} has not set a daily rate yet, so online booking is not open. You can write to them from the contact details on this page.
      </p>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  )
}

type Field = 'date' | 'time' | 'groupSize'

const FIELD_OF: Record<string, Field> = { [SELECT_DATE]: 'date', [DATE_IN_PAST]: 'date', [SELECT_TIME]: 'time', [GROUP_SIZE_RANGE]: 'groupSize' }

type Outcome = { tone: 'error' | 'success'; text: string; field?: Field } | null

function BookingForm({ guide, onClose }: { guide: BookableGuide & { pricePerDay: number }; onClose: () => void }) {
  const cache = useClientCache()
  const { isSignedIn } = useAuth()
  const ids = { date: useId(), time: useId(), groupSize: useId(), message: useId() }
  const refs = { date: useRef<HTMLInputElement>(null), time: useRef<HTMLInputElement>(null), groupSize: useRef<HTMLInputElement>(null) }
  const [draft, setDraft] = useState<BookingDraft>({ date: '', time: DEFAULT_BOOKING_TIME, groupSize: '1' })
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  // One key for this opening of the modal: every try of it is the same booking attempt.
  const [attemptKey] = useState(newIdempotencyKey)
  const closeTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(closeTimer.current), [])

  const today = todayInNepal()
  const done = outcome?.tone === 'success'
  const size = parseGroupSize(draft.groupSize)
  const summary = priceSummary(guide.pricePerDay, size ?? GROUP_SIZE_MIN)

  function edit(field: Field, value: string) {
    setDraft((d) => ({ ...d, [field]: value }))
    if (outcome?.field === field) setOutcome(null)
  }

  function step(by: number) {
    const next = Math.min(GROUP_SIZE_MAX, Math.max(GROUP_SIZE_MIN, (size ?? GROUP_SIZE_MIN) + by))
    edit('groupSize', String(next))
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (sending || done) return
    const invalid = validateBooking(draft, today, isSignedIn)
    if (invalid) {
      const field = FIELD_OF[invalid]
      setOutcome({ tone: 'error', text: invalid, field })
      if (field) refs[field].current?.focus()
      return
    }
    setSending(true)
    setOutcome(null)
    const result = await requestBooking(
      { guideId: guide.guideId, selectedDate: draft.date, selectedTime: draft.time, groupSize: size ?? GROUP_SIZE_MIN, pricePerPerson: guide.pricePerDay },
      attemptKey,
    )
    setSending(false)
    if (!result.ok) {
      setOutcome({ tone: 'error', text: result.message })
      return
    }
    setOutcome({ tone: 'success', text: result.data.message || BOOKING_REQUESTED })
    // The traveller's dashboard lists it from now on.
    invalidate(cache, BOOKINGS_TAG)
    closeTimer.current = window.setTimeout(onClose, BOOKING_CLOSE_MS)
  }

  const invalid = (field: Field) => (outcome?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.message } : {})
  const locked = sending || done

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Book ${guide.firstName} ${guide.lastName}`}>
      <p className="text-sm text-slate-600">
        Choose a day and your group. {guide.firstName} answers your request, and you pay only once it is approved.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.date} className="field-label">
            Date
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-400">
              <CalendarIcon />
            </span>
            <input
              ref={refs.date}
              id={ids.date}
              type="date"
              min={today}
              value={draft.date}
              onChange={(e) => edit('date', e.target.value)}
              disabled={locked}
              required
              className="field-input pl-10"
              {...invalid('date')}
            />
          </div>
        </div>
        <div>
          <label htmlFor={ids.time} className="field-label">
            Start time
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-400">
              <ClockIcon />
            </span>
            <input
              ref={refs.time}
              id={ids.time}
              type="time"
              value={draft.time}
              onChange={(e) => edit('time', e.target.value)}
              disabled={locked}
              required
              className="field-input pl-10"
              {...invalid('time')}
            />
          </div>
        </div>
      </div>
      <div>
        <label htmlFor={ids.groupSize} className="field-label">
          Group size
        </label>
        <div className="flex items-stretch gap-2">
          <button type="button" className="btn-secondary w-12 px-0 py-0 text-lg" aria-label="One person fewer" onClick={() => step(-1)} disabled={locked || (size ?? 1) <= GROUP_SIZE_MIN}>
            −
          </button>
          <div className="relative flex-1">
            <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-400">
              <UsersIcon />
            </span>
            <input
              ref={refs.groupSize}
              id={ids.groupSize}
              type="number"
              inputMode="numeric"
              min={GROUP_SIZE_MIN}
              max={GROUP_SIZE_MAX}
              step={1}
              value={draft.groupSize}
              onChange={(e) => edit('groupSize', e.target.value)}
              disabled={locked}
              required
              className="field-input pl-10"
              {...invalid('groupSize')}
            />
          </div>
          <button type="button" className="btn-secondary w-12 px-0 py-0 text-lg" aria-label="One person more" onClick={() => step(1)} disabled={locked || (size ?? 1) >= GROUP_SIZE_MAX}>
            +
          </button>
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {GROUP_SIZE_MIN} to {GROUP_SIZE_MAX} people
        </p>
      </div>

      <section aria-label="Price summary" className="rounded-xl bg-himal-50 p-4 text-sm">
        <div className="flex items-center justify-between gap-3 text-slate-700">
          <span>
            {summary.perPerson} × {summary.people}
          </span>
          <span>{summary.total}</span>
        </div>
        <div className="mt-2 flex items-center justify-between gap-3 border-t border-himal-100 pt-2 font-semibold text-himal-900">
          <span>Total</span>
          <span className="text-lg">{summary.total}</span>
        </div>
        <p className="mt-1 text-xs text-slate-500">Price per day for each person.</p>
      </section>

      <div id={ids.message}>
        {outcome && (
          <FormAlert tone={outcome.tone}>
            {outcome.text}
            {done && (
              <>
                {' '}
                <Link to="/dashboard" className="text-link">
                  See your trips
                </Link>
              </>
            )}
          </FormAlert>
        )}
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={sending}>
          Cancel
        </button>
        <button type="submit" className="btn-accent" disabled={locked} aria-busy={sending}>
          {sending ? (
            <>
              <SpinnerIcon className="animate-spin" /> Sending request...
            </>
          ) : (
            'Request Booking'
          )}
        </button>
      </div>
    </form>
  )
}
