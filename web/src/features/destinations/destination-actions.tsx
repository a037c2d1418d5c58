import { ShareIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import type { Destination } from '../../lib/list-destinations'
import { COPY_FAILED, LINK_COPIED } from '../../lib/share'
import { shareDestination } from './share-destination'

const roundButton = 'flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-lg shadow-sm ring-1 ring-slate-900/5 backdrop-blur transition-colors hover:bg-white'

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
    <button
      type="button"
      aria-label={t('destinations.shareName', { name: destination.name })}
      title={t('destinations.share')}
      onClick={() => void share()}
      className={`${roundButton} text-slate-600 hover:text-himal-700`}
    >
      <ShareIcon />
    </button>
  )
}
