import { useId } from 'react'
import { formatLocalNumber } from '../../lib/intl-formats'
import { PlusIcon, TrashIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { LIST_ITEM_MAX, LIST_ITEMS_MAX, newItem, type ItemDraft } from './tour-draft'

/** A list of short texts (what the price includes, what it does not): add, change, remove. */
export function TextListEditor({
  label,
  items,
  error,
  disabled,
  onChange,
}: {
  label: string
  items: ItemDraft[]
  error: string | undefined
  disabled: boolean
  onChange: (items: ItemDraft[]) => void
}) {
  const t = useT()
  const id = useId()
  function add() {
    const item = newItem()
    onChange([...items, item])
    requestAnimationFrame(() => document.getElementById(`${id}-${item.key}`)?.focus())
  }
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{label}</legend>
      {items.length > 0 && (
        <ul className="mb-2 space-y-2">
          {items.map((item, i) => (
            <li key={item.key} className="flex items-center gap-2">
              <label htmlFor={`${id}-${item.key}`} className="sr-only">
                {t('guideTours.listItem', { list: label, row: formatLocalNumber(i + 1) })}
              </label>
              <input
                id={`${id}-${item.key}`}
                value={item.text}
                maxLength={LIST_ITEM_MAX}
                onChange={(e) => onChange(items.map((other) => (other.key === item.key ? { ...other, text: e.target.value } : other)))}
                disabled={disabled}
                className="field-input"
              />
              <button
                type="button"
                className="flex size-10 shrink-0 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
                onClick={() => onChange(items.filter((other) => other.key !== item.key))}
                disabled={disabled}
                aria-label={t('guideTours.removeItem', { text: item.text.trim() || t('guideTours.emptyItem') })}
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn-ghost px-3" onClick={add} disabled={disabled || items.length >= LIST_ITEMS_MAX}>
        <PlusIcon /> {t('guideTours.addItem')}
      </button>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
