import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'

export type PendingVerification = components['schemas']['VerificationQueueItem']
export const QUEUE_LOAD_FAILED = 'Failed to load the verification queue'

/** GET /api/v1/admin/verifications: guides waiting for review, oldest first. */
export async function listVerifications(): Promise<ApiResult<PendingVerification[]>> {
  const result = await settle(authApi.GET('/api/v1/admin/verifications'), QUEUE_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
