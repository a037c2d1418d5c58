import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

export const HIDE_FAILED = 'Failed to hide it'
export const UNHIDE_FAILED = 'Failed to show it again'

type Answer = Promise<ApiResult<components['schemas']['MessageResponse']>>

/** POST /api/v1/admin/blogs/{id}/hide with the reason the author will read. */
export function hideBlog(id: string, reason: string): Answer {
  return settle(authApi.POST('/api/v1/admin/blogs/{id}/hide', { params: { path: { id } }, body: { reason } }), HIDE_FAILED)
}

/** POST /api/v1/admin/reviews/{id}/hide with the reason the reviewer will read. */
export function hideReview(id: string, reason: string): Answer {
  return settle(authApi.POST('/api/v1/admin/reviews/{id}/hide', { params: { path: { id } }, body: { reason } }), HIDE_FAILED)
}

/** POST /api/v1/admin/blogs/{id}/unhide */
export function unhideBlog(id: string): Answer {
  return settle(authApi.POST('/api/v1/admin/blogs/{id}/unhide', { params: { path: { id } }, body: {} }), UNHIDE_FAILED)
}

/** POST /api/v1/admin/reviews/{id}/unhide */
export function unhideReview(id: string): Answer {
  return settle(authApi.POST('/api/v1/admin/reviews/{id}/unhide', { params: { path: { id } }, body: {} }), UNHIDE_FAILED)
}
