import { authApi } from '../../../lib/api-client'
import { fileForm, settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg } from '../../../i18n/messages'
import type { Review, ReviewPhoto } from './list-reviews'

export type WrittenReview = components['schemas']['WriteReviewResponse']

export const REVIEW_SUBMIT_FAILED = msg('guides.reviewSubmitFailed')
export const REVIEW_PHOTO_FAILED = msg('guides.reviewPhotoFailed')

/** What the form sends: the score and comment, the optional sub-ratings (null: none) and the photos' ids. */
export type ReviewDraft = {
  score: number
  comment: string
  knowledge: number | null
  safety: number | null
  communication: number | null
  value: number | null
  photos: string[]
}

/**
 * POST /api/v1/tourists/ratings (201). The server decides who may review: only a traveller
 * with a paid, past trip with this guide, once per trip, until 14 days after it; its message says why not.
 */
export function writeReview(guideId: string, draft: ReviewDraft): Promise<ApiResult<WrittenReview>> {
  return settle(authApi.POST('/api/v1/tourists/ratings', { body: { guideId, ...draft } }), REVIEW_SUBMIT_FAILED)
}

/** PATCH /api/v1/reviews/{id}: the author changes their review, within 48 hours of writing it. */
export async function editReview(id: string, draft: ReviewDraft): Promise<ApiResult<Review>> {
  const result = await settle(authApi.PATCH('/api/v1/reviews/{id}', { params: { path: { id } }, body: draft }), REVIEW_SUBMIT_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** POST /api/v1/reviews/photos: one photo (field `photo`), to name in a review. */
export async function uploadReviewPhoto(file: File): Promise<ApiResult<ReviewPhoto>> {
  const result = await settle(authApi.POST('/api/v1/reviews/photos', { body: fileForm('photo', file) }), REVIEW_PHOTO_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
