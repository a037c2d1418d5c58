import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg } from '../../../i18n/messages'

export type WrittenReview = components['schemas']['WriteReviewResponse']

export const REVIEW_SUBMIT_FAILED = msg('guides.reviewSubmitFailed')

/**
 * POST /api/v1/tourists/ratings (201). The server decides who may review: only a traveller
 * with a paid, past trip with this guide, once per trip; its message says why not.
 */
export function writeReview(guideId: string, score: number, comment: string): Promise<ApiResult<WrittenReview>> {
  return settle(authApi.POST('/api/v1/tourists/ratings', { body: { guideId, score, comment } }), REVIEW_SUBMIT_FAILED)
}
