import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { BOOKINGS_TAG } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

export type GuideDashboard = components['schemas']['GuideDashboard']

export const DASHBOARD_LOAD_FAILED = msg('bookings.dashboardLoadFailed')

export const guideDashboardKey = 'guide:dashboard'
// Requests, trips and earnings all move with bookings.
export const guideDashboardTags = [BOOKINGS_TAG]

/** GET /api/v1/guides/dashboard: requests waiting, upcoming trips, earnings, rating, verification. */
export async function getGuideDashboard(): Promise<ApiResult<GuideDashboard>> {
  const result = await settle(authApi.GET('/api/v1/guides/dashboard'), DASHBOARD_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
