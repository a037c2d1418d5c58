import { useId, useState, type FormEvent } from 'react'
import { SearchIcon } from './icons'

type SearchBoxProps = {
  /** Read by screen readers and used as the form's name. */
  label: string
  placeholder: string
  buttonLabel: string
  defaultValue?: string
  /** Called with the trimmed text; an empty or blank search does nothing (spec). */
  onSearch: (text: string) => void
  /** 'hero' is the large landing version. */
  size?: 'hero' | 'normal'
}

/** A search field with its button: Enter or the button searches. */
export function SearchBox({ label, placeholder, buttonLabel, defaultValue = '', onSearch, size = 'normal' }: SearchBoxProps) {
  const inputId = useId()
  const [text, setText] = useState(defaultValue)

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const trimmed = text.trim()
    if (trimmed !== '') onSearch(trimmed)
  }

  const hero = size === 'hero'
  return (
    <form role="search" aria-label={label} onSubmit={submit} className={`flex w-full gap-2 ${hero ? 'rounded-2xl bg-white p-2 shadow-float' : ''}`}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-lg text-slate-500" />
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          enterKeyHint="search"
          className={`field-input pl-11 ${hero ? 'border-transparent py-3 shadow-none hover:border-transparent' : ''}`}
        />
      </div>
      <button type="submit" className={`${hero ? 'btn-accent px-5 sm:px-7' : 'btn-primary'} shrink-0`}>
        {buttonLabel}
      </button>
    </form>
  )
}
