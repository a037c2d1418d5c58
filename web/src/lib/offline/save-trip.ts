import { msg } from '../../i18n/messages'
import { api, authApi } from '../api-client'
import { settle } from '../api-result'
import { todayInNepal, type Booking } from '../booking'
import type { Destination } from '../list-destinations'
import { mediaUrl } from '../media-url'
import { announcePackChange, browserPacks, currentAccount } from './offline-store'
import { tripsWantingOffer, tripsWantingTour, type OfflinePack, type SavedOffer, type SavedTour } from './offline-pack'

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

/** Fetches the offer a trip was booked from (its days, altitudes, risk); null when it cannot be had. */
async function fetchOffer(offerId: string): Promise<SavedOffer | null> {
  const result = await settle(authApi.GET('/api/v1/offers/{id}', { params: { path: { id: offerId } } }), SAVE_FAILED)
  return result.ok ? result.data.offer : null
}

/** Saves one trip for offline use with the destination chosen for it (or none). */
export async function saveTripForOffline(booking: Booking, destinationId: string | null, now = new Date()): Promise<OfflinePack> {
  const account = currentAccount()
  if (!account) throw new Error(SAVE_FAILED)
  const [destination, tour, offer] = await Promise.all([
    destinationId ? fetchDestination(destinationId) : null,
    booking.tour ? fetchTour(booking.tour._id) : null,
    booking.offerId ? fetchOffer(booking.offerId) : null,
  ])
  if (destinationId && !destination) throw new Error(SAVE_FAILED)
  // A tour's page or an offer missing (withdrawn since, no signal) does not stop the trip
  // itself being saved: what was saved of it before stays.
  const before = (await browserPacks().load(account)).trips.find((t) => t.booking._id === booking._id)
  const savedTour = tour ?? (before?.tour?._id === booking.tour?._id ? before?.tour : null)
  const savedOffer = offer ?? (before?.offer?._id === booking.offerId ? before?.offer : null)
  await Promise.all([keepPicture(booking.guide.profilePicture), keepPicture(destination?.imageThumb), keepPicture(destination?.image)])
  const plan = { ...(savedTour ? { tour: savedTour } : {}), ...(savedOffer ? { offer: savedOffer } : {}) }
  const pack = await browserPacks().saveTrip(account, { booking, destination, ...plan, savedAt: now.toISOString() })
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
    if (tour) pack = await browserPacks().savePlan(account, trip.booking._id, { tour })
  }
  // And trips booked from an offer carry the offer's own days.
  for (const trip of tripsWantingOffer(pack)) {
    const offer = trip.booking.offerId ? await fetchOffer(trip.booking.offerId) : null
    if (offer) pack = await browserPacks().savePlan(account, trip.booking._id, { offer })
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
