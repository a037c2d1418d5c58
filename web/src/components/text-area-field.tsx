import { useId, type ComponentProps } from 'react'

type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string }

export function TextAreaField({ label, id, className = '', ...textarea }: TextAreaFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <textarea id={inputId} rows={4} className="field-input resize-y" {...textarea} />
    </div>
  )
}
