import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg } from '../../../i18n/messages'

export type BookingRequested = components['schemas']['BookingResponse']

export const BOOKING_REQUEST_FAILED = msg('guides.bookingRequestFailed')

export type BookingInput = {
  guideId: string
  selectedDate: string
  selectedTime: string
  groupSize: number
  /** 1 to 30: `selectedDate` is the first. */
  days: number
  /** To the guide, up to 1,000 characters; left out when empty. */
  message?: string
  /** The guide's daily rate as the page showed it; the server prices the booking itself. */
  pricePerPerson: number
}

/** A fresh key for one booking attempt: a UUID, made by hand where randomUUID is missing (plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * POST /api/v1/tourists/booking/request (201; 200 with the same booking when the key was
 * already used). The same `idempotencyKey` for every try of one attempt means a double
 * click or a retry after a lost answer never makes two bookings.
 */
export function requestBooking(input: BookingInput, idempotencyKey: string): Promise<ApiResult<BookingRequested>> {
  return settle(authApi.POST('/api/v1/tourists/booking/request', { body: input, params: { header: { 'Idempotency-Key': idempotencyKey } } }), BOOKING_REQUEST_FAILED)
}
