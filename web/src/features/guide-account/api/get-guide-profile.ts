import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { OWN_PROFILE_TAG } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

export type Guide = components['schemas']['Guide']
export type Certification = components['schemas']['Certification']

export const PROFILE_LOAD_FAILED = msg('guides.profileLoadFailed')

export const OWN_GUIDE_PROFILE_KEY = 'guide-profile:me'
export const ownGuideProfileTags = [OWN_PROFILE_TAG]

/** GET /api/v1/guides/guide-profile: the signed-in guide. */
export async function getGuideProfile(signal?: AbortSignal): Promise<ApiResult<Guide>> {
  const result = await settle(authApi.GET('/api/v1/guides/guide-profile', { signal }), PROFILE_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
