import { useId, useState, type ReactNode } from 'react'
import { useT } from '../i18n/messages'
import { todayInNepal } from '../lib/booking'
import { isBeforeToday } from '../lib/calendar'

type DateFromTodayProps = {
  id: string
  value: string
  /** Called with today or a later day, or '' when cleared; never with a past day. */
  onChange: (date: string) => void
  className?: string
  /** Drawn inside the field, left (positioned by the caller). */
  icon?: ReactNode
}

/**
 * A date input for a day to come: `min` is today (in Nepal, the calendar trips are booked
 * in), and a past day typed by hand, which `min` does not stop, is kept on screen with a
 * message and not passed on (issue 26).
 */
export function DateFromToday({ id, value, onChange, className = 'field-input', icon }: DateFromTodayProps) {
  const t = useT()
  const messageId = useId()
  const today = todayInNepal()
  const [typed, setTyped] = useState(value)
  const [shown, setShown] = useState(value)
  // A change from outside (filters cleared, another page's link) replaces what was typed.
  if (value !== shown) {
    setShown(value)
    setTyped(value)
  }
  const past = isBeforeToday(typed, today)
  return (
    <>
      <div className="relative">
        {icon}
        <input
          id={id}
          type="date"
          min={today}
          className={className}
          value={typed}
          aria-invalid={past || undefined}
          aria-describedby={past ? messageId : undefined}
          onChange={(e) => {
            const next = e.target.value
            setTyped(next)
            if (isBeforeToday(next, today)) return
            setShown(next)
            onChange(next)
          }}
        />
      </div>
      {past && (
        <p id={messageId} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {t('common.pastDate')}
        </p>
      )}
    </>
  )
}
