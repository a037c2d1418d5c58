import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Booking } from '../../../lib/booking'
import { BOOKINGS_TAG } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

export const BOOKINGS_LOAD_FAILED = msg('bookings.bookingsLoadFailed')

export const guideBookingsKey = 'bookings:guide'
export const guideBookingsTags = [BOOKINGS_TAG]

/** GET /api/v1/guides/bookings: the signed-in guide's requests and trips, newest first. */
export async function listGuideBookings(): Promise<ApiResult<Booking[]>> {
  const result = await settle(authApi.GET('/api/v1/guides/bookings'), BOOKINGS_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
