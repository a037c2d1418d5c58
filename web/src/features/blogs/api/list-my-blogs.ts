import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Blog } from '../../../lib/blog-text'
import { BLOGS_TAG } from '../../../lib/cache-tags'
import { msg, translate } from '../../../i18n/messages'

export const MY_BLOGS_LOAD_FAILED = msg('blogs.myBlogsLoadFailed')

export const MY_BLOGS_KEY = 'my-blogs'
export const MY_BLOGS_TAGS = [BLOGS_TAG]

/** GET /api/v1/blogs: the signed-in author's own posts, newest first. */
export async function listMyBlogs(): Promise<ApiResult<Blog[]>> {
  const result = await settle(authApi.GET('/api/v1/blogs'), translate(MY_BLOGS_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.blogs } : result
}
