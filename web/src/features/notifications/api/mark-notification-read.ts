import { msg } from '../../../i18n/messages'
import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

type Marked = components['schemas']['MessageResponse']

export const MARK_READ_FAILED = msg('notifications.markReadFailed')

/** PATCH /api/v1/notifications/{id}/read (someone else's is 404). */
export function markNotificationRead(id: string): Promise<ApiResult<Marked>> {
  return settle(authApi.PATCH('/api/v1/notifications/{id}/read', { params: { path: { id } } }), MARK_READ_FAILED)
}
