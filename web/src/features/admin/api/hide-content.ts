import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export const HIDE_FAILED = msg('admin.hideFailed')
export const UNHIDE_FAILED = msg('admin.unhideFailed')

type Answer = Promise<ApiResult<components['schemas']['MessageResponse']>>

/** POST /api/v1/admin/blogs/{id}/hide with the reason the author will read. */
export function hideBlog(id: string, reason: string): Answer {
  return settle(authApi.POST('/api/v1/admin/blogs/{id}/hide', { params: { path: { id } }, body: { reason } }), translate(HIDE_FAILED))
}

/** POST /api/v1/admin/reviews/{id}/hide with the reason the reviewer will read. */
export function hideReview(id: string, reason: string): Answer {
  return settle(authApi.POST('/api/v1/admin/reviews/{id}/hide', { params: { path: { id } }, body: { reason } }), translate(HIDE_FAILED))
}

/** POST /api/v1/admin/blogs/{id}/unhide */
export function unhideBlog(id: string): Answer {
  return settle(authApi.POST('/api/v1/admin/blogs/{id}/unhide', { params: { path: { id } }, body: {} }), translate(UNHIDE_FAILED))
}

/** POST /api/v1/admin/reviews/{id}/unhide */
export function unhideReview(id: string): Answer {
  return settle(authApi.POST('/api/v1/admin/reviews/{id}/unhide', { params: { path: { id } }, body: {} }), translate(UNHIDE_FAILED))
}
