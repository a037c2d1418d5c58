import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { CONVERSATIONS_TAG } from '../../../lib/cache-tags'
import { msg, translate } from '../../../i18n/messages'

export type Conversation = components['schemas']['Conversation']

export const CONVERSATIONS_LOAD_FAILED = msg('messages.conversationsLoadFailed')

export const conversationsKey = (withUser?: string) => (withUser ? `conversations:with:${withUser}` : 'conversations')
export const conversationsTags = [CONVERSATIONS_TAG]

/** GET /api/v1/conversations: mine, newest activity first; only the one with `withUser` if given. */
export async function listConversations(withUser?: string): Promise<ApiResult<Conversation[]>> {
  const query = withUser ? { with: withUser } : {}
  const result = await settle(authApi.GET('/api/v1/conversations', { params: { query } }), translate(CONVERSATIONS_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
