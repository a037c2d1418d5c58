import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import type { Guide } from './get-guide-profile'

export type CertificateUpdate = components['schemas']['CertificateUpdateRequest']

/** PATCH /api/v1/guides/certification: corrects one certificate's details. */
export async function updateCertificate(body: CertificateUpdate, fallback: string): Promise<ApiResult<Guide>> {
  const result = await settle(authApi.PATCH('/api/v1/guides/certification', { body }), fallback)
  return result.ok ? { ok: true, data: result.data.data } : result
}
