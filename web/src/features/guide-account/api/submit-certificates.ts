import { authApi } from '../../../lib/api-client'
import { multipart, settle, type ApiResult } from '../../../lib/api-result'
import type { Guide } from './get-guide-profile'
import { msg } from '../../../i18n/messages'

export const CERTIFICATES_FAILED = msg('guides.certificatesFailed')

/** `licenceNumber` and `expiresOn` are empty for certificates that are not a licence. */
export type CertificateUpload = { name: string; issuingOrganization: string; issueDate: string; licenceNumber: string; expiresOn: string; file: File }

/** `replace` swaps the guide's certificates for these; `add` keeps them and adds these. */
export type SubmitMode = 'replace' | 'add'

/**
 * POST /api/v1/guides/certification (201): `certificates` is the JSON list of details and
 * one `certificateImage` file follows per entry, in the same order.
 */
export async function submitCertificates(entries: CertificateUpload[], mode: SubmitMode = 'replace'): Promise<ApiResult<Guide>> {
  const form = new FormData()
  form.append(
    'certificates',
    JSON.stringify(
      entries.map(({ name, issuingOrganization, issueDate, licenceNumber, expiresOn }) => ({
        name,
        issuingOrganization,
        issueDate,
        ...(licenceNumber !== '' && { licenceNumber, expiresOn }),
      })),
    ),
  )
  for (const entry of entries) form.append('certificateImage', entry.file)
  form.append('mode', mode)
  const result = await settle(authApi.POST('/api/v1/guides/certification', { body: multipart(form) }), CERTIFICATES_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
