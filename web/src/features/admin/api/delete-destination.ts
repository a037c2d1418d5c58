import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export const DELETE_DESTINATION_FAILED = msg('admin.destinationDeleteFailed')

/** DELETE /api/v1/admin/destinations/{id}: the destination and its photo. */
export function deleteDestination(destinationId: string): Promise<ApiResult<components['schemas']['MessageResponse']>> {
  return settle(authApi.DELETE('/api/v1/admin/destinations/{id}', { params: { path: { id: destinationId } } }), translate(DELETE_DESTINATION_FAILED))
}
