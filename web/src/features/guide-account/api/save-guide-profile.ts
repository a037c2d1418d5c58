import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import type { Guide } from './get-guide-profile'

export type GuideProfileRequest = components['schemas']['GuideProfileRequest']

/** POST /api/v1/guides/profile: saves every profile field at once. */
export async function saveGuideProfile(body: GuideProfileRequest, fallback: string): Promise<ApiResult<Guide>> {
  const result = await settle(authApi.POST('/api/v1/guides/profile', { body }), fallback)
  return result.ok ? { ok: true, data: result.data.data } : result
}
