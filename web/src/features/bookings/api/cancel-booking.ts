import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Booking } from '../../../lib/booking'
import { msg } from '../../../i18n/messages'

export const CANCEL_FAILED = msg('bookings.cancelFailed')

/**
 * POST /api/v1/bookings/{id}/cancel by the booking's traveller or guide: answers the
 * booking as it now stands (cancelled, with any refund pending); 409 when it can no
 * longer be cancelled.
 */
export async function cancelBooking(bookingId: string, reason: string): Promise<ApiResult<{ message: string; booking: Booking }>> {
  const result = await settle(authApi.POST('/api/v1/bookings/{id}/cancel', { params: { path: { id: bookingId } }, body: { reason } }), CANCEL_FAILED)
  return result.ok ? { ok: true, data: { message: result.data.message, booking: result.data.data } } : result
}
