import { useId, type ChangeEvent } from 'react'
import { useT } from '../i18n/messages'
import { BIO_MAX, BIO_TOO_LONG, bioLength, bioOverBy } from '../lib/bio-text'
import { TextAreaField } from './text-area-field'

type BioFieldProps = {
  label: string
  value: string
  onChange: (e: ChangeEvent<HTMLTextAreaElement>) => void
  name?: string
  required?: boolean
  placeholder?: string
  rows?: number
  /** `ne` for the Nepali bio (issue 26). */
  lang?: 'ne'
}

/**
 * A bio with a live "n / 2000" counter. Nothing is cut: a bio over the limit stays as typed,
 * marked invalid with a message, and the form refuses to save it (issue 26).
 */
export function BioField({ label, value, onChange, name, required, placeholder, rows = 5, lang }: BioFieldProps) {
  const t = useT()
  const counterId = useId()
  const over = bioOverBy(value)
  return (
    <div>
      <TextAreaField
        label={label}
        name={name}
        lang={lang}
        required={required}
        rows={rows}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        aria-invalid={over > 0 || undefined}
        aria-describedby={counterId}
      />
      <div id={counterId} className="mt-1 flex items-start justify-between gap-3 text-xs">
        <p role={over > 0 ? 'alert' : undefined} className="font-medium text-red-700">
          {over > 0 ? t(BIO_TOO_LONG) : null}
        </p>
        <p className={`shrink-0 tabular-nums ${over > 0 ? 'font-semibold text-red-700' : 'text-slate-500'}`}>{t('common.bioCount', { count: bioLength(value), max: BIO_MAX })}</p>
      </div>
    </div>
  )
}
