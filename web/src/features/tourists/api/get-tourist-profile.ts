import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult, type FetchAnswer } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

export type Tourist = components['schemas']['Tourist']

export const PROFILE_LOAD_FAILED = 'Failed to load profile'

/**
 * Reads an answer of a tourist endpoint as a Tourist. The server's OpenAPI document gives
 * some guide and tourist operations the same operationId (own_profile, update_profile,
 * profile_image, cover_image), so the generated path types of those tourist paths point
 * at the guide operations. Harmless once the ids are unique.
 */
export function asTouristAnswer(call: Promise<FetchAnswer<unknown>>): Promise<FetchAnswer<{ data: Tourist }>> {
  return call as Promise<FetchAnswer<{ data: Tourist }>>
}

/** GET /api/v1/tourists/profile: the signed-in tourist. */
export async function getTouristProfile(): Promise<ApiResult<Tourist>> {
  const result = await settle(asTouristAnswer(authApi.GET('/api/v1/tourists/profile')), PROFILE_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
