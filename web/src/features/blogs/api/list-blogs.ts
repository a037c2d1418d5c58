import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Blog } from '../../../lib/blog-text'
import { BLOGS_TAG } from '../../../lib/cache-tags'
import type { Page } from '../../../lib/use-paged-list'
import { msg, translate } from '../../../i18n/messages'

/** Posts per page of the feed (spec section 9). */
export const BLOGS_PAGE_SIZE = 6
export const BLOGS_LOAD_FAILED = msg('blogs.blogsLoadFailed')

/** The feed's paged-list key: it names every parameter. */
export const BLOG_FEED_KEY = `blogs?limit=${BLOGS_PAGE_SIZE}`
export const BLOG_FEED_TAGS = [BLOGS_TAG]

/**
 * GET /api/v1/users/blogs: newest first, each page after the first by the previous page's
 * cursor so posts published meanwhile neither repeat nor push others out of sight. It goes
 * with the token when there is one, so `likedByMe` is the reader's own.
 */
export async function listBlogs(page: number, cursor?: string): Promise<ApiResult<Page<Blog>>> {
  const query = { limit: BLOGS_PAGE_SIZE, ...(cursor ? { cursor } : { page }) }
  const result = await settle(authApi.GET('/api/v1/users/blogs', { params: { query } }), translate(BLOGS_LOAD_FAILED))
  if (!result.ok) return result
  const { blogs, totalPages, nextCursor } = result.data
  return { ok: true, data: { items: blogs, totalPages, nextCursor } }
}
