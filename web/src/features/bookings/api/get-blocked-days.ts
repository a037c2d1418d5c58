import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { AVAILABILITY_TAG } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

export const BLOCKED_DAYS_LOAD_FAILED = msg('bookings.blockedDaysLoadFailed')

export const blockedDaysKey = 'guide:blocked-days'
export const blockedDaysTags = [AVAILABILITY_TAG]

/** GET /api/v1/guides/availability: the days the signed-in guide has blocked. */
export async function getBlockedDays(): Promise<ApiResult<string[]>> {
  const result = await settle(authApi.GET('/api/v1/guides/availability'), BLOCKED_DAYS_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data.blockedDates } : result
}
