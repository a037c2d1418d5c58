import { msg } from '../../../i18n/messages'
import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Blog } from '../../../lib/blog-text'
import { BLOGS_TAG } from '../../../lib/cache-tags'
import type { Page } from '../../../lib/use-paged-list'

/** Matching posts per page (the blog feed's page size). */
export const BLOG_RESULTS_PAGE_SIZE = 6
export const BLOG_SEARCH_FAILED = msg('search.blogsFailed')

/** The paged list's cache key: it names every parameter. */
export const blogSearchKey = (query: string) => `blog-search?q=${encodeURIComponent(query)}&limit=${BLOG_RESULTS_PAGE_SIZE}`

/** Any blog write (a new post, an edit, a like) refreshes the results. */
export const BLOG_SEARCH_TAGS = [BLOGS_TAG]

/** GET /api/v1/users/blogs?query=: posts whose title or body match the words, best match first. */
export async function searchBlogs(query: string, page: number, signal?: AbortSignal): Promise<ApiResult<Page<Blog>>> {
  const params = { query: { query, page, limit: BLOG_RESULTS_PAGE_SIZE } }
  const result = await settle(authApi.GET('/api/v1/users/blogs', { params, signal }), BLOG_SEARCH_FAILED)
  if (!result.ok) return result
  // A search pages by number: its cursor is always null, so the page count says whether more follow.
  return { ok: true, data: { items: result.data.blogs, totalPages: result.data.totalPages } }
}
