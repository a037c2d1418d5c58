import { msg } from '../../i18n/messages'
import { api } from '../api-client'
import { settle } from '../api-result'
import { todayInNepal, type Booking } from '../booking'
import type { Destination } from '../list-destinations'
import { mediaUrl } from '../media-url'
import { announcePackChange, browserPacks, currentAccount } from './offline-store'
import { tripsWantingTour, type OfflinePack, type SavedTour } from './offline-pack'

export const SAVE_FAILED = msg('offline.saveFailed')

/**
 * Asks for a picture so the service worker keeps it (public pictures are cached on first
 * fetch, see vite.config.ts); a failure only means the picture will be missing offline.
 */
function keepPicture(path: string | null | undefined): Promise<unknown> {
  const url = mediaUrl(path)
  return url ? fetch(url).catch(() => undefined) : Promise.resolve()
}

/**
 * Fetches the destination with a signal: through the service worker, so its public page
 * opens offline too. The answer is stored whole (permits and trek facts included).
 */
async function fetchDestination(destinationId: string): Promise<Destination | null> {
  const result = await settle(api.GET('/api/v1/users/destination/{id}', { params: { path: { id: destinationId } } }), SAVE_FAILED)
  return result.ok ? result.data.destination : null
}

/** Fetches a booked tour's public page (days, altitudes, risk) to carry offline; null when it cannot be had (withdrawn, no signal). */
async function fetchTour(tourId: string): Promise<SavedTour | null> {
  const result = await settle(api.GET('/api/v1/users/tour/{id}', { params: { path: { id: tourId } } }), SAVE_FAILED)
  return result.ok ? result.data.tour : null
}

/** Saves one trip for offline use with the destination chosen for it (or none). */
export async function saveTripForOffline(booking: Booking, destinationId: string | null, now = new Date()): Promise<OfflinePack> {
  const account = currentAccount()
  if (!account) throw new Error(SAVE_FAILED)
  const [destination, tour] = await Promise.all([destinationId ? fetchDestination(destinationId) : null, booking.tour ? fetchTour(booking.tour._id) : null])
  if (destinationId && !destination) throw new Error(SAVE_FAILED)
  // A tour's page missing (withdrawn since) does not stop the trip itself being saved.
  const saved = tour ? { tour } : (await browserPacks().load(account)).trips.find((t) => t.booking._id === booking._id && t.tour?._id === booking.tour?._id)
  await Promise.all([keepPicture(booking.guide.profilePicture), keepPicture(destination?.imageThumb), keepPicture(destination?.image)])
  const pack = await browserPacks().saveTrip(account, { booking, destination, ...(saved?.tour ? { tour: saved.tour } : {}), savedAt: now.toISOString() })
  announcePackChange()
  return pack
}

/** Keeps the pack in step with bookings just fetched: paid trips saved at once, ended ones dropped. */
export async function syncOfflinePack(bookings: Booking[], now = new Date()): Promise<OfflinePack | null> {
  const account = currentAccount()
  if (!account) return null
  const before = await browserPacks().load(account)
  let pack = await browserPacks().sync(account, bookings, todayInNepal(now), now)
  // Trips of a tour carry the tour's days and altitudes: fetched once, while there is a signal.
  for (const trip of tripsWantingTour(pack)) {
    const tour = trip.booking.tour ? await fetchTour(trip.booking.tour._id) : null
    if (tour) pack = await browserPacks().saveTour(account, trip.booking._id, tour)
  }
  if (pack !== before) {
    announcePackChange()
    await Promise.all(pack.trips.map((t) => keepPicture(t.booking.guide.profilePicture)))
  }
  return pack
}

export async function removeTripFromOffline(bookingId: string): Promise<void> {
  const account = currentAccount()
  if (!account) return
  await browserPacks().removeTrip(account, bookingId)
  announcePackChange()
}
