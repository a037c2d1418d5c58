import { msg } from '../../../i18n/messages'
import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { OWN_PROFILE_TAG } from '../../../lib/cache-tags'

export type Tourist = components['schemas']['Tourist']

export const PROFILE_LOAD_FAILED = msg('tourists.profileLoadFailed')

export const OWN_TOURIST_PROFILE_KEY = 'tourist-profile:me'
export const ownTouristProfileTags = [OWN_PROFILE_TAG]

/** GET /api/v1/tourists/profile: the signed-in tourist. */
export async function getTouristProfile(signal?: AbortSignal): Promise<ApiResult<Tourist>> {
  const result = await settle(authApi.GET('/api/v1/tourists/profile', { signal }), PROFILE_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
