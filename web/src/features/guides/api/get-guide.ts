import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { guideTag } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

/** The guide, their reliability and badges, and for a signed-in viewer whether they may review them. */
export type PublicGuide = components['schemas']['GuidePage']

export const GUIDE_LOAD_FAILED = msg('guides.guideLoadFailed')

export const guideKey = (guideId: string) => `guide:${guideId}`
export const guideTags = (guideId: string) => [guideTag(guideId)]

/** GET /api/v1/users/guide/{id}: a verified guide as anyone may see them (404 'Guide not found'). */
export async function getGuide(guideId: string, signal?: AbortSignal): Promise<ApiResult<PublicGuide>> {
  const result = await settle(api.GET('/api/v1/users/guide/{id}', { params: { path: { id: guideId } }, signal }), GUIDE_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
