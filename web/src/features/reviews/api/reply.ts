import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg } from '../../../i18n/messages'

export type Reply = components['schemas']['Reply']

export const REPLY_FAILED = msg('guides.replyFailed')

/** PUT /api/v1/reviews/{id}/reply: the reviewed guide writes or replaces their reply. */
export async function saveReply(reviewId: string, text: string): Promise<ApiResult<Reply>> {
  const result = await settle(authApi.PUT('/api/v1/reviews/{id}/reply', { params: { path: { id: reviewId } }, body: { text } }), REPLY_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** DELETE /api/v1/reviews/{id}/reply. */
export async function deleteReply(reviewId: string): Promise<ApiResult<unknown>> {
  return settle(authApi.DELETE('/api/v1/reviews/{id}/reply', { params: { path: { id: reviewId } } }), REPLY_FAILED)
}
