import { msg } from '../i18n/messages'
import { api } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'
import { GUIDES_TAG } from './cache-tags'
import { searchQuery, type SearchRequest } from './search-url'

export type GuidePoint = components['schemas']['GuidePoint']
export type GuideMapAnswer = components['schemas']['GuideMapResponse']

export const GUIDE_MAP_FAILED = msg('filters.mapFailed')
export const GUIDE_MAP_TAGS = [GUIDES_TAG]

/** The cache key: every parameter the map is asked with. */
export const guideMapKey = (request: SearchRequest) => `guide-map?${new URLSearchParams(Object.entries(searchQuery(request)).map(([name, value]) => [name, String(value)]))}`

/**
 * GET /api/v1/users/guides/map: every guide the search matches (not only the page loaded),
 * as points for the map, with the search's total.
 */
export async function loadGuideMap(request: SearchRequest, signal?: AbortSignal): Promise<ApiResult<GuideMapAnswer>> {
  return settle(api.GET('/api/v1/users/guides/map', { params: { query: searchQuery(request) }, signal }), GUIDE_MAP_FAILED)
}
