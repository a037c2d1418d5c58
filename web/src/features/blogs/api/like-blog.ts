import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type LikeState = components['schemas']['LikeState']

export const LIKE_FAILED = msg('blogs.likeFailed')

/** POST /api/v1/blogs/{id}/like: once per account; liking again changes nothing. */
export async function likeBlog(blogId: string): Promise<ApiResult<LikeState>> {
  const result = await settle(authApi.POST('/api/v1/blogs/{id}/like', { params: { path: { id: blogId } } }), translate(LIKE_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
