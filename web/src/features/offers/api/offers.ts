import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { BOOKINGS_TAG, CONVERSATIONS_TAG, OFFERS_TAG } from '../../../lib/cache-tags'
import { msg, translate } from '../../../i18n/messages'
import type { Page } from '../../../lib/use-paged-list'

export type Offer = components['schemas']['Offer']
export type OfferRequest = components['schemas']['OfferRequest']

export const OFFERS_LOAD_FAILED = msg('offers.loadFailed')
export const OFFER_SEND_FAILED = msg('offers.sendFailed')
export const OFFER_ACCEPT_FAILED = msg('offers.acceptFailed')
export const OFFER_WITHDRAW_FAILED = msg('offers.withdrawFailed')

/** What an offer's answer changes: the offers, the bookings (an accepted one is a trip), the conversations. */
export const OFFER_TAGS = [OFFERS_TAG, BOOKINGS_TAG, CONVERSATIONS_TAG]

export const conversationOffersKey = (conversationId: string) => `offers:conversation:${conversationId}`

/** GET /api/v1/conversations/{id}/offers: oldest first, as the messages run. */
export async function conversationOffers(conversationId: string, signal?: AbortSignal): Promise<ApiResult<Offer[]>> {
  const call = authApi.GET('/api/v1/conversations/{id}/offers', { params: { path: { id: conversationId } }, signal })
  const result = await settle(call, translate(OFFERS_LOAD_FAILED))
  return result.ok ? { ok: true, data: result.data.offers } : result
}

export const MY_OFFERS_KEY = 'offers:mine'

/** GET /api/v1/users/offers: the offers I made (guide) or received (traveller), newest first. */
export async function myOffers(page: number, _cursor: string | undefined, signal: AbortSignal): Promise<ApiResult<Page<Offer>>> {
  const result = await settle(authApi.GET('/api/v1/users/offers', { params: { query: { page, limit: 10 } }, signal }), translate(OFFERS_LOAD_FAILED))
  return result.ok ? { ok: true, data: { items: result.data.offers, totalPages: result.data.totalPages, total: result.data.total } } : result
}

/** POST /api/v1/offers: the guide's offer, sent into the conversation as a message. */
export async function makeOffer(body: OfferRequest): Promise<ApiResult<Offer>> {
  const result = await settle(authApi.POST('/api/v1/offers', { body }), translate(OFFER_SEND_FAILED))
  return result.ok ? { ok: true, data: result.data.offer } : result
}

/** POST /api/v1/offers/{id}/accept: an approved booking at the offer's price, to be paid. */
export async function acceptOffer(offerId: string): Promise<ApiResult<{ offer: Offer; bookingId: string }>> {
  const result = await settle(authApi.POST('/api/v1/offers/{id}/accept', { params: { path: { id: offerId } } }), translate(OFFER_ACCEPT_FAILED))
  return result.ok ? { ok: true, data: { offer: result.data.offer, bookingId: result.data.booking._id } } : result
}

/** POST /api/v1/offers/{id}/withdraw: only an open offer. */
export async function withdrawOffer(offerId: string): Promise<ApiResult<Offer>> {
  const result = await settle(authApi.POST('/api/v1/offers/{id}/withdraw', { params: { path: { id: offerId } } }), translate(OFFER_WITHDRAW_FAILED))
  return result.ok ? { ok: true, data: result.data.offer } : result
}
