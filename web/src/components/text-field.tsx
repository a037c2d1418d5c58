import { useId, type ComponentProps, type ReactNode } from 'react'

type TextFieldProps = ComponentProps<'input'> & {
  label: string
  icon?: ReactNode
}

export function TextField({ label, icon, id, className = '', ...input }: TextFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="relative">
        {icon && <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-500">{icon}</span>}
        <input id={inputId} className={`field-input ${icon ? 'pl-10' : ''}`} {...input} />
      </div>
    </div>
  )
}
