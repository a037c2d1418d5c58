import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { translate } from '../../../i18n/messages'

export type TripEmergencyInfo = components['schemas']['TripEmergencyInfo']

/**
 * GET /api/v1/guides/booking/{id}/emergency-info: the traveller's emergency contact and
 * insurance, for this booking's guide. The server answers 403 outside the paid trip's days.
 */
export async function getTripEmergencyInfo(bookingId: string): Promise<ApiResult<TripEmergencyInfo>> {
  const result = await settle(authApi.GET('/api/v1/guides/booking/{bookingId}/emergency-info', { params: { path: { bookingId } } }), translate('bookings.emergencyLoadFailed'))
  return result.ok ? { ok: true, data: result.data.data } : result
}
