import { authApi } from '../../../lib/api-client'
import { multipart, settle, type ApiResult } from '../../../lib/api-result'
import { SAVE_BLOG_FAILED, type BlogSaved } from './create-blog'
import { translate } from '../../../i18n/messages'

/**
 * PATCH /api/v1/blogs/{id} ('Blog updated'): the whole form again; a new image replaces the
 * old one, `removeImage=true` drops it.
 */
export function updateBlog(blogId: string, form: FormData): Promise<ApiResult<BlogSaved>> {
  return settle(authApi.PATCH('/api/v1/blogs/{id}', { params: { path: { id: blogId } }, body: multipart(form) }), translate(SAVE_BLOG_FAILED))
}
