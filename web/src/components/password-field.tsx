import { useId, useState, type ComponentProps } from 'react'
import { useT } from '../i18n/messages'
import { EyeIcon, EyeOffIcon } from './icons'

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, id, className = '', ...input }: PasswordFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  const [visible, setVisible] = useState(false)
  const t = useT()
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input id={inputId} type={visible ? 'text' : 'password'} className="field-input pr-12" {...input} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('common.hideField', { field: label.toLowerCase() }) : t('common.showField', { field: label.toLowerCase() })}
          aria-pressed={visible}
          aria-controls={inputId}
          disabled={input.disabled}
          className="absolute inset-y-1 right-1 flex w-10 items-center justify-center rounded-lg text-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-50"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  )
}
