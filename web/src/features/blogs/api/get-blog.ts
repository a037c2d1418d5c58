import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Blog } from '../../../lib/blog-text'
import { blogTag } from '../../../lib/cache-tags'
import { msg, translate } from '../../../i18n/messages'

export const BLOG_LOAD_FAILED = msg('blogs.blogLoadFailed')

export const blogKey = (blogId: string) => `blog:${blogId}`
export const blogTags = (blogId: string) => [blogTag(blogId)]

/** GET /api/v1/users/blog/{blogId}: one post for anyone; with a token, `likedByMe` too. */
export async function getBlog(blogId: string, signal?: AbortSignal): Promise<ApiResult<Blog>> {
  const result = await settle(authApi.GET('/api/v1/users/blog/{blogId}', { params: { path: { blogId } }, signal }), translate(BLOG_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.blog } : result
}
