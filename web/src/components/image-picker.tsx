import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react'
import { msg, useT } from '../i18n/messages'
import { UserIcon } from './icons'

type ImagePickerProps = {
  label: string
  /** The chosen file, or null for none. */
  file: File | null
  onChange: (file: File | null) => void
  /** What is shown when no new file is chosen: the image already saved, if any. */
  currentUrl?: string | null
  hint?: string
  shape?: 'round' | 'wide'
  required?: boolean
  disabled?: boolean
  /** Offers 'Remove image' while an image is shown; the owner decides what removing means. */
  onRemove?: () => void
  /** Shown in the empty frame; a person by default. */
  placeholder?: ReactNode
}

export const IMAGE_FILES_ONLY = msg('common.imageFilesOnly')

/** Picks one image file (image types only) and previews it before upload. */
export function ImagePicker({ label, file, onChange, currentUrl, hint, shape = 'round', required, disabled, onRemove, placeholder = <UserIcon /> }: ImagePickerProps) {
  const inputId = useId()
  const t = useT()
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!file) {
      setPreview(null)
      return
    }
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  function handleChange(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null
    if (chosen && !chosen.type.startsWith('image/')) {
      setError(t(IMAGE_FILES_ONLY))
      e.target.value = ''
      return
    }
    setError(null)
    onChange(chosen)
    // The file lives in the owner's state now; clearing the control lets the same file be
    // chosen again after it was removed.
    e.target.value = ''
  }

  const shown = preview ?? currentUrl ?? null
  const frame = shape === 'round' ? 'h-28 w-28 rounded-full' : 'h-32 w-full rounded-2xl sm:h-40'

  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </label>
      <div className={`flex gap-4 ${shape === 'round' ? 'items-center' : 'flex-col'}`}>
        <div className={`${frame} flex shrink-0 items-center justify-center overflow-hidden border-2 border-dashed border-slate-300 bg-slate-50 text-4xl text-slate-300`}>
          {shown ? <img src={shown} alt={t('common.imagePreview', { label })} className="h-full w-full object-cover" /> : placeholder}
        </div>
        <div className="min-w-0 space-y-1">
          {/* The native control stays focusable for keyboards and screen readers; the
              label beside it is its visible, phone-friendly face. */}
          <input id={inputId} type="file" accept="image/*" disabled={disabled} onChange={handleChange} aria-describedby={`${inputId}-hint`} className="peer sr-only" />
          <label
            htmlFor={inputId}
            aria-hidden="true"
            className="inline-flex cursor-pointer items-center rounded-lg bg-himal-50 px-4 py-2 text-sm font-semibold text-himal-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-himal-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-himal-100"
          >
            {shown ? t('common.changeImage') : t('common.chooseImage')}
          </label>
          {shown && onRemove && (
            <button
              type="button"
              onClick={onRemove}
              disabled={disabled}
              className="ml-2 inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t('common.removeImage')}
            </button>
          )}
          <p id={`${inputId}-hint`} className="text-xs text-slate-500">
            {file ? file.name : (hint ?? t('common.imageHint', { size: 8 }))}
          </p>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  )
}
