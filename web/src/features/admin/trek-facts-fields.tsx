import { useId } from 'react'
import { PlusIcon, TrashIcon } from '../../components/icons'
import { TextField } from '../../components/text-field'
import { DIFFICULTIES, type Difficulty } from '../../lib/trek-facts'
import { EMPTY_PERMIT, PERMITS_MAX, type PermitDraft, type TrekFactsDraft } from './trek-facts-form'
import { msg, useT } from '../../i18n/messages'
import { localDateFormat } from '../../lib/intl-formats'

type Props = { draft: TrekFactsDraft; onChange: (draft: TrekFactsDraft) => void; disabled?: boolean }

const PER_LABELS: Record<PermitDraft['per'], string> = { entry: msg('admin.perEntry'), week: msg('admin.perWeek'), day: msg('admin.perDay') }
const DIFFICULTY_TEXT: Record<Difficulty, string> = {
  easy: msg('trek.difficultyEasy'),
  moderate: msg('trek.difficultyModerate'),
  hard: msg('trek.difficultyHard'),
  strenuous: msg('trek.difficultyStrenuous'),
}
/** January to December, short, in the reader's language. */
const shortMonths = () => Array.from({ length: 12 }, (_, i) => localDateFormat({ month: 'short', timeZone: 'UTC' }).format(Date.UTC(2000, i, 1)))

/** The trek facts and permits of the destination form (issue 15): every field optional. */
export function TrekFactsFields({ draft, onChange, disabled = false }: Props) {
  const difficultyId = useId()
  const t = useT()
  const set = <K extends keyof TrekFactsDraft>(key: K, value: TrekFactsDraft[K]) => onChange({ ...draft, [key]: value })
  const setPermit = (index: number, change: Partial<PermitDraft>) =>
    set(
      'permits',
      draft.permits.map((p, i) => (i === index ? { ...p, ...change } : p)),
    )
  const toggleMonth = (month: number) => set('bestMonths', draft.bestMonths.includes(month) ? draft.bestMonths.filter((m) => m !== month) : [...draft.bestMonths, month])

  return (
    <fieldset className="space-y-5 rounded-2xl border border-slate-200 p-4 sm:p-5" disabled={disabled}>
      <legend className="px-1 text-base font-semibold text-slate-900">{t('admin.trekFactsLegend')}</legend>
      <p className="-mt-2 text-xs text-slate-500">{t('admin.trekFactsHint')}</p>
      <div className="grid grid-cols-2 gap-4 sm:gap-5 lg:grid-cols-4">
        <TextField
          label={t('admin.shortestDays')}
          type="number"
          inputMode="numeric"
          min={1}
          max={60}
          step={1}
          value={draft.minDays}
          onChange={(e) => set('minDays', e.target.value)}
        />
        <TextField
          label={t('admin.longestDays')}
          type="number"
          inputMode="numeric"
          min={1}
          max={60}
          step={1}
          value={draft.maxDays}
          onChange={(e) => set('maxDays', e.target.value)}
        />
        <TextField
          label={t('admin.highestPoint')}
          type="number"
          inputMode="numeric"
          min={0}
          max={8849}
          step={1}
          value={draft.maxAltitudeM}
          onChange={(e) => set('maxAltitudeM', e.target.value)}
        />
        <div>
          <label htmlFor={difficultyId} className="field-label">
            {t('trek.difficulty')}
          </label>
          <select id={difficultyId} className="field-input" value={draft.difficulty} onChange={(e) => set('difficulty', e.target.value as TrekFactsDraft['difficulty'])}>
            <option value="">{t('admin.notGiven')}</option>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {t(DIFFICULTY_TEXT[d])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="field-label">{t('admin.bestMonths')}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {shortMonths().map((name, i) => (
            <label
              key={name}
              className="flex items-center gap-2 rounded-lg border border-slate-200 px-2.5 py-2 text-sm text-slate-700 has-[:checked]:border-himal-500 has-[:checked]:bg-himal-50"
            >
              <input type="checkbox" className="h-4 w-4 accent-himal-700" checked={draft.bestMonths.includes(i + 1)} onChange={() => toggleMonth(i + 1)} />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-3 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={draft.licensedGuideRequired}
          onChange={(e) => set('licensedGuideRequired', e.target.checked)}
          className="h-5 w-5 rounded border-slate-300 accent-himal-700"
        />
        {t('admin.licensedGuideRequired')}
      </label>
      <div className="space-y-3">
        <p className="field-label">{t('admin.permits')}</p>
        {draft.permits.length === 0 && <p className="text-sm text-slate-500">{t('admin.noPermits')}</p>}
        {draft.permits.map((permit, index) => (
          <div key={index} className="space-y-3 rounded-xl bg-slate-50 p-3" role="group" aria-label={t('admin.permitN', { n: index + 1 })}>
            <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
              <TextField label={t('admin.permitName')} value={permit.name} maxLength={120} onChange={(e) => setPermit(index, { name: e.target.value })} />
              <div>
                <label htmlFor={`${difficultyId}-per-${index}`} className="field-label">
                  {t('admin.feeCounted')}
                </label>
                <select
                  id={`${difficultyId}-per-${index}`}
                  className="field-input"
                  value={permit.per}
                  onChange={(e) => setPermit(index, { per: e.target.value as PermitDraft['per'] })}
                >
                  {Object.entries(PER_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {t(label)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="grid grid-cols-3 gap-3">
              <TextField
                label={t('admin.feeNpr')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={permit.feeNpr}
                onChange={(e) => setPermit(index, { feeNpr: e.target.value })}
              />
              <TextField
                label={t('admin.saarcFeeNpr')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={permit.saarcFeeNpr}
                onChange={(e) => setPermit(index, { saarcFeeNpr: e.target.value })}
              />
              <TextField
                label={t('admin.feeUsd')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={permit.feeUsd}
                onChange={(e) => setPermit(index, { feeUsd: e.target.value })}
              />
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <TextField className="flex-1" label={t('admin.noteOptional')} value={permit.note} maxLength={300} onChange={(e) => setPermit(index, { note: e.target.value })} />
              <TextField
                className="flex-1"
                label={t('admin.noteNeOptional')}
                lang="ne"
                value={permit.noteNe}
                maxLength={300}
                onChange={(e) => setPermit(index, { noteNe: e.target.value })}
              />
              <button
                type="button"
                className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50"
                onClick={() =>
                  set(
                    'permits',
                    draft.permits.filter((_, i) => i !== index),
                  )
                }
                aria-label={t('admin.removePermitN', { n: index + 1 })}
              >
                <TrashIcon /> {t('admin.remove')}
              </button>
            </div>
          </div>
        ))}
        {draft.permits.length < PERMITS_MAX && (
          <button type="button" className="btn-secondary" onClick={() => set('permits', [...draft.permits, EMPTY_PERMIT])}>
            <PlusIcon /> {t('admin.addAPermit')}
          </button>
        )}
      </div>
    </fieldset>
  )
}
