import { api, authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components, operations } from '../../../lib/api-schema'
import { msg } from '../../../i18n/messages'
import { getErrorMessage } from '../../../lib/api-errors'

export type Tour = components['schemas']['Tour']
export type TourPhoto = components['schemas']['TourPhoto']
export type PublicTour = components['schemas']['PublicTour']
export type TourCard = components['schemas']['TourCard']
export type TourDay = components['schemas']['Day']
export type Tier = components['schemas']['Tier']
export type Acclimatisation = components['schemas']['AcclimatisationView']
export type AltitudeWarning = components['schemas']['LocalisedWarning']
export type Risk = components['schemas']['Risk']
export type Quote = components['schemas']['Quote']
export type Nationality = NonNullable<operations['quote_tour']['parameters']['query']['nationality']>
export type TourRequest = components['schemas']['TourRequest']
export type TourFilters = NonNullable<operations['list_tours']['parameters']['query']>
export type ToursPage = components['schemas']['ToursPage']

export const TOURS_LOAD_FAILED = msg('tours.loadFailed')
export const TOUR_LOAD_FAILED = msg('tours.tourLoadFailed')
export const QUOTE_FAILED = msg('tours.quoteFailed')
export const TOUR_SAVE_FAILED = msg('tours.saveFailed')
export const ALTITUDE_CHECK_FAILED = msg('tours.altitudeCheckFailed')

export const tourPath = (tourId: string) => `/tours/${tourId}`

/** GET /api/v1/users/tours: published tours of public guides, filtered, sorted and paged. */
export async function listTours(query: TourFilters, signal?: AbortSignal): Promise<ApiResult<ToursPage>> {
  return settle(api.GET('/api/v1/users/tours', { params: { query }, signal }), TOURS_LOAD_FAILED)
}

/** GET /api/v1/users/tour/{id}: one published tour with its guide, permits and altitude check. */
export async function getTour(tourId: string, signal?: AbortSignal): Promise<ApiResult<PublicTour>> {
  const result = await settle(api.GET('/api/v1/users/tour/{id}', { params: { path: { id: tourId } }, signal }), TOUR_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.tour } : result
}

/** GET /api/v1/users/tour/{id}/quote: the all-in price for a group, a start date and a nationality. */
export async function quoteTour(tourId: string, query: { groupSize: number; startDate?: string; nationality: Nationality }, signal?: AbortSignal): Promise<ApiResult<Quote>> {
  const result = await settle(api.GET('/api/v1/users/tour/{id}/quote', { params: { path: { id: tourId }, query }, signal }), QUOTE_FAILED)
  return result.ok ? { ok: true, data: result.data.quote } : result
}

/** GET /api/v1/tours/mine: the signed-in guide's tours, drafts and archived ones too. */
export async function myTours(signal?: AbortSignal): Promise<ApiResult<Tour[]>> {
  const result = await settle(authApi.GET('/api/v1/tours/mine', { signal }), TOURS_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.tours } : result
}

/** POST /api/v1/tours: a new draft. */
export async function createTour(body: TourRequest): Promise<ApiResult<Tour>> {
  const result = await settle(authApi.POST('/api/v1/tours', { body }), TOUR_SAVE_FAILED)
  return result.ok ? { ok: true, data: result.data.tour } : result
}

/** PATCH /api/v1/tours/{id}: fields left out keep their values. */
export async function updateTour(tourId: string, body: TourRequest): Promise<ApiResult<Tour>> {
  const result = await settle(authApi.PATCH('/api/v1/tours/{id}', { params: { path: { id: tourId } }, body }), TOUR_SAVE_FAILED)
  return result.ok ? { ok: true, data: result.data.tour } : result
}

/** POST /api/v1/tours/altitude-check: the altitude check of nights being typed, before saving. */
export async function checkAltitudes(sleepAltitudesM: (number | null)[], signal?: AbortSignal): Promise<ApiResult<Acclimatisation>> {
  const result = await settle(authApi.POST('/api/v1/tours/altitude-check', { body: { sleepAltitudesM }, signal }), ALTITUDE_CHECK_FAILED)
  return result.ok ? { ok: true, data: result.data.acclimatisation } : result
}

export const TOUR_BOOKING_FAILED = msg('tours.bookingFailed')
export type BookingRequested = components['schemas']['BookingResponse']

/**
 * POST /api/v1/tourists/booking/request for a tour: the server takes its days, group limit
 * and price. An `instant` tour comes back approved; 409 when too soon or the guide is busy,
 * 400 over the group limit. One `idempotencyKey` per attempt makes a retry safe.
 */
export async function bookTour(input: { tourId: string; selectedDate: string; groupSize: number; message?: string }, idempotencyKey: string): Promise<ApiResult<BookingRequested>> {
  return settle(authApi.POST('/api/v1/tourists/booking/request', { body: input, params: { header: { 'Idempotency-Key': idempotencyKey } } }), TOUR_BOOKING_FAILED)
}

// The guide's own actions; their texts are the editor's (namespace guideTours).
export const PUBLISH_FAILED = msg('guideTours.publishFailed')
export const UNPUBLISH_FAILED = msg('guideTours.unpublishFailed')
export const DELETE_TOUR_FAILED = msg('guideTours.deleteFailed')

/** A publish refused: `acclimatisation` says why when the tour's altitude risk is high and not acknowledged. */
export type PublishResult = { ok: true; data: Tour } | { ok: false; status: number; message: string; acclimatisation: Acclimatisation | null }

/** POST /api/v1/tours/{id}/publish: a high-risk tour needs `acknowledgeAltitudeRisk` (409 with the check otherwise). */
export async function publishTour(tourId: string, acknowledgeAltitudeRisk = false): Promise<PublishResult> {
  try {
    const { data, error, response } = await authApi.POST('/api/v1/tours/{id}/publish', {
      params: { path: { id: tourId } },
      body: acknowledgeAltitudeRisk ? { acknowledgeAltitudeRisk: true } : {},
    })
    if (response.ok && data !== undefined) return { ok: true, data: data.tour }
    const acclimatisation = (error as { acclimatisation?: Acclimatisation | null } | undefined)?.acclimatisation ?? null
    return { ok: false, status: response.status, message: getErrorMessage(error, PUBLISH_FAILED), acclimatisation }
  } catch (err) {
    return { ok: false, status: 0, message: getErrorMessage(err, PUBLISH_FAILED), acclimatisation: null }
  }
}

/** POST /api/v1/tours/{id}/unpublish: out of lists, kept as a draft. */
export async function unpublishTour(tourId: string): Promise<ApiResult<Tour>> {
  const result = await settle(authApi.POST('/api/v1/tours/{id}/unpublish', { params: { path: { id: tourId } } }), UNPUBLISH_FAILED)
  return result.ok ? { ok: true, data: result.data.tour } : result
}

/** DELETE /api/v1/tours/{id}: gone, or archived when it has bookings; the answer's message says which. */
export async function deleteTour(tourId: string): Promise<ApiResult<{ message: string }>> {
  return settle(authApi.DELETE('/api/v1/tours/{id}', { params: { path: { id: tourId } } }), DELETE_TOUR_FAILED)
}

export type Departure = components['schemas']['Departure']

/**
 * POST /api/v1/tourists/booking/request joining a group departure: `groupSize` seats at its
 * price per seat, on its dates, approved at once (to be paid next); 409 "Only N seats left"
 * when they are not there any more.
 */
export async function joinDeparture(input: { departureId: string; groupSize: number; message?: string }, idempotencyKey: string): Promise<ApiResult<BookingRequested>> {
  return settle(authApi.POST('/api/v1/tourists/booking/request', { body: input, params: { header: { 'Idempotency-Key': idempotencyKey } } }), TOUR_BOOKING_FAILED)
}
