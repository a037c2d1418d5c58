import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export const DELETE_BLOG_FAILED = msg('blogs.deleteFailed')

/** DELETE /api/v1/blogs/{id}: the author's post and its image. */
export function deleteBlog(blogId: string): Promise<ApiResult<components['schemas']['MessageResponse']>> {
  return settle(authApi.DELETE('/api/v1/blogs/{id}', { params: { path: { id: blogId } } }), translate(DELETE_BLOG_FAILED))
}
