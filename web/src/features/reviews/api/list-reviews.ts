import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { guideTag } from '../../../lib/cache-tags'
import type { Page } from '../../../lib/use-paged-list'
import { msg } from '../../../i18n/messages'

export type Review = components['schemas']['Review']
export type ReviewPhoto = components['schemas']['ReviewPhoto']
export type SubRatingAverages = components['schemas']['SubRatingAverages']

/** The orders the reviews list offers (`with_photos`: only reviews with photos, newest first). */
export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'with_photos'] as const
export type ReviewSort = (typeof REVIEW_SORTS)[number]

export const REVIEWS_LOAD_FAILED = msg('guides.reviewsLoadFailed')
export const REVIEWS_PAGE_SIZE = 10

export const reviewsKey = (guideId: string, sort: ReviewSort = 'newest') => `guide:${guideId}:reviews?limit=${REVIEWS_PAGE_SIZE}&sort=${sort}`
export const reviewsTags = (guideId: string) => [guideTag(guideId)]
export const reviewSummaryKey = (guideId: string) => `guide:${guideId}:reviews:summary`

/** GET /api/v1/users/ratings/{id}: a guide's reviews in `sort` order, a page at a time. */
export async function listReviews(guideId: string, page: number, sort: ReviewSort = 'newest'): Promise<ApiResult<Page<Review>>> {
  const params = { path: { id: guideId }, query: { page, limit: REVIEWS_PAGE_SIZE, sort } }
  const result = await settle(api.GET('/api/v1/users/ratings/{id}', { params }), REVIEWS_LOAD_FAILED)
  if (!result.ok) return result
  return { ok: true, data: { items: result.data.data.ratings, totalPages: result.data.data.totalPages } }
}

export type ReviewSummary = { subRatings: SubRatingAverages; photoStrip: ReviewPhoto[] }

/** The sub-rating averages and the photo strip of a guide's reviews (the same answer, one review long). */
export async function reviewSummary(guideId: string, signal?: AbortSignal): Promise<ApiResult<ReviewSummary>> {
  const params = { path: { id: guideId }, query: { page: 1, limit: 1 } }
  const result = await settle(api.GET('/api/v1/users/ratings/{id}', { params, signal }), REVIEWS_LOAD_FAILED)
  if (!result.ok) return result
  return { ok: true, data: { subRatings: result.data.data.subRatings, photoStrip: result.data.data.photoStrip } }
}
