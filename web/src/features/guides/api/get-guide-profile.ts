import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

export type Guide = components['schemas']['Guide']
export type Certification = components['schemas']['Certification']

export const PROFILE_LOAD_FAILED = 'Failed to load profile'

/** GET /api/v1/guides/guide-profile: the signed-in guide. */
export async function getGuideProfile(): Promise<ApiResult<Guide>> {
  const result = await settle(authApi.GET('/api/v1/guides/guide-profile'), PROFILE_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
