import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Blog } from '../../../lib/blog-text'
import { blogTag } from '../../../lib/cache-tags'
import { msg, translate } from '../../../i18n/messages'

export const BLOG_DATA_LOAD_FAILED = msg('blogs.blogDataLoadFailed')

export const myBlogKey = (blogId: string) => `my-blog:${blogId}`
export const myBlogTags = (blogId: string) => [blogTag(blogId)]

/** GET /api/v1/blogs/{id}: one of the author's own posts, for the edit form. */
export async function getMyBlog(blogId: string): Promise<ApiResult<Blog>> {
  const result = await settle(authApi.GET('/api/v1/blogs/{id}', { params: { path: { id: blogId } } }), translate(BLOG_DATA_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.blog } : result
}
