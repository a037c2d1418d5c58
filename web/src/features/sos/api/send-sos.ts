import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { translate } from '../../../i18n/messages'

export type SosRequest = components['schemas']['SosRequest']
export type SosSent = components['schemas']['SosSent']

/** POST /api/v1/sos: tells the guides of today's trips and the emergency contact. */
export async function sendSos(body: SosRequest): Promise<ApiResult<SosSent>> {
  const result = await settle(authApi.POST('/api/v1/sos', { body }), translate('sos.sendFailed'))
  return result.ok ? { ok: true, data: result.data.data } : result
}
