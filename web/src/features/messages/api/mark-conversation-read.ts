import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { translate } from '../../../i18n/messages'

type Marked = components['schemas']['MessageResponse']

/** POST /api/v1/conversations/{id}/read */
export function markConversationRead(conversationId: string): Promise<ApiResult<Marked>> {
  return settle(authApi.POST('/api/v1/conversations/{id}/read', { params: { path: { id: conversationId } } }), translate('messages.markReadFailed'))
}
