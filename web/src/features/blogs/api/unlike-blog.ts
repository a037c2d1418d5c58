import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { LIKE_FAILED, type LikeState } from './like-blog'
import { translate } from '../../../i18n/messages'

/** DELETE /api/v1/blogs/{id}/like: takes the reader's like back. */
export async function unlikeBlog(blogId: string): Promise<ApiResult<LikeState>> {
  const result = await settle(authApi.DELETE('/api/v1/blogs/{id}/like', { params: { path: { id: blogId } } }), translate(LIKE_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
