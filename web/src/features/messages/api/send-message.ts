import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Message } from './list-messages'
import { msg, translate } from '../../../i18n/messages'

export const SEND_FAILED = msg('messages.sendFailed')

/** POST /api/v1/conversations/{id}/messages */
export async function sendMessage(conversationId: string, text: string): Promise<ApiResult<Message>> {
  const call = authApi.POST('/api/v1/conversations/{id}/messages', { params: { path: { id: conversationId } }, body: { text } })
  const result = await settle(call, translate(SEND_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
