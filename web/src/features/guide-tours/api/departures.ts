import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { BOOKINGS_TAG, tourTag } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'

export type GuideDeparture = components['schemas']['GuideDeparture']
export type DepartureRequest = components['schemas']['DepartureRequest']

export const DEPARTURES_LOAD_FAILED = msg('guideTours.departuresLoadFailed')
export const DEPARTURE_OPEN_FAILED = msg('guideTours.departureOpenFailed')
export const DEPARTURE_CANCEL_FAILED = msg('guideTours.departureCancelFailed')

/** The cache entry of a tour's departures as its guide sees them; the tour's page and bookings move with it. */
export const departuresKey = (tourId: string) => `departures:${tourId}`
export const departuresTags = (tourId: string) => [tourTag(tourId), BOOKINGS_TAG]

/** GET /api/v1/tours/{id}/departures: every departure of the guide's tour, with its bookings. */
export async function tourDepartures(tourId: string, signal?: AbortSignal): Promise<ApiResult<GuideDeparture[]>> {
  const result = await settle(authApi.GET('/api/v1/tours/{id}/departures', { params: { path: { id: tourId } }, signal }), DEPARTURES_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.departures } : result
}

/** POST /api/v1/tours/{id}/departures: 409 names a day already taken. */
export async function openDeparture(tourId: string, body: DepartureRequest): Promise<ApiResult<unknown>> {
  return settle(authApi.POST('/api/v1/tours/{id}/departures', { params: { path: { id: tourId } }, body }), DEPARTURE_OPEN_FAILED)
}

/** DELETE /api/v1/departures/{id}: every traveller on it is told, paid seats refunded in full. */
export async function cancelDeparture(departureId: string): Promise<ApiResult<unknown>> {
  return settle(authApi.DELETE('/api/v1/departures/{id}', { params: { path: { id: departureId } } }), DEPARTURE_CANCEL_FAILED)
}
