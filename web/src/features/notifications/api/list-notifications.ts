import { msg } from '../../../i18n/messages'
import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { NOTIFICATIONS_TAG } from '../../../lib/cache-tags'

export type Notification = components['schemas']['Notification']
export type NotifiedRole = 'guide' | 'tourist'

export const NOTIFICATIONS_LOAD_FAILED = msg('notifications.loadFailed')

export const notificationsKey = (role: NotifiedRole) => `notifications:${role}`
export const notificationsTags = [NOTIFICATIONS_TAG]

/** GET /api/v1/notifications/guide or /tourist: the signed-in user's notifications, newest first. */
export async function listNotifications(role: NotifiedRole): Promise<ApiResult<Notification[]>> {
  const call = role === 'guide' ? authApi.GET('/api/v1/notifications/guide') : authApi.GET('/api/v1/notifications/tourist')
  const result = await settle(call, NOTIFICATIONS_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
