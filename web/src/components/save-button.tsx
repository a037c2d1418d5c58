import { useT } from '../i18n/messages'
import type { SavedKind } from '../lib/local-saved'
import { useSaved } from '../lib/saved-lists'
import { HeartIcon } from './icons'

const roundButton =
  'flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white/95 text-lg shadow-sm ring-1 ring-slate-900/5 backdrop-blur transition-colors hover:bg-white'

/**
 * The heart on a guide or destination (cards and pages): saves it to the account's saved
 * list when signed in, or to this browser for a visitor (lib/local-saved.ts). `onMessage` shows a
 * failure (the heart has already gone back).
 */
export function SaveButton({ kind, id, name, onMessage }: { kind: SavedKind; id: string; name: string; onMessage?: (text: string, tone: 'success' | 'error') => void }) {
  const t = useT()
  const { saved, toggle } = useSaved(kind, id, onMessage && ((message) => onMessage(t(message), 'error')))
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t('common.favourite', { name })}
      title={saved ? t('common.removeFavourite') : t('common.saveFavourite')}
      onClick={toggle}
      className={`${roundButton} ${saved ? 'text-rose-600' : 'text-slate-600 hover:text-rose-600'}`}
    >
      <HeartIcon filled={saved} />
    </button>
  )
}
