import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type Message = components['schemas']['Message']
export type MessagesPage = components['schemas']['MessagesPage']

export const MESSAGES_LOAD_FAILED = msg('messages.messagesLoadFailed')

/** GET /api/v1/conversations/{id}/messages: a page, newest first, and the cursor of the older one. */
export async function listMessages(conversationId: string, cursor?: string): Promise<ApiResult<MessagesPage>> {
  const call = authApi.GET('/api/v1/conversations/{id}/messages', { params: { path: { id: conversationId }, query: cursor ? { cursor } : {} } })
  const result = await settle(call, translate(MESSAGES_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
