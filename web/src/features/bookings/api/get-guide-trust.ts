import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { BOOKINGS_TAG } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

export type GuideTrust = components['schemas']['Trust']
export type Threshold = components['schemas']['Threshold']

export const TRUST_LOAD_FAILED = msg('bookings.trustLoadFailed')

export const guideTrustKey = 'guide:trust'
// The figures move with bookings (the daily computation reads them).
export const guideTrustTags = [BOOKINGS_TAG]

/** GET /api/v1/guides/trust: the guide's reliability and the "Trusted guide" thresholds. */
export async function getGuideTrust(signal?: AbortSignal): Promise<ApiResult<GuideTrust>> {
  const result = await settle(authApi.GET('/api/v1/guides/trust', { signal }), TRUST_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
