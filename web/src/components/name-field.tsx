import { useId } from 'react'
import { translate } from '../i18n/messages'

type NameFieldProps = { label: string; value: string; error?: string; onChange: (e: { target: { value: string } }) => void }

/** A name input of a profile edit form, with its field error ('Required') below it. */
export function NameField({ label, value, error, onChange }: NameFieldProps) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className={`field-input ${error ? 'border-red-500' : ''}`}
        value={value}
        onChange={onChange}
        autoComplete={label === 'First name' || label === translate('common.firstName') ? 'given-name' : 'family-name'}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
