import { useT } from '../i18n/messages'
import type { CategoryChip } from '../lib/guide-categories'

type CategoryChipsProps = {
  chips: readonly CategoryChip[]
  value: string
  onChange: (value: string) => void
  /** Names the group for screen readers, e.g. 'Guide categories'. */
  label: string
  /** 'dark' sits on the landing hero; 'light' on the page background. */
  tone?: 'light' | 'dark'
}

/** A row of toggle chips of which one is chosen. */
export function CategoryChips({ chips, value, onChange, label, tone = 'light' }: CategoryChipsProps) {
  const t = useT()
  const styles =
    tone === 'dark'
      ? { on: 'bg-marigold-400 text-himal-950 ring-marigold-400', off: 'bg-white/10 text-white ring-white/30 hover:bg-white/20' }
      : { on: 'bg-himal-700 text-white ring-himal-700', off: 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:ring-slate-400' }
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {chips.map((chip) => {
        const chosen = chip.value === value
        return (
          <button
            key={chip.value}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChange(chip.value)}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold capitalize ring-1 transition-colors ${chosen ? styles.on : styles.off}`}
          >
            {t(chip.label)}
          </button>
        )
      })}
    </div>
  )
}
