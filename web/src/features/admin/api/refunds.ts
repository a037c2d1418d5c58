import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type RefundByHand = components['schemas']['RefundByHand']

export const REFUNDS_LOAD_FAILED = msg('admin.refundsLoadFailed')
export const REFUND_RECORD_FAILED = msg('admin.refundRecordFailed')

/** GET /api/v1/admin/refunds: refunds only a person can make (eSewa's), oldest first. */
export async function listRefundsByHand(): Promise<ApiResult<RefundByHand[]>> {
  const result = await settle(authApi.GET('/api/v1/admin/refunds'), translate(REFUNDS_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** POST /api/v1/admin/refunds/{refundId}/done: records a refund an admin made in the provider's portal. */
export async function recordRefundDone(refundId: string, reference: string): Promise<ApiResult<{ message: string }>> {
  return settle(authApi.POST('/api/v1/admin/refunds/{refundId}/done', { params: { path: { refundId } }, body: { reference } }), translate(REFUND_RECORD_FAILED))
}
