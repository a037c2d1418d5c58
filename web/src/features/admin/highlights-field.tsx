import { useId } from 'react'
import { ArrowLeftIcon, PlusIcon, TrashIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { HIGHLIGHTS_MAX, HIGHLIGHT_MAX, moveItem } from './destination-form'

type HighlightsFieldProps = {
  legend: string
  items: string[]
  onChange: (items: string[]) => void
  /** `ne` for the Nepali list, so the browser and screen readers treat it as Nepali. */
  lang?: 'ne'
  disabled?: boolean
}

/** A destination's highlights: one line each, added, removed and moved up or down (issue 26). */
export function HighlightsField({ legend, items, onChange, lang, disabled = false }: HighlightsFieldProps) {
  const t = useT()
  const hintId = useId()
  const set = (index: number, value: string) => onChange(items.map((item, i) => (i === index ? value : item)))
  const iconButton = 'btn-secondary h-11 w-11 shrink-0 p-0'
  return (
    <fieldset className="space-y-3" aria-describedby={hintId} disabled={disabled}>
      <legend className="field-label">{legend}</legend>
      <p id={hintId} className="-mt-1 text-xs text-slate-500">
        {t('admin.highlightsHint', { max: HIGHLIGHTS_MAX, length: HIGHLIGHT_MAX })}
      </p>
      {items.length > 0 && (
        <ol className="space-y-2">
          {items.map((item, index) => (
            <li key={index} className="flex items-center gap-2">
              <input
                className="field-input min-w-0 flex-1"
                value={item}
                lang={lang}
                maxLength={HIGHLIGHT_MAX}
                aria-label={t('admin.highlightN', { n: index + 1, list: legend })}
                onChange={(e) => set(index, e.target.value)}
              />
              <button
                type="button"
                className={iconButton}
                onClick={() => onChange(moveItem(items, index, index - 1))}
                disabled={index === 0}
                aria-label={t('admin.moveHighlightUp', { n: index + 1 })}
              >
                <ArrowLeftIcon className="rotate-90" />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => onChange(moveItem(items, index, index + 1))}
                disabled={index === items.length - 1}
                aria-label={t('admin.moveHighlightDown', { n: index + 1 })}
              >
                <ArrowLeftIcon className="-rotate-90" />
              </button>
              <button
                type="button"
                className="btn h-11 w-11 shrink-0 border border-red-300 bg-white p-0 text-red-700 hover:bg-red-50"
                onClick={() => onChange(items.filter((_, i) => i !== index))}
                aria-label={t('admin.removeHighlightN', { n: index + 1 })}
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ol>
      )}
      {items.length < HIGHLIGHTS_MAX && (
        <button type="button" className="btn-secondary" onClick={() => onChange([...items, ''])}>
          <PlusIcon /> {t('admin.addHighlight')}
        </button>
      )}
    </fieldset>
  )
}
