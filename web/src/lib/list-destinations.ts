import { msg } from '../i18n/messages'
import { api } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'
import { DESTINATIONS_TAG } from './cache-tags'
import type { Page } from './use-paged-list'

export type Destination = components['schemas']['Destination']

export const DESTINATIONS_LOAD_FAILED = msg('common.destinationsLoadFailed')

/** Destinations per page (spec section 9). */
export const DESTINATIONS_PAGE_SIZE = 6

/** `newest` puts the most recently added first, for the admin; the default is popular, then best rated. */
export type DestinationListQuery = { limit: number; query: string; sort?: 'newest' }

/** The paged list's cache key: it names every parameter. */
export const destinationListKey = ({ limit, query, sort }: DestinationListQuery) => `destinations?limit=${limit}&query=${encodeURIComponent(query)}${sort ? `&sort=${sort}` : ''}`

export const DESTINATION_LIST_TAGS = [DESTINATIONS_TAG]

/** GET /api/v1/users/destinations: popular first, then by rating (or the newest first); `query` narrows by words. */
export async function listDestinations({ limit, query, sort }: DestinationListQuery, page: number): Promise<ApiResult<Page<Destination>>> {
  const params = { query: { page, limit, ...(query.trim() !== '' && { query: query.trim() }), ...(sort && { sort }) } }
  const result = await settle(api.GET('/api/v1/users/destinations', { params }), DESTINATIONS_LOAD_FAILED)
  if (!result.ok) return result
  return { ok: true, data: { items: result.data.destinations, totalPages: result.data.totalPages } }
}
