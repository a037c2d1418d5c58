import { authApi } from '../../../lib/api-client'
import { multipart, settle, type ApiResult } from '../../../lib/api-result'
import type { DestinationSaved } from './create-destination'
import { msg, translate } from '../../../i18n/messages'

export const UPDATE_DESTINATION_FAILED = msg('admin.destinationSaveFailed')

/** PATCH /api/v1/admin/destinations/{id}: every field again; a new photo replaces the old one. */
export function updateDestination(destinationId: string, form: FormData): Promise<ApiResult<DestinationSaved>> {
  return settle(authApi.PATCH('/api/v1/admin/destinations/{id}', { params: { path: { id: destinationId } }, body: multipart(form) }), translate(UPDATE_DESTINATION_FAILED))
}
