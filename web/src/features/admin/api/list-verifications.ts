import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { VERIFICATIONS_TAG } from '../../../lib/cache-tags'
import { msg, translate } from '../../../i18n/messages'

export type PendingVerification = components['schemas']['VerificationQueueItem']
export const QUEUE_LOAD_FAILED = msg('admin.queueLoadFailed')

export const VERIFICATION_QUEUE_KEY = 'admin:verifications'
export const verificationQueueTags = [VERIFICATIONS_TAG]

/** GET /api/v1/admin/verifications: guides waiting for review, oldest first. */
export async function listVerifications(signal?: AbortSignal): Promise<ApiResult<PendingVerification[]>> {
  const result = await settle(authApi.GET('/api/v1/admin/verifications', { signal }), translate(QUEUE_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.data } : result
}
