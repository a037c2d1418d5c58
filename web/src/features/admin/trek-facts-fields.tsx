import { useId } from 'react'
import { PlusIcon, TrashIcon } from '../../components/icons'
import { TextField } from '../../components/text-field'
import { DIFFICULTIES, MONTH_NAMES, difficultyText } from '../../lib/trek-facts'
import { EMPTY_PERMIT, PERMITS_MAX, type PermitDraft, type TrekFactsDraft } from './trek-facts-form'

type Props = { draft: TrekFactsDraft; onChange: (draft: TrekFactsDraft) => void; disabled?: boolean }

const PER_LABELS: Record<PermitDraft['per'], string> = { entry: 'Per entry', week: 'Per week', day: 'Per day' }

/** The trek facts and permits of the destination form (issue 15): every field optional. */
export function TrekFactsFields({ draft, onChange, disabled = false }: Props) {
  const difficultyId = useId()
  const set = <K extends keyof TrekFactsDraft>(key: K, value: TrekFactsDraft[K]) => onChange({ ...draft, [key]: value })
  const setPermit = (index: number, change: Partial<PermitDraft>) =>
    set('permits', draft.permits.map((p, i) => (i === index ? { ...p, ...change } : p)))
  const toggleMonth = (month: number) =>
    set('bestMonths', draft.bestMonths.includes(month) ? draft.bestMonths.filter((m) => m !== month) : [...draft.bestMonths, month])

  return (
    <fieldset className="space-y-5 rounded-2xl border border-slate-200 p-4 sm:p-5" disabled={disabled}>
      <legend className="px-1 text-base font-semibold text-slate-900">Trek facts and permits</legend>
      <p className="-mt-2 text-xs text-slate-500">Shown on the destination's page and cards; leave empty what does not apply (the page then shows the usual labels).</p>
      <div className="grid grid-cols-2 gap-4 sm:gap-5 lg:grid-cols-4">
        <TextField label="Shortest (days)" type="number" inputMode="numeric" min={1} max={60} step={1} value={draft.minDays} onChange={(e) => set('minDays', e.target.value)} />
        <TextField label="Longest (days)" type="number" inputMode="numeric" min={1} max={60} step={1} value={draft.maxDays} onChange={(e) => set('maxDays', e.target.value)} />
        <TextField label="Highest point (m)" type="number" inputMode="numeric" min={0} max={8849} step={1} value={draft.maxAltitudeM} onChange={(e) => set('maxAltitudeM', e.target.value)} />
        <div>
          <label htmlFor={difficultyId} className="field-label">
            Difficulty
          </label>
          <select id={difficultyId} className="field-input" value={draft.difficulty} onChange={(e) => set('difficulty', e.target.value as TrekFactsDraft['difficulty'])}>
            <option value="">Not given</option>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {difficultyText(d)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="field-label">Best months</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {MONTH_NAMES.map((name, i) => (
            <label key={name} className="flex items-center gap-2 rounded-lg border border-slate-200 px-2.5 py-2 text-sm text-slate-700 has-[:checked]:border-himal-500 has-[:checked]:bg-himal-50">
              <input type="checkbox" className="h-4 w-4 accent-himal-700" checked={draft.bestMonths.includes(i + 1)} onChange={() => toggleMonth(i + 1)} />
              {name.slice(0, 3)}
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
        A licensed guide is required
      </label>
      <div className="space-y-3">
        <p className="field-label">Permits</p>
        {draft.permits.length === 0 && <p className="text-sm text-slate-500">No permits needed.</p>}
        {draft.permits.map((permit, index) => (
          <div key={index} className="space-y-3 rounded-xl bg-slate-50 p-3" role="group" aria-label={`Permit ${index + 1}`}>
            <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
              <TextField label="Permit name" value={permit.name} maxLength={120} onChange={(e) => setPermit(index, { name: e.target.value })} />
              <div>
                <label htmlFor={`${difficultyId}-per-${index}`} className="field-label">
                  Fee counted
                </label>
                <select id={`${difficultyId}-per-${index}`} className="field-input" value={permit.per} onChange={(e) => setPermit(index, { per: e.target.value as PermitDraft['per'] })}>
                  {Object.entries(PER_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="grid grid-cols-3 gap-3">
              <TextField label="Fee (NPR)" type="number" inputMode="numeric" min={0} step={1} value={permit.feeNpr} onChange={(e) => setPermit(index, { feeNpr: e.target.value })} />
              <TextField label="SAARC fee (NPR)" type="number" inputMode="numeric" min={0} step={1} value={permit.saarcFeeNpr} onChange={(e) => setPermit(index, { saarcFeeNpr: e.target.value })} />
              <TextField label="Fee (USD)" type="number" inputMode="numeric" min={0} step={1} value={permit.feeUsd} onChange={(e) => setPermit(index, { feeUsd: e.target.value })} />
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <TextField className="flex-1" label="Note (optional)" value={permit.note} maxLength={300} onChange={(e) => setPermit(index, { note: e.target.value })} />
              <button
                type="button"
                className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50"
                onClick={() => set('permits', draft.permits.filter((_, i) => i !== index))}
                aria-label={`Remove permit ${index + 1}`}
              >
                <TrashIcon /> Remove
              </button>
            </div>
          </div>
        ))}
        {draft.permits.length < PERMITS_MAX && (
          <button type="button" className="btn-secondary" onClick={() => set('permits', [...draft.permits, EMPTY_PERMIT])}>
            <PlusIcon /> Add a permit
          </button>
        )}
      </div>
    </fieldset>
  )
}
