import { type ReactNode, type RefObject } from 'react'

type StepperProps = {
  id: string
  inputRef: RefObject<HTMLInputElement | null>
  label: string
  icon?: ReactNode
  unit?: string
  value: string
  min: number
  max: number
  current: number | null
  onChange: (value: string) => void
  onStep: (by: number) => void
  names: [string, string]
  locked: boolean
  invalid: object
  hint: string
}

/** A whole-number field with − and + beside it. */
export function Stepper({ id, inputRef, label, icon, unit, value, min, max, current, onChange, onStep, names, locked, invalid, hint }: StepperProps) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {unit && <span className="sr-only"> {unit}</span>}
      </label>
      <div className="flex items-stretch gap-2">
        <button
          type="button"
          className="btn-secondary w-11 shrink-0 px-0 py-0 text-lg"
          aria-label={names[0]}
          onClick={() => onStep(-1)}
          disabled={locked || (current ?? min) <= min}
        >
          −
        </button>
        <div className="relative min-w-0 flex-1">
          {icon && <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-500">{icon}</span>}
          <input
            ref={inputRef}
            id={id}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            disabled={locked}
            required
            className={`field-input ${icon ? 'pl-10' : ''}`}
            {...invalid}
          />
        </div>
        <button
          type="button"
          className="btn-secondary w-11 shrink-0 px-0 py-0 text-lg"
          aria-label={names[1]}
          onClick={() => onStep(1)}
          disabled={locked || (current ?? min) >= max}
        >
          +
        </button>
      </div>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  )
}
