import { useId } from 'react'

type NavSelectProps = {
  label: string
  value: string
  options: { value: string; label: string; lang?: string }[]
  onChange: (value: string) => void
  /** `compact`: a small select for the desktop bar, its label for screen readers; `full`: labelled, in the phone menu. */
  variant: 'compact' | 'full'
}

/** A setting in the navigation bar (language, currency). A native select: keyboard and screen readers for free. */
export function NavSelect({ label, value, options, onChange, variant }: NavSelectProps) {
  const id = useId()
  return (
    <div className={variant === 'full' ? 'space-y-1 px-3 py-2' : 'flex items-center'}>
      <label htmlFor={id} className={variant === 'full' ? 'block text-sm font-medium text-slate-600' : 'sr-only'}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        title={variant === 'compact' ? label : undefined}
        className={`${variant === 'full' ? 'w-full py-2.5 text-base' : 'py-1.5 text-sm'} rounded-lg border border-slate-300 bg-white pr-8 pl-2 font-semibold text-slate-700 hover:border-slate-400 focus:border-himal-600 focus:ring-2 focus:ring-himal-200 focus:outline-none`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
