import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Booking } from '../../../lib/booking'
import { BOOKINGS_TAG } from '../../../lib/cache-tags'
import { BOOKINGS_LOAD_FAILED } from './list-guide-bookings'

export const myBookingsKey = 'bookings:tourist'
export const myBookingsTags = [BOOKINGS_TAG]

/** GET /api/v1/tourists/bookings: the signed-in traveller's bookings, newest first. */
export async function listMyBookings(): Promise<ApiResult<Booking[]>> {
  const result = await settle(authApi.GET('/api/v1/tourists/bookings'), BOOKINGS_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
