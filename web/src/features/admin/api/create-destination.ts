import { authApi } from '../../../lib/api-client'
import { multipart, settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type DestinationSaved = components['schemas']['DestinationSaved']

export const CREATE_DESTINATION_FAILED = msg('admin.destinationSaveFailed')

/** POST /api/v1/admin/destinations (201): the admin's form with its photo. */
export function createDestination(form: FormData): Promise<ApiResult<DestinationSaved>> {
  return settle(authApi.POST('/api/v1/admin/destinations', { body: multipart(form) }), translate(CREATE_DESTINATION_FAILED))
}
