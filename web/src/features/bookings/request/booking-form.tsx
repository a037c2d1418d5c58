import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/form-alert'
import { ClockIcon, SpinnerIcon, UsersIcon } from '../../../components/icons'
import { MonthCalendar, type DayLook } from '../../../components/month-calendar'
import { useAuth } from '../../../lib/auth-store'
import { usePrice } from '../../../lib/currencies'
import { formatTripDate, todayInNepal } from '../../../lib/booking'
import { invalidate, useClientCache } from '../../../lib/cache-provider'
import { addDays, firstUnavailableDay, monthOfDay, tripEnd } from '../../../lib/calendar'
import { AVAILABILITY_TAG, BOOKINGS_TAG } from '../../../lib/cache-tags'
import { useCachedQuery } from '../../../lib/use-cached-query'
import { getGuideAvailability, guideAvailabilityKey, guideAvailabilityTags } from '../api/get-guide-availability'
import { newIdempotencyKey, requestBooking } from '../api/request-booking'
import {
  BOOKING_CLOSE_MS,
  BOOKING_REQUESTED,
  DATE_IN_PAST,
  DAYS_MAX,
  DAYS_MIN,
  DAYS_RANGE,
  DEFAULT_BOOKING_TIME,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  GROUP_SIZE_RANGE,
  MESSAGE_MAX,
  MESSAGE_TOO_LONG,
  SELECT_DATE,
  SELECT_TIME,
  messageLength,
  parseDays,
  parseGroupSize,
  priceSummary,
  unavailableText,
  validateBooking,
  type BookingDraft,
} from './booking-request'
import { useT } from '../../../i18n/messages'
import type { BookableGuide } from './booking-request'
import { AvailabilityNote } from './availability-note'
import { CalendarLegend } from './calendar-legend'
import { Stepper } from './stepper'

type Field = 'date' | 'days' | 'time' | 'groupSize' | 'message'

const FIELD_OF: Record<string, Field> = {
  [SELECT_DATE]: 'date',
  [DATE_IN_PAST]: 'date',
  [DAYS_RANGE]: 'days',
  [SELECT_TIME]: 'time',
  [GROUP_SIZE_RANGE]: 'groupSize',
  [MESSAGE_TOO_LONG]: 'message',
}

type Outcome = { tone: 'error' | 'success'; text: string; field?: Field } | null

/** The calendar shows a year ahead: the most the server's availability answers at once. */
const BOOKABLE_DAYS = 365

/**
 * The booking form itself, for a signed-in traveller and a guide with a rate: checked as
 * typed, sent once per opening of the modal, closed a moment after the request is sent.
 */
export function BookingForm({ guide, onClose }: { guide: BookableGuide & { pricePerDay: number }; onClose: () => void }) {
  const cache = useClientCache()
  const t = useT()
  const { isSignedIn } = useAuth()
  const ids = { date: useId(), days: useId(), time: useId(), groupSize: useId(), message: useId(), messageCount: useId(), outcome: useId(), range: useId() }
  const refs = {
    date: useRef<HTMLFieldSetElement>(null),
    days: useRef<HTMLInputElement>(null),
    time: useRef<HTMLInputElement>(null),
    groupSize: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  }
  const [draft, setDraft] = useState<BookingDraft>({ date: '', time: DEFAULT_BOOKING_TIME, groupSize: '1', days: '1', message: '' })
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  // One key for this opening of the modal: every try of it is the same booking attempt.
  const [attemptKey] = useState(newIdempotencyKey)
  const closeTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(closeTimer.current), [])

  const today = todayInNepal()
  const lastBookable = addDays(today, BOOKABLE_DAYS)
  const [month, setMonth] = useState(monthOfDay(today))
  const availability = useCachedQuery({
    key: guideAvailabilityKey(guide.guideId, today, lastBookable),
    tags: guideAvailabilityTags,
    load: () => getGuideAvailability(guide.guideId, today, lastBookable),
  })
  const unavailable = useMemo(() => new Set(availability.data ?? []), [availability.data])

  const done = outcome?.tone === 'success'
  const size = parseGroupSize(draft.groupSize)
  const days = parseDays(draft.days)
  const price = usePrice()
  const summary = priceSummary(guide.pricePerDay, size ?? GROUP_SIZE_MIN, days ?? DAYS_MIN, price.show)
  // Converted prices are approximate; what checkout charges is stated in dollars beside them.
  const charged = price.approx(guide.pricePerDay) === null ? null : priceSummary(guide.pricePerDay, size ?? GROUP_SIZE_MIN, days ?? DAYS_MIN).total
  const end = draft.date && days ? tripEnd(draft.date, days) : null
  const clash = draft.date && days ? firstUnavailableDay(draft.date, days, unavailable) : null
  const typed = messageLength(draft.message)

  function edit(field: Field, value: string) {
    setDraft((d) => ({ ...d, [field]: value }))
    if (outcome?.field === field || outcome?.tone === 'error') setOutcome(null)
  }

  function step(field: 'groupSize' | 'days', by: number) {
    const [min, max, now] = field === 'groupSize' ? [GROUP_SIZE_MIN, GROUP_SIZE_MAX, size] : [DAYS_MIN, DAYS_MAX, days]
    edit(field, String(Math.min(max, Math.max(min, (now ?? min) + by))))
  }

  function look(day: string): DayLook {
    const outside = day < today || day > lastBookable
    const busy = unavailable.has(day)
    const inTrip = draft.date !== '' && end !== null && day >= draft.date && day <= end
    if (inTrip && busy) return { tone: 'conflict', disabled: true, note: t('guides.dayConflict') }
    if (day === draft.date) return { tone: 'picked', pressed: true, note: t('guides.dayFirst') }
    if (inTrip) return { tone: 'inTrip', disabled: outside, note: t('guides.dayInTrip') }
    if (outside) return { tone: 'off', disabled: true, note: t('guides.dayNotBookable') }
    if (busy) return { tone: 'off', disabled: true, note: t('guides.dayUnavailable') }
    return { tone: 'free' }
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (sending || done) return
    const invalid = validateBooking(draft, today, isSignedIn, unavailable)
    if (invalid) {
      const field = FIELD_OF[invalid] ?? (clash ? 'date' : undefined)
      setOutcome({ tone: 'error', text: invalid, field })
      if (field === 'date') refs.date.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus()
      else if (field) refs[field].current?.focus()
      return
    }
    setSending(true)
    setOutcome(null)
    const message = draft.message.trim()
    const result = await requestBooking(
      {
        guideId: guide.guideId,
        selectedDate: draft.date,
        selectedTime: draft.time,
        groupSize: size ?? GROUP_SIZE_MIN,
        days: days ?? DAYS_MIN,
        ...(message ? { message } : {}),
        pricePerPerson: guide.pricePerDay,
      },
      attemptKey,
    )
    setSending(false)
    if (!result.ok) {
      setOutcome({ tone: 'error', text: result.message })
      // Someone else may have taken those days meanwhile: show the calendar as it is now.
      if (result.status === 409) invalidate(cache, AVAILABILITY_TAG)
      return
    }
    setOutcome({ tone: 'success', text: result.data.message || BOOKING_REQUESTED })
    // The traveller's dashboard lists it from now on.
    invalidate(cache, BOOKINGS_TAG)
    closeTimer.current = window.setTimeout(onClose, BOOKING_CLOSE_MS)
  }

  const invalid = (field: Field) => (outcome?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.outcome } : {})
  const locked = sending || done

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('guides.bookName', { name: `${guide.firstName} ${guide.lastName}` })}>
      <p className="text-sm text-slate-600">{t('guides.bookingIntro', { name: guide.firstName })}</p>
      <fieldset ref={refs.date} aria-describedby={ids.range} {...(outcome?.field === 'date' ? { 'aria-invalid': true } : {})}>
        <legend id={ids.date} className="field-label">
          {t('guides.firstDay')}
        </legend>
        <MonthCalendar
          label={t('guides.firstDay')}
          month={month}
          onMonthChange={setMonth}
          firstMonth={monthOfDay(today)}
          lastMonth={monthOfDay(lastBookable)}
          look={look}
          onPick={(day) => edit('date', day)}
          initialFocus={draft.date || today}
          busy={locked}
        />
        <CalendarLegend />
        <AvailabilityNote status={availability.status} error={availability.error} onRetry={availability.reload} />
        <div id={ids.range} aria-live="polite" className="mt-2 text-sm">
          {clash ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">{unavailableText(clash)}</p>
          ) : draft.date && end ? (
            <p className="text-slate-700">
              {t.rich(end !== draft.date ? 'guides.yourTripRange' : 'guides.yourTripDay', {
                start: formatTripDate(draft.date),
                end: formatTripDate(end),
                b: (chunks) => <strong key={String(chunks)}>{chunks}</strong>,
              })}
            </p>
          ) : null}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Stepper
          id={ids.days}
          inputRef={refs.days}
          label={t('guides.tripLength')}
          unit={t('guides.inDays')}
          value={draft.days}
          min={DAYS_MIN}
          max={DAYS_MAX}
          current={days}
          onChange={(v) => edit('days', v)}
          onStep={(by) => step('days', by)}
          names={[t('guides.oneDayFewer'), t('guides.oneDayMore')]}
          locked={locked}
          invalid={invalid('days')}
          hint={t('guides.daysHint', { min: DAYS_MIN, max: DAYS_MAX })}
        />
        <div>
          <label htmlFor={ids.time} className="field-label">
            {t('guides.startTime')}
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-500">
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
      <Stepper
        id={ids.groupSize}
        inputRef={refs.groupSize}
        label={t('guides.groupSize')}
        icon={<UsersIcon />}
        value={draft.groupSize}
        min={GROUP_SIZE_MIN}
        max={GROUP_SIZE_MAX}
        current={size}
        onChange={(v) => edit('groupSize', v)}
        onStep={(by) => step('groupSize', by)}
        names={[t('guides.onePersonFewer'), t('guides.onePersonMore')]}
        locked={locked}
        invalid={invalid('groupSize')}
        hint={t('guides.peopleHint', { min: GROUP_SIZE_MIN, max: GROUP_SIZE_MAX })}
      />
      <div>
        <label htmlFor={ids.message} className="field-label">
          {t('guides.messageTo', { name: guide.firstName })} <span className="font-normal text-slate-500">{t('guides.optional')}</span>
        </label>
        <textarea
          ref={refs.message}
          id={ids.message}
          rows={3}
          value={draft.message}
          onChange={(e) => edit('message', e.target.value)}
          disabled={locked}
          placeholder={t('guides.messagePlaceholder')}
          aria-describedby={ids.messageCount}
          className="field-input resize-y"
          {...invalid('message')}
        />
        <p id={ids.messageCount} className={`mt-1 text-right text-xs ${typed > MESSAGE_MAX ? 'font-semibold text-red-700' : 'text-slate-500'}`}>
          {t('guides.characterCount', { typed, max: MESSAGE_MAX })}
        </p>
      </div>

      <section aria-label={t('guides.priceSummary')} className="rounded-xl bg-himal-50 p-4 text-sm">
        <div className="flex items-center justify-between gap-3 text-slate-700">
          <span>{t('guides.summaryLine', { price: summary.perPerson, people: summary.people, days: summary.days })}</span>
          <span>{summary.total}</span>
        </div>
        <div className="mt-2 flex items-center justify-between gap-3 border-t border-himal-100 pt-2 font-semibold text-himal-900">
          <span>{t('guides.total')}</span>
          <span className="text-lg">{summary.total}</span>
        </div>
        {charged && <p className="mt-1 text-xs font-medium text-slate-700">{t('guides.chargedInDollars', { amount: charged })}</p>}
        <p className="mt-1 text-xs text-slate-500">{t('guides.priceNote')}</p>
      </section>

      <div id={ids.outcome}>
        {outcome && (
          <FormAlert tone={outcome.tone}>
            {t(outcome.text)}
            {done && (
              <>
                {' '}
                <Link to="/dashboard" className="text-link">
                  {t('guides.seeYourTrips')}
                </Link>
              </>
            )}
          </FormAlert>
        )}
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={sending}>
          {t('guides.cancel')}
        </button>
        <button type="submit" className="btn-accent" disabled={locked} aria-busy={sending}>
          {sending ? (
            <>
              <SpinnerIcon className="animate-spin" /> {t('guides.sendingRequest')}
            </>
          ) : (
            t('guides.requestBooking')
          )}
        </button>
      </div>
    </form>
  )
}
