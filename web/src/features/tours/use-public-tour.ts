import { TOURS_TAG, tourTag } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { getTour } from './api/tours'

/** The public page of tour `tourId` (its days, risk and flagged nights), through the client cache; nothing asked while `tourId` is null. */
export function usePublicTour(tourId: string | null | undefined) {
  const id = tourId ?? ''
  return useCachedQuery({ key: `tour:${id}`, tags: [TOURS_TAG, tourTag(id)], load: (signal) => getTour(id, signal), enabled: id !== '' })
}
