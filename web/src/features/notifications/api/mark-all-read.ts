import { msg } from '../../../i18n/messages'
import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

type Marked = components['schemas']['MessageResponse']

export const MARK_ALL_FAILED = msg('notifications.markAllFailed')

/** PATCH /api/v1/notifications/read-all */
export function markAllRead(): Promise<ApiResult<Marked>> {
  return settle(authApi.PATCH('/api/v1/notifications/read-all'), MARK_ALL_FAILED)
}
