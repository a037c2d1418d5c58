import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

export type Tourist = components['schemas']['Tourist']

export const PROFILE_LOAD_FAILED = 'Failed to load profile'

/** GET /api/v1/tourists/profile: the signed-in tourist. */
export async function getTouristProfile(): Promise<ApiResult<Tourist>> {
  const result = await settle(authApi.GET('/api/v1/tourists/profile'), PROFILE_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
