import { useEffect, useState, useSyncExternalStore } from 'react'
import { useClientCache } from '../../lib/cache-provider'
import type { Tour } from '../tours/api/tours'
import { PHOTO_CALLS, storeTour } from './api/tour-photos'
import { PhotoQueue, type PhotosView } from './photo-queue'

const nothing = () => () => {}
const none = () => null

/**
 * The photos of the saved tour being edited, and the queue that changes them; null for a tour
 * not saved yet. Each answer (the whole tour) goes into the client cache; the form is not
 * touched.
 */
export function useTourPhotos(tour: Tour | null): { queue: PhotoQueue | null; view: PhotosView | null } {
  const cache = useClientCache()
  const make = (saved: Tour) => new PhotoQueue(saved._id, saved.photos, PHOTO_CALLS, (answer) => storeTour(cache, answer))
  const [queue, setQueue] = useState<PhotoQueue | null>(() => (tour ? make(tour) : null))
  // A new tour saved here gets its photos from then on.
  if (tour && queue?.tourId !== tour._id) setQueue(make(tour))

  useEffect(() => {
    if (!queue) return
    queue.start()
    return () => queue.stop()
  }, [queue])

  const view = useSyncExternalStore(queue?.subscribe ?? nothing, queue?.snapshot ?? none, queue?.snapshot ?? none)
  return { queue, view }
}
