import { HeartIcon, ShareIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import type { Destination } from '../../lib/list-destinations'
import { useFavourites } from './favourites'
import { COPY_FAILED, LINK_COPIED } from '../../lib/share'
import { shareDestination } from './share-destination'

const roundButton =
  'flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-lg shadow-sm ring-1 ring-slate-900/5 backdrop-blur transition-colors hover:bg-white'

/** The heart that keeps a destination among this browser's favourites. */
export function FavouriteButton({ destination }: { destination: Pick<Destination, '_id' | 'name'> }) {
  const { favourites, toggle } = useFavourites()
  const t = useT()
  const on = favourites.has(destination._id)
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t('destinations.favourite', { name: destination.name })}
      title={on ? t('destinations.removeFavourite') : t('destinations.saveFavourite')}
      onClick={() => toggle(destination._id)}
      className={`${roundButton} ${on ? 'text-rose-600' : 'text-slate-600 hover:text-rose-600'}`}
    >
      <HeartIcon filled={on} />
    </button>
  )
}

/** Shares a destination, or copies its link and says so through `onMessage`. */
export function ShareButton({
  destination,
  onMessage,
}: {
  destination: Pick<Destination, '_id' | 'name' | 'description'>
  onMessage: (text: string, tone: 'success' | 'error') => void
}) {
  const t = useT()
  async function share() {
    const outcome = await shareDestination(destination)
    if (outcome === 'copied') onMessage(t(LINK_COPIED), 'success')
    if (outcome === 'failed') onMessage(t(COPY_FAILED), 'error')
  }
  return (
    <button type="button" aria-label={t('destinations.shareName', { name: destination.name })} title={t('destinations.share')} onClick={() => void share()} className={`${roundButton} text-slate-600 hover:text-himal-700`}>
      <ShareIcon />
    </button>
  )
}
