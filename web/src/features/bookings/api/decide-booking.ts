import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg } from '../../../i18n/messages'

export type Decision = 'approve' | 'reject'
export type Decided = components['schemas']['BookingResponse']

export const DECISION_FAILED = msg('bookings.decisionFailed')

/**
 * PATCH /api/v1/guides/booking/status. Answers 'Booking approved successfully' or 'Booking
 * rejected successfully' with the booking; a 409 says why not (already answered, or the
 * guide already has an approved trip that day).
 */
export function decideBooking(bookingId: string, action: Decision): Promise<ApiResult<Decided>> {
  return settle(authApi.PATCH('/api/v1/guides/booking/status', { body: { bookingId, action } }), DECISION_FAILED)
}
