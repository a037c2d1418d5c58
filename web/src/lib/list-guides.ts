import { msg } from '../i18n/messages'
import { api } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'
import { GUIDES_TAG } from './cache-tags'
import { NO_FILTERS, filterKey, filterQuery, type GuideFilters } from './guide-filters'
import type { Page } from './use-paged-list'

export type GuideSummary = components['schemas']['GuideCard']

export const GUIDES_LOAD_FAILED = msg('common.guidesLoadFailed')

export type GuideListQuery = {
  /** Guides per page: 6 on the landing page, 10 on the guides list (spec section 9). */
  limit: number
  /** A category value (`all` for every guide). */
  category: string
  /** The rest of /guides' filters and its order (the landing page has none). */
  filters?: GuideFilters
}

/** The paged list's cache key: it names every parameter. */
export const guideListKey = ({ limit, category, filters = NO_FILTERS }: GuideListQuery) =>
  `guides?limit=${limit}&category=${category}&${filterKey({ ...filters, category: 'all' })}`

export const GUIDE_LIST_TAGS = [GUIDES_TAG]

/**
 * GET /api/v1/users/guides: verified guides, best rated first unless the filters order them
 * otherwise. Best rated first, page 1 is asked by number and every later page by the
 * previous page's cursor, so no guide is repeated or skipped; other orders page by number
 * (the API breaks their ties by id, so they are stable too).
 */
export async function listGuides(
  { limit, category, filters = NO_FILTERS }: GuideListQuery,
  page: number,
  cursor?: string,
  signal?: AbortSignal,
): Promise<ApiResult<Page<GuideSummary>>> {
  const query = {
    limit,
    ...filterQuery({ ...filters, category }),
    ...(cursor ? { cursor } : { page }),
  }
  const result = await settle(api.GET('/api/v1/users/guides', { params: { query }, signal }), GUIDES_LOAD_FAILED)
  if (!result.ok) return result
  const { guides, total, totalPages, nextCursor } = result.data
  return { ok: true, data: { items: guides, total, totalPages, nextCursor } }
}
