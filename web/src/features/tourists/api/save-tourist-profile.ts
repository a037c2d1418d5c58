import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import type { Tourist } from './get-tourist-profile'

export type TouristProfileRequest = components['schemas']['TouristProfileRequest']

/** POST /api/v1/tourists/profile: bio, nationality, languages and interests at once. */
export async function saveTouristProfile(body: TouristProfileRequest, fallback: string): Promise<ApiResult<Tourist>> {
  const result = await settle(authApi.POST('/api/v1/tourists/profile', { body }), fallback)
  return result.ok ? { ok: true, data: result.data.data } : result
}
