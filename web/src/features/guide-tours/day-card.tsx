import { useId } from 'react'
import { FieldError } from '../../components/field-error'
import { formatLocalNumber } from '../../lib/intl-formats'
import { ChevronDownIcon, PlusIcon, TrashIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import type { AltitudeWarning } from '../tours/api/tours'
import { dayField, LODGINGS, type DayDraft, type DraftErrors } from './tour-draft'

/** The id of a day's control, for moving focus to it after the days change. */
export const dayControlId = (key: string, control: 'title' | 'up' | 'down' | 'remove') => `tour-day-${key}-${control}`

type DayCardProps = {
  day: DayDraft
  index: number
  count: number
  warnings: readonly AltitudeWarning[]
  /** This day's altitude is the one the live check waits for. */
  needsAltitude: boolean
  errors: DraftErrors
  disabled: boolean
  onChange: (change: Partial<Omit<DayDraft, 'key'>>) => void
  onAddAfter: () => void
  onRemove: () => void
  onMove: (by: -1 | 1) => void
}

/** One day of the itinerary in the editor, with the night the altitude check flags marked on it. */
export function DayCard({ day, index, count, warnings, needsAltitude, errors, disabled, onChange, onAddAfter, onRemove, onMove }: DayCardProps) {
  const t = useT()
  const id = useId()
  const number = index + 1
  const last = index === count - 1
  const flagged = warnings.length > 0
  const error = (field: keyof Omit<DayDraft, 'key'>) => errors[dayField(day.key, field)]
  const described = (field: keyof Omit<DayDraft, 'key'>, hint?: string) => [hint, error(field) ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined

  return (
    <li
      className={`rounded-2xl border p-4 sm:p-5 ${flagged ? 'border-red-300 bg-red-50/40' : 'border-slate-200 bg-white'}`}
      aria-labelledby={`${id}-heading`}
      data-testid="tour-day"
      data-flagged={flagged || undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {t('guideTours.dayHeading', { day: formatLocalNumber(number) })}
          {day.title.trim() !== '' && <span className="font-normal text-slate-600"> · {day.title.trim()}</span>}
        </h3>
        <div className="flex items-center gap-1">
          <button
            type="button"
            id={dayControlId(day.key, 'up')}
            className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40"
            onClick={() => onMove(-1)}
            disabled={disabled || index === 0}
            aria-label={t('guideTours.moveDayUp', { day: formatLocalNumber(number) })}
          >
            <ChevronDownIcon className="rotate-180" />
          </button>
          <button
            type="button"
            id={dayControlId(day.key, 'down')}
            className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40"
            onClick={() => onMove(1)}
            disabled={disabled || last}
            aria-label={t('guideTours.moveDayDown', { day: formatLocalNumber(number) })}
          >
            <ChevronDownIcon />
          </button>
          <button
            type="button"
            id={dayControlId(day.key, 'remove')}
            className="flex size-10 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-40"
            onClick={onRemove}
            disabled={disabled || count === 1}
            aria-label={t('guideTours.removeDay', { day: formatLocalNumber(number) })}
          >
            <TrashIcon />
          </button>
        </div>
      </div>

      {flagged && (
        <ul className="mt-2 space-y-1 rounded-xl bg-red-100/70 px-3 py-2 text-sm text-red-900" data-testid="day-warning">
          {warnings.map((w) => (
            <li key={w.code}>
              <span className="font-semibold">{t('guideTours.flaggedNight')}</span> {w.message}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={dayControlId(day.key, 'title')} className="field-label">
            {t('guideTours.dayTitle')} <span className="text-red-600">*</span>
          </label>
          <input
            id={dayControlId(day.key, 'title')}
            value={day.title}
            onChange={(e) => onChange({ title: e.target.value })}
            disabled={disabled}
            placeholder={t('guideTours.dayTitlePlaceholder')}
            aria-invalid={error('title') ? true : undefined}
            aria-describedby={described('title')}
            className="field-input"
          />
          <FieldError id={`${id}-title-error`} message={error('title')} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-description`} className="field-label">
            {t('guideTours.dayDescription')}
          </label>
          <textarea
            id={`${id}-description`}
            value={day.description}
            onChange={(e) => onChange({ description: e.target.value })}
            disabled={disabled}
            rows={3}
            aria-invalid={error('description') ? true : undefined}
            aria-describedby={described('description')}
            className="field-input resize-y"
          />
          <FieldError id={`${id}-description-error`} message={error('description')} />
        </div>
        <div>
          <label htmlFor={`${id}-sleepAltitudeM`} className="field-label">
            {t('guideTours.sleepAltitude')} {!last && <span className="text-red-600">*</span>}
          </label>
          <input
            id={`${id}-sleepAltitudeM`}
            value={day.sleepAltitudeM}
            onChange={(e) => onChange({ sleepAltitudeM: e.target.value })}
            disabled={disabled}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={error('sleepAltitudeM') || needsAltitude ? true : undefined}
            aria-describedby={described('sleepAltitudeM', `${id}-altitude-hint`)}
            className={`field-input ${flagged ? 'border-red-400' : ''}`}
          />
          <p id={`${id}-altitude-hint`} className="mt-1 text-xs text-slate-500">
            {last ? t('guideTours.lastDayAltitudeHint') : t('guideTours.altitudeHint')}
          </p>
          <FieldError id={`${id}-sleepAltitudeM-error`} message={error('sleepAltitudeM')} />
        </div>
        <div>
          <label htmlFor={`${id}-sleepPlace`} className="field-label">
            {t('guideTours.sleepPlace')} {!(last && day.sleepAltitudeM.trim() === '') && <span className="text-red-600">*</span>}
          </label>
          <input
            id={`${id}-sleepPlace`}
            value={day.sleepPlace}
            onChange={(e) => onChange({ sleepPlace: e.target.value })}
            disabled={disabled}
            placeholder={t('guideTours.sleepPlacePlaceholder')}
            aria-invalid={error('sleepPlace') ? true : undefined}
            aria-describedby={described('sleepPlace')}
            className="field-input"
          />
          <FieldError id={`${id}-sleepPlace-error`} message={error('sleepPlace')} />
        </div>
        <div>
          <label htmlFor={`${id}-walkHours`} className="field-label">
            {t('guideTours.walkHours')}
          </label>
          <input
            id={`${id}-walkHours`}
            value={day.walkHours}
            onChange={(e) => onChange({ walkHours: e.target.value })}
            disabled={disabled}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={error('walkHours') ? true : undefined}
            aria-describedby={described('walkHours')}
            className="field-input"
          />
          <FieldError id={`${id}-walkHours-error`} message={error('walkHours')} />
        </div>
        <div>
          <label htmlFor={`${id}-lodging`} className="field-label">
            {t('guideTours.lodging')}
          </label>
          <select
            id={`${id}-lodging`}
            value={day.lodging}
            onChange={(e) => onChange({ lodging: e.target.value as DayDraft['lodging'] })}
            disabled={disabled}
            className="field-input"
          >
            {LODGINGS.map((lodging) => (
              <option key={lodging} value={lodging}>
                {t('guideTours.lodgingName', { lodging })}
              </option>
            ))}
          </select>
        </div>
      </div>

      <button type="button" className="btn-ghost mt-3 px-3" onClick={onAddAfter} disabled={disabled}>
        <PlusIcon /> {t('guideTours.addDayAfter', { day: formatLocalNumber(number) })}
      </button>
    </li>
  )
}
