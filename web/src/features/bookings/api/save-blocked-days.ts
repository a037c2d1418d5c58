import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { msg } from '../../../i18n/messages'

export const BLOCKED_DAYS_SAVE_FAILED = msg('bookings.blockedDaysSaveFailed')

/**
 * PUT /api/v1/guides/availability: replaces the guide's blocked days from today on with
 * `blockedDates` (at most 366; past days are refused). Answers the days now kept.
 */
export async function saveBlockedDays(blockedDates: string[]): Promise<ApiResult<string[]>> {
  const result = await settle(authApi.PUT('/api/v1/guides/availability', { body: { blockedDates } }), BLOCKED_DAYS_SAVE_FAILED)
  return result.ok ? { ok: true, data: result.data.data.blockedDates } : result
}
