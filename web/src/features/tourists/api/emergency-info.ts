import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { translate } from '../../../i18n/messages'

export type EmergencyInfo = components['schemas']['EmergencyInfo']

/** GET /api/v1/tourists/emergency-info: the signed-in traveller's own (private) details. */
export async function getEmergencyInfo(): Promise<ApiResult<EmergencyInfo>> {
  const result = await settle(authApi.GET('/api/v1/tourists/emergency-info'), translate('sos.emergencyLoadFailed'))
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** PUT /api/v1/tourists/emergency-info: replaces them (empty fields clear). */
export async function saveEmergencyInfo(body: EmergencyInfo): Promise<ApiResult<EmergencyInfo>> {
  const result = await settle(authApi.PUT('/api/v1/tourists/emergency-info', { body }), translate('sos.emergencySaveFailed'))
  return result.ok ? { ok: true, data: result.data.data } : result
}
