import { useId, useState } from 'react'
import { CheckIcon, DownloadIcon, SpinnerIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { formatMoment, type Booking } from '../../lib/booking'
import { DESTINATION_LIST_TAGS, destinationListKey, listDestinations } from '../../lib/list-destinations'
import type { SavedTrip } from '../../lib/offline/offline-pack'
import { SAVE_FAILED, saveTripForOffline } from '../../lib/offline/save-trip'
import { useOnline } from '../../lib/offline/use-offline-pack'
import { useCachedQuery } from '../../lib/use-cached-query'

// Every destination fits one page (the server allows 50 a page; the demo has under 30).
const ALL_DESTINATIONS = { limit: 50, query: '' }

/**
 * "Save for offline" on a paid trip: keeps it, with the destination the traveller picks
 * (its permits and trek facts), in this browser for use with no signal. Paid trips are
 * saved on their own when the dashboard loads; this adds the destination or saves again.
 */
export function SaveOffline({ trip, saved }: { trip: Booking; saved: SavedTrip | undefined }) {
  const t = useT()
  const id = useId()
  const online = useOnline()
  const destinations = useCachedQuery({
    key: `${destinationListKey(ALL_DESTINATIONS)}&page=1`,
    tags: DESTINATION_LIST_TAGS,
    load: () => listDestinations(ALL_DESTINATIONS, 1),
  })
  const [choice, setChoice] = useState<string | null>(null)
  const destinationId = choice ?? saved?.destination?._id ?? ''
  const [state, setState] = useState<'idle' | 'saving' | 'error'>('idle')

  async function save() {
    setState('saving')
    try {
      await saveTripForOffline(trip, destinationId || null)
      setChoice(null)
      setState('idle')
    } catch {
      setState('error')
    }
  }

  const options = destinations.data?.items ?? (saved?.destination ? [saved.destination] : [])
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="rounded-xl border border-himal-100 bg-himal-50/60 p-3 text-sm">
      <p id={`${id}-title`} className="flex items-center gap-1.5 font-medium text-slate-800">
        {saved ? <CheckIcon className="shrink-0 text-emerald-700" /> : <DownloadIcon className="shrink-0" />}
        {saved ? t('offline.savedForOfflineOn', { when: formatMoment(saved.savedAt) }) : t('offline.notSaved')}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 basis-48">
          <span className="field-label">{t('offline.destinationLabel')}</span>
          <select className="field-input" value={destinationId} onChange={(e) => setChoice(e.target.value)} disabled={state === 'saving'}>
            <option value="">{t('offline.none')}</option>
            {options.map((d) => (
              <option key={d._id} value={d._id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn-secondary" onClick={save} disabled={!online || state === 'saving'} aria-busy={state === 'saving'}>
          {state === 'saving' ? <SpinnerIcon className="animate-spin" /> : <DownloadIcon />} {t('offline.save')}
        </button>
      </div>
      {!online && <p className="mt-2 text-slate-600">{t('offline.savingNeedsConnection')}</p>}
      {state === 'error' && (
        <p role="alert" className="mt-2 text-red-800">
          {t(SAVE_FAILED)}
        </p>
      )}
    </div>
  )
}
