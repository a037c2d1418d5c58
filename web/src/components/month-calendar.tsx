import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { WEEKDAYS, addMonths, formatDayName, formatDayNumber, formatMonth, monthOfDay, monthWeeks, moveByKey, type Month } from '../lib/calendar'
import { useT } from '../i18n/messages'
import { ArrowLeftIcon, ArrowRightIcon } from './icons'

/** How one day cell looks and whether it can be picked. */
export type DayLook = {
  /** Not pickable: it is still reachable by keyboard and read out as unavailable. */
  disabled?: boolean
  /** Picked (the start of a trip, a blocked day...). */
  pressed?: boolean
  tone: 'free' | 'picked' | 'inTrip' | 'conflict' | 'blocked' | 'taken' | 'off'
  /** Said after the day's name, e.g. 'unavailable'. */
  note?: string
}

const TONES: Record<DayLook['tone'], string> = {
  free: 'bg-white text-slate-900 hover:bg-himal-50',
  picked: 'bg-himal-700 text-white font-semibold',
  inTrip: 'bg-himal-100 text-himal-900 font-semibold',
  conflict: 'bg-red-100 text-red-800 font-semibold line-through',
  blocked: 'bg-slate-700 text-white font-semibold',
  taken: 'bg-marigold-100 text-marigold-900 font-semibold',
  off: 'bg-slate-50 text-slate-500 line-through',
}

type MonthCalendarProps = {
  /** The grid's accessible name, e.g. 'Start day'. */
  label: string
  month: Month
  onMonthChange: (month: Month) => void
  /** Months before `firstMonth` or after `lastMonth` cannot be shown. */
  firstMonth: Month
  lastMonth: Month
  look: (day: string) => DayLook
  onPick: (day: string) => void
  /** The day focus goes to first: the picked one, else today. */
  initialFocus: string
  /** Grid greyed and not pickable, e.g. while its days load or a form is sending. */
  busy?: boolean
}

/**
 * A month of days as a keyboard grid (WAI-ARIA date picker pattern): Tab reaches one day,
 * arrows move by a day or week, Home/End to the week's ends, PageUp/PageDown by a month,
 * Enter or Space picks. Unpickable days stay focusable so keyboard users hear why.
 */
export function MonthCalendar({ label, month, onMonthChange, firstMonth, lastMonth, look, onPick, initialFocus, busy = false }: MonthCalendarProps) {
  const titleId = useId()
  const t = useT()
  const [focusDay, setFocusDay] = useState(initialFocus)
  const grid = useRef<HTMLTableElement>(null)
  // Move DOM focus only after a key press inside the grid, not on every render.
  const wantFocus = useRef(false)

  const shownFocus = monthOfDay(focusDay) === month ? focusDay : `${month}-01`

  useEffect(() => {
    if (!wantFocus.current) return
    wantFocus.current = false
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${shownFocus}"]`)?.focus()
  }, [shownFocus])

  function onKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    const next = moveByKey(shownFocus, e.key)
    if (!next) return
    const nextMonth = monthOfDay(next)
    if (nextMonth < firstMonth || nextMonth > lastMonth) return
    e.preventDefault()
    wantFocus.current = true
    setFocusDay(next)
    if (nextMonth !== month) onMonthChange(nextMonth)
  }

  const canBack = month > firstMonth
  const canForward = month < lastMonth

  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className="btn-ghost h-9 w-9 px-0 py-0"
          aria-label={t('common.previousMonth')}
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!canBack}
        >
          <ArrowLeftIcon />
        </button>
        <h3 id={titleId} className="text-sm font-semibold text-slate-900" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <button type="button" className="btn-ghost h-9 w-9 px-0 py-0" aria-label={t('common.nextMonth')} onClick={() => onMonthChange(addMonths(month, 1))} disabled={!canForward}>
          <ArrowRightIcon />
        </button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-label={`${label}, ${formatMonth(month)}`}
        aria-busy={busy}
        className={`w-full table-fixed border-separate border-spacing-1 ${busy ? 'opacity-60' : ''}`}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={t(long)} className="pb-1 text-center text-xs font-medium text-slate-500">
                {t(short)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) =>
                day === null ? (
                  <td key={j} role="presentation" />
                ) : (
                  <DayCell key={day} day={day} look={look(day)} focusable={day === shownFocus} busy={busy} onPick={onPick} onFocus={() => setFocusDay(day)} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type DayCellProps = { day: string; look: DayLook; focusable: boolean; busy: boolean; onPick: (day: string) => void; onFocus: () => void }

function DayCell({ day, look, focusable, busy, onPick, onFocus }: DayCellProps) {
  const disabled = busy || look.disabled === true
  return (
    <td role="gridcell" aria-selected={look.pressed === true} className="p-0">
      <button
        type="button"
        data-day={day}
        tabIndex={focusable ? 0 : -1}
        aria-disabled={disabled || undefined}
        aria-label={look.note ? `${formatDayName(day)}, ${look.note}` : formatDayName(day)}
        onFocus={onFocus}
        onClick={() => {
          if (!disabled) onPick(day)
        }}
        className={`flex h-9 w-full items-center justify-center rounded-lg text-sm tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-himal-500 ${TONES[look.tone]} ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}
      >
        {formatDayNumber(day)}
      </button>
    </td>
  )
}
