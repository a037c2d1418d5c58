import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { guideTag } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

export const CAN_REVIEW_FAILED = msg('guides.canReviewFailed')

/** Personal, so apart from the guide's page (whose answer is shared by every viewer); a review refreshes it. */
export const canReviewKey = (guideId: string) => `can-review:${guideId}`
export const canReviewTags = (guideId: string) => [guideTag(guideId)]

/** GET /api/v1/users/guide/{id}/can-review: whether the signed-in account may review this guide now. */
export async function canReview(guideId: string, signal?: AbortSignal): Promise<ApiResult<boolean>> {
  const result = await settle(authApi.GET('/api/v1/users/guide/{id}/can-review', { params: { path: { id: guideId } }, signal }), CAN_REVIEW_FAILED)
  return result.ok ? { ok: true, data: result.data.data.canReview } : result
}
