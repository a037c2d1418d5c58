import { useEffect, useState } from 'react'
import { SpinnerIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'
import { AcclimatisationPanel } from '../tours/acclimatisation-panel'
import { AltitudeProfile } from '../tours/altitude-profile'
import type { Acclimatisation } from '../tours/api/tours'
import { DayCard, dayControlId } from './day-card'
import { addDayAfter, dayField, dayHasText, moveDay, removeDay, updateDay, type DayDraft, type DraftErrors } from './tour-draft'
import type { AltitudeCheck } from './use-altitude-check'

type Focus = { key: string; control: 'title' | 'up' | 'down' }

/** The check's latest answer, kept on screen while a new one is asked. */
export const latestAcclimatisation = (check: AltitudeCheck): Acclimatisation | null => (check.state === 'ready' ? check.acclimatisation : check.last)

type ItineraryEditorProps = {
  days: DayDraft[]
  /** The parent's live altitude check of these days (`useAltitudeCheck`). */
  check: AltitudeCheck
  errors: DraftErrors
  disabled: boolean
  /** The new list; `edited` names the fields whose messages the change answers. */
  onChange: (days: DayDraft[], edited: string[]) => void
}

/**
 * The day-by-day itinerary as a guide edits it — a tour's or a custom offer's: each day's
 * card, add, move and remove (asking first when the day has text), focus following the
 * day that moved, and beside it the live altitude check of the nights.
 */
export function ItineraryEditor({ days, check, errors, disabled, onChange }: ItineraryEditorProps) {
  const t = useT()
  const [focus, setFocus] = useState<Focus | null>(null)
  const [removing, setRemoving] = useState<DayDraft | null>(null)

  // Focus follows a moved, added or removed day.
  useEffect(() => {
    if (!focus) return
    const target = document.getElementById(dayControlId(focus.key, focus.control)) as HTMLButtonElement | null
    // At the top or bottom its move button is disabled: the other one takes the focus.
    const fallback = document.getElementById(dayControlId(focus.key, focus.control === 'up' ? 'down' : 'up'))
    ;(target && !target.disabled ? target : (fallback ?? target))?.focus()
    setFocus(null)
  }, [focus])

  function changeDay(key: string, update: Partial<Omit<DayDraft, 'key'>>) {
    onChange(
      updateDay(days, key, update),
      Object.keys(update).map((field) => dayField(key, field as keyof Omit<DayDraft, 'key'>)),
    )
  }

  function addAfter(key: string) {
    const { days: next, added } = addDayAfter(days, key)
    onChange(next, ['days'])
    setFocus({ key: added, control: 'title' })
  }

  function move(key: string, by: -1 | 1) {
    onChange(moveDay(days, key, by), ['days'])
    setFocus({ key, control: by === -1 ? 'up' : 'down' })
  }

  function confirmRemove(day: DayDraft) {
    if (dayHasText(day)) setRemoving(day)
    else remove(day.key)
  }

  function remove(key: string) {
    const at = days.findIndex((d) => d.key === key)
    const next = removeDay(days, key)
    onChange(next, ['days'])
    setRemoving(null)
    const neighbour = next[Math.max(0, at - 1)]
    if (neighbour) setFocus({ key: neighbour.key, control: 'title' })
  }

  const acclimatisation = latestAcclimatisation(check)
  const warningsOfDay = (day: number) => (acclimatisation?.warnings ?? []).filter((w) => w.day === day)
  const profileDays = days.map((d) => ({
    sleepPlace: d.sleepPlace,
    sleepAltitudeM: check.state === 'ready' ? (d.sleepAltitudeM.trim() === '' ? null : Number(d.sleepAltitudeM)) : null,
  }))

  return (
    <>
      {errors.days && <p className="mt-2 text-sm font-medium text-red-700">{errors.days}</p>}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <ol className="space-y-4">
          {days.map((day, i) => (
            <DayCard
              key={day.key}
              day={day}
              index={i}
              count={days.length}
              warnings={warningsOfDay(i + 1)}
              needsAltitude={check.state === 'missing' && check.day === i + 1}
              errors={errors}
              disabled={disabled}
              onChange={(update) => changeDay(day.key, update)}
              onAddAfter={() => addAfter(day.key)}
              onRemove={() => confirmRemove(day)}
              onMove={(by) => move(day.key, by)}
            />
          ))}
        </ol>
        <aside className="space-y-4 lg:sticky lg:top-24" aria-label={t('guideTours.liveCheck')}>
          <div aria-live="polite" className="text-sm" data-testid="altitude-check-state">
            {check.state === 'checking' && (
              <p className="flex items-center gap-2 text-slate-600">
                <SpinnerIcon className="animate-spin" /> {t('guideTours.checking')}
              </p>
            )}
            {check.state === 'missing' && (
              <p className="rounded-xl bg-marigold-50 px-3 py-2 text-marigold-900">{t('guideTours.needsAltitude', { day: formatLocalNumber(check.day) })}</p>
            )}
            {check.state === 'invalid' && (
              <p className="rounded-xl bg-marigold-50 px-3 py-2 text-marigold-900">{t('guideTours.invalidAltitude', { day: formatLocalNumber(check.day) })}</p>
            )}
            {check.state === 'error' && <p className="rounded-xl bg-red-50 px-3 py-2 text-red-800">{check.message}</p>}
          </div>
          {acclimatisation && <AcclimatisationPanel acclimatisation={acclimatisation} headingLevel="h3" />}
          {check.state === 'ready' && <AltitudeProfile days={profileDays} warnings={check.acclimatisation.warnings} />}
        </aside>
      </div>

      <ModalDialog open={removing !== null} title={t('guideTours.removeDayTitle')} onClose={() => setRemoving(null)}>
        <p className="text-slate-700">{t('guideTours.removeDayConfirm', { title: removing?.title.trim() || t('guideTours.untitled') })}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => setRemoving(null)}>
            {t('guideTours.keepDay')}
          </button>
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => removing && remove(removing.key)}>
            {t('guideTours.removeDayAction')}
          </button>
        </div>
      </ModalDialog>
    </>
  )
}
