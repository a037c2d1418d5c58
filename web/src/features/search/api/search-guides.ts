import { msg } from '../../../i18n/messages'
import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { GUIDES_TAG } from '../../../lib/cache-tags'
import { NO_FILTERS, filterKey, type GuideFilters } from '../../../lib/guide-filters'
import type { GuideSummary } from '../../../lib/list-guides'
import { searchQuery, type SearchRequest } from '../../../lib/search-url'
import type { Page } from '../../../lib/use-paged-list'

export const SEARCH_FAILED = msg('search.guidesFailed')
/** Guides per page of search results (spec section 9). */
export const SEARCH_PAGE_SIZE = 12

/** The paged list's cache key: it names every parameter. */
export function searchKey({ q, category, near, radiusKm, place }: SearchRequest, filters: GuideFilters = NO_FILTERS): string {
  const point = near ? `${near.latitude},${near.longitude}` : ''
  const rest = filterKey({ ...filters, category: 'all' })
  return `search?q=${encodeURIComponent(q)}&category=${category}&near=${point}&radius=${radiusKm ?? ''}&place=${encodeURIComponent(place)}&${rest}`
}

export const SEARCH_TAGS = [GUIDES_TAG]

/**
 * GET /api/v1/users/search. Near a point, guides come nearest first with their distance;
 * a place without a point narrows by the guides' address instead.
 */
export async function searchGuides(request: SearchRequest, page: number, signal?: AbortSignal, filters: GuideFilters = NO_FILTERS): Promise<ApiResult<Page<GuideSummary>>> {
  const query = { page, limit: SEARCH_PAGE_SIZE, ...searchQuery({ ...request, filters }) }
  const result = await settle(api.GET('/api/v1/users/search', { params: { query }, signal }), SEARCH_FAILED)
  if (!result.ok) return result
  const { guides, hasMore, total } = result.data
  // The search answers whether more follow, not how many pages there are.
  return { ok: true, data: { items: guides, total, totalPages: hasMore ? page + 1 : page } }
}
