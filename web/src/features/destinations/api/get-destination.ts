import { msg } from '../../../i18n/messages'
import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { destinationTag } from '../../../lib/cache-tags'
import type { Destination } from '../../../lib/list-destinations'

export const DESTINATION_LOAD_FAILED = msg('destinations.loadFailed')

export const destinationKey = (destinationId: string) => `destination:${destinationId}`
export const destinationTags = (destinationId: string) => [destinationTag(destinationId)]

/** GET /api/v1/users/destination/{id} */
export async function getDestination(destinationId: string, signal?: AbortSignal): Promise<ApiResult<Destination>> {
  const result = await settle(api.GET('/api/v1/users/destination/{id}', { params: { path: { id: destinationId } }, signal }), DESTINATION_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.destination } : result
}
