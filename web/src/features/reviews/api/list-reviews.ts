import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { guideTag } from '../../../lib/cache-tags'
import type { Page } from '../../../lib/use-paged-list'
import { msg } from '../../../i18n/messages'

export type Review = components['schemas']['Review']

export const REVIEWS_LOAD_FAILED = msg('guides.reviewsLoadFailed')
export const REVIEWS_PAGE_SIZE = 10

export const reviewsKey = (guideId: string) => `guide:${guideId}:reviews?limit=${REVIEWS_PAGE_SIZE}`
export const reviewsTags = (guideId: string) => [guideTag(guideId)]

/** GET /api/v1/users/ratings/{id}: a guide's reviews, newest first. */
export async function listReviews(guideId: string, page: number): Promise<ApiResult<Page<Review>>> {
  const params = { path: { id: guideId }, query: { page, limit: REVIEWS_PAGE_SIZE } }
  const result = await settle(api.GET('/api/v1/users/ratings/{id}', { params }), REVIEWS_LOAD_FAILED)
  if (!result.ok) return result
  return { ok: true, data: { items: result.data.data.ratings, totalPages: result.data.data.totalPages } }
}
