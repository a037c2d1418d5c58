import { useMemo, useState } from 'react'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { MonthCalendar, type DayLook } from '../../components/month-calendar'
import { todayInNepal, type Booking } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { AVAILABILITY_TAG } from '../../lib/cache-tags'
import { addDays, monthOfDay } from '../../lib/calendar'
import { useCachedQuery } from '../../lib/use-cached-query'
import { BLOCKED_DAYS_LOAD_FAILED, blockedDaysKey, blockedDaysTags, getBlockedDays } from './api/get-blocked-days'
import { saveBlockedDays } from './api/save-blocked-days'
import { daysOffSummary, takenDays, toggleDay } from './days-off'
import { translate, useT } from '../../i18n/messages'

/** A guide keeps days off up to a year ahead (the server takes at most 366). */
const AHEAD = 365

type Saved = { tone: 'success' | 'error'; text: string } | null

/**
 * The guide's calendar: click a free day to block it, a blocked one to free it, then save.
 * Days of approved trips show as taken and cannot be blocked. Unsaved changes stay on
 * screen when saving fails.
 */
export function DaysOffPanel({ trips }: { trips: Booking[] }) {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: blockedDaysKey, tags: blockedDaysTags, load: getBlockedDays })
  const today = todayInNepal()
  const last = addDays(today, AHEAD)
  const [month, setMonth] = useState(monthOfDay(today))
  // The guide's edits, over the days the server keeps, until they are saved.
  const [draft, setDraft] = useState<Set<string> | null>(null)
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState<Saved>(null)
  const kept = useMemo(() => new Set((query.data ?? []).filter((d) => d >= today)), [query.data, today])
  const blocked = draft ?? kept
  const taken = useMemo(() => takenDays(trips), [trips])
  const changed = draft !== null && (draft.size !== kept.size || [...draft].some((d) => !kept.has(d)))

  function look(day: string): DayLook {
    if (day < today || day > last) return { tone: 'off', disabled: true, note: t('bookings.dayNotOpen') }
    if (taken.has(day)) return { tone: 'taken', disabled: true, note: t('bookings.dayTripBooked') }
    if (blocked.has(day)) return { tone: 'blocked', pressed: true, note: t('bookings.dayOffNote') }
    return { tone: 'free', note: t('bookings.dayFree') }
  }

  function pick(day: string) {
    setDraft(toggleDay(blocked, day))
    setSaved(null)
  }

  async function save() {
    if (!draft || saving) return
    setSaving(true)
    setSaved(null)
    const result = await saveBlockedDays([...draft].filter((d) => d >= today).sort())
    setSaving(false)
    if (!result.ok) {
      setSaved({ tone: 'error', text: result.message })
      return
    }
    setDraft(null)
    setSaved({ tone: 'success', text: translate('bookings.savedSummary', { summary: daysOffSummary(result.data.filter((d) => d >= today).length) }) })
    // Travellers' calendars and this one read the same days.
    invalidate(cache, AVAILABILITY_TAG)
  }

  if (query.status === 'loading')
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
        <SpinnerIcon className="animate-spin" /> {t('bookings.loadingDaysOff')}
      </p>
    )
  if (query.status === 'error' && query.data === undefined)
    return (
      <div className="space-y-3">
        <FormAlert tone="error">{t(query.error ?? BLOCKED_DAYS_LOAD_FAILED)}</FormAlert>
        <button type="button" className="btn-secondary" onClick={query.reload}>
          {t('bookings.tryAgain')}
        </button>
      </div>
    )

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,24rem)_1fr] md:items-start">
      <MonthCalendar
        label={t('bookings.daysOff')}
        month={month}
        onMonthChange={setMonth}
        firstMonth={monthOfDay(today)}
        lastMonth={monthOfDay(last)}
        look={look}
        onPick={pick}
        initialFocus={today}
        busy={saving}
      />
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{t('bookings.daysOffIntro')}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded bg-slate-700" /> {t('bookings.dayOff')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded bg-marigold-100" /> {t('bookings.tripBooked')}
          </span>
        </p>
        <p className="text-sm text-slate-700" aria-live="polite">
          {daysOffSummary(blocked.size)}
          {changed && <span className="font-semibold text-marigold-800"> {t('bookings.notSavedYet')}</span>}
        </p>
        {saved && <FormAlert tone={saved.tone}>{t(saved.text)}</FormAlert>}
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={save} disabled={!changed || saving} aria-busy={saving}>
            {saving ? (
              <>
                <SpinnerIcon className="animate-spin" /> {t('bookings.saving')}
              </>
            ) : (
              t('bookings.saveDaysOff')
            )}
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setDraft(null)
              setSaved(null)
            }}
            disabled={!changed || saving}
          >
            {t('bookings.undoChanges')}
          </button>
        </div>
      </div>
    </div>
  )
}
