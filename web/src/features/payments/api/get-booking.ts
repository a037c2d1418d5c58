import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Booking } from '../../../lib/booking'
import { BOOKINGS_TAG } from '../../../lib/cache-tags'
import { msg, translate } from '../../../i18n/messages'

/** Spec section 8: a checkout that cannot load shows this (the server says the same on a 404). */
export const BOOKING_NOT_FOUND = msg('payments.bookingNotFound')

export const bookingKey = (bookingId: string) => `booking:${bookingId}`
export const bookingTags = [BOOKINGS_TAG]

/** GET /api/v1/tourists/details/{bookingId}: one booking, for its traveller, its guide or an admin (404 for anyone else). */
export async function getBooking(bookingId: string): Promise<ApiResult<Booking>> {
  const result = await settle(authApi.GET('/api/v1/tourists/details/{bookingId}', { params: { path: { bookingId } } }), translate(BOOKING_NOT_FOUND))
  if (!result.ok) console.error(`Booking ${bookingId} could not be loaded: ${result.message}`)
  return result.ok ? { ok: true, data: result.data.data } : result
}
