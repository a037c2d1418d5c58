import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { AVAILABILITY_TAG, BOOKINGS_TAG } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

export const AVAILABILITY_LOAD_FAILED = msg('guides.availabilityLoadFailed')

export const guideAvailabilityKey = (guideId: string, from: string, to: string) => `guide:${guideId}:availability:${from}:${to}`
export const guideAvailabilityTags = [AVAILABILITY_TAG, BOOKINGS_TAG]

/**
 * GET /api/v1/users/guide/{id}/availability?from=&to= (at most 366 days): the days the
 * guide cannot take a trip, blocked by them or taken by an approved or paid trip.
 */
export async function getGuideAvailability(guideId: string, from: string, to: string): Promise<ApiResult<string[]>> {
  const result = await settle(api.GET('/api/v1/users/guide/{id}/availability', { params: { path: { id: guideId }, query: { from, to } } }), AVAILABILITY_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data.unavailable } : result
}
