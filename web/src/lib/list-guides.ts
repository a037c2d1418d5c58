import { msg } from '../i18n/messages'
import { api } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'
import { GUIDES_TAG } from './cache-tags'
import type { Page } from './use-cached-query'

export type GuideSummary = components['schemas']['GuideCard']

export const GUIDES_LOAD_FAILED = msg('common.guidesLoadFailed')

export type GuideListQuery = {
  /** Guides per page: 6 on the landing page, 10 on the guides list (spec section 9). */
  limit: number
  /** A category value (`all` for every guide). */
  category: string
}

/** The paged list's cache key: it names every parameter. */
export const guideListKey = ({ limit, category }: GuideListQuery) => `guides?limit=${limit}&category=${category}`

export const GUIDE_LIST_TAGS = [GUIDES_TAG]

/**
 * GET /api/v1/users/guides: verified guides, best rated first. Page 1 is asked by number,
 * every later page by the previous page's cursor, so no guide is repeated or skipped.
 */
export async function listGuides({ limit, category }: GuideListQuery, page: number, cursor?: string, signal?: AbortSignal): Promise<ApiResult<Page<GuideSummary>>> {
  const query = {
    limit,
    ...(category !== 'all' && { category }),
    ...(cursor ? { cursor } : { page }),
  }
  const result = await settle(api.GET('/api/v1/users/guides', { params: { query }, signal }), GUIDES_LOAD_FAILED)
  if (!result.ok) return result
  const { guides, totalPages, nextCursor } = result.data
  return { ok: true, data: { items: guides, totalPages, nextCursor } }
}
