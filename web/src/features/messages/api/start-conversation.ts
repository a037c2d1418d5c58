import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Conversation } from './list-conversations'
import { SEND_FAILED } from './send-message'

/** POST /api/v1/conversations: writes to a guide, starting the conversation or continuing it. */
export async function startConversation(guideId: string, text: string): Promise<ApiResult<Conversation>> {
  const result = await settle(authApi.POST('/api/v1/conversations', { body: { guideId, text } }), SEND_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
