import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export const VERIFY_FAILED = msg('admin.verifyFailed')
export const REJECT_FAILED = msg('admin.rejectFailed')

type Decision = components['schemas']['MessageResponse']

/** POST /api/v1/admin/guides/{guideId}/verify */
export function verifyGuide(guideId: string): Promise<ApiResult<Decision>> {
  return settle(authApi.POST('/api/v1/admin/guides/{guideId}/verify', { params: { path: { guideId } } }), translate(VERIFY_FAILED))
}

/** POST /api/v1/admin/guides/{guideId}/reject with the reason the guide will read. */
export function rejectGuide(guideId: string, reason: string): Promise<ApiResult<Decision>> {
  return settle(authApi.POST('/api/v1/admin/guides/{guideId}/reject', { params: { path: { guideId } }, body: { reason } }), translate(REJECT_FAILED))
}
