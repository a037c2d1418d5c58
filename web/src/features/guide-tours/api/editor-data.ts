import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Booking } from '../../../lib/booking'
import { BOOKINGS_TAG, DESTINATIONS_TAG, TOURS_TAG } from '../../../lib/cache-tags'
import { listDestinations } from '../../../lib/list-destinations'
import { msg } from '../../../i18n/messages'

export const MY_TOURS_KEY = 'tours:mine'
export const MY_TOURS_TAGS = [TOURS_TAG]

export const BOOKINGS_LOAD_FAILED = msg('guideTours.bookingsLoadFailed')

/** The same key as the guide's dashboard, so both share one read. */
export const GUIDE_BOOKINGS_KEY = 'bookings:guide'
export const GUIDE_BOOKINGS_TAGS = [BOOKINGS_TAG]

/** GET /api/v1/guides/bookings: the signed-in guide's bookings; a tour's carry `tour`. */
export async function listGuideBookings(): Promise<ApiResult<Booking[]>> {
  const result = await settle(authApi.GET('/api/v1/guides/bookings'), BOOKINGS_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** The bookings of one tour, soonest trip first. */
export function bookingsOfTour(bookings: readonly Booking[], tourId: string): Booking[] {
  return bookings.filter((b) => b.tour?._id === tourId).sort((a, b) => a.selectedDate.localeCompare(b.selectedDate))
}

export type DestinationOption = { _id: string; name: string }

export const DESTINATION_OPTIONS_KEY = 'destinations:all-names'
export const DESTINATION_OPTIONS_TAGS = [DESTINATIONS_TAG]

// The server's page limit; a handful of pages holds every destination of Nepal.
const PAGE_LIMIT = 50
const MAX_PAGES = 6

/** Every destination's id and name, by name, for the tour's destination select. */
export async function listDestinationOptions(): Promise<ApiResult<DestinationOption[]>> {
  const options: DestinationOption[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await listDestinations({ limit: PAGE_LIMIT, query: '' }, page)
    if (!result.ok) return result
    options.push(...result.data.items.map((d) => ({ _id: d._id, name: d.name })))
    if (page >= result.data.totalPages) break
  }
  return { ok: true, data: options.sort((a, b) => a.name.localeCompare(b.name)) }
}
