import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import type { DestinationSaved } from './create-destination'
import { msg, translate } from '../../../i18n/messages'

export type TrekFactsRequest = components['schemas']['TrekFactsRequest']

export const UPDATE_TREK_FACTS_FAILED = msg('admin.trekFactsSaveFailed')

/** PUT /api/v1/admin/destinations/{id}/trek: the facts and permits, replaced whole. */
export function updateTrekFacts(destinationId: string, body: TrekFactsRequest): Promise<ApiResult<DestinationSaved>> {
  return settle(authApi.PUT('/api/v1/admin/destinations/{id}/trek', { params: { path: { id: destinationId } }, body }), translate(UPDATE_TREK_FACTS_FAILED))
}
