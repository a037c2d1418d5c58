import { addDays, isCalendarDay } from '../../lib/calendar'
import { formatLocalNumber } from '../../lib/intl-formats'
import { msg, translate } from '../../i18n/messages'
import { daysRequestOf, draftFromTour, newDay, validateDays, wholeNumber, type DayDraft, type DraftErrors } from '../guide-tours/tour-draft'
import type { Tour } from '../tours/api/tours'
import type { OfferRequest } from './api/offers'

/** As the server bounds an offer: people (a booking's most), days, dollars in all, a note's characters. */
export const OFFER_GROUP_MAX = 20
export const OFFER_DAYS_MAX = 30
export const OFFER_TOTAL_MAX_USD = 200_000
export const OFFER_NOTE_MAX = 2000
/** How long an offer stays open unless the guide says otherwise. */
export const DEFAULT_VALID_DAYS = 7

/** An offer as the guide types it: numbers stay text until sent. */
export type OfferDraft = {
  /** The guide's own tour it starts from; '' for none. */
  tourId: string
  startDate: string
  groupSize: string
  days: DayDraft[]
  totalPriceUsd: string
  /** The last day the traveller can accept it, `YYYY-MM-DD` (to the end of that day, Nepal time). */
  validUntil: string
  note: string
}

export function newOfferDraft(today: string): OfferDraft {
  return { tourId: '', startDate: '', groupSize: '2', days: [newDay()], totalPriceUsd: '', validUntil: addDays(today, DEFAULT_VALID_DAYS), note: '' }
}

/** The draft starting from one of the guide's tours: its days, to change as asked. */
export function offerFromTour(draft: OfferDraft, tour: Tour): OfferDraft {
  return { ...draft, tourId: tour._id, days: draftFromTour(tour).days }
}

const n = (value: number) => formatLocalNumber(value, { useGrouping: false })

/** What is wrong, field by field, in the reader's language; empty when it can be sent. */
export function validateOffer(draft: OfferDraft, today: string): DraftErrors {
  const errors: DraftErrors = validateDays(draft.days, OFFER_DAYS_MAX)
  if (!isCalendarDay(draft.startDate)) errors.startDate = translate(msg('offers.startDateRequired'))
  else if (draft.startDate <= today) errors.startDate = translate(msg('offers.startDateFuture'))
  const group = wholeNumber(draft.groupSize)
  if (group === null || group < 1 || group > OFFER_GROUP_MAX) errors.groupSize = translate(msg('guideTours.rangeError'), { min: n(1), max: n(OFFER_GROUP_MAX) })
  const price = draft.totalPriceUsd.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(price) || Number(price) <= 0 || Number(price) > OFFER_TOTAL_MAX_USD)
    errors.totalPriceUsd = translate(msg('offers.priceError'), { max: formatLocalNumber(OFFER_TOTAL_MAX_USD) })
  if (!isCalendarDay(draft.validUntil) || draft.validUntil < today) errors.validUntil = translate(msg('offers.validUntilError'))
  else if (isCalendarDay(draft.startDate) && draft.validUntil >= draft.startDate) errors.validUntil = translate(msg('offers.validUntilBeforeStart'))
  if ([...draft.note.trim()].length > OFFER_NOTE_MAX) errors.note = translate(msg('guideTours.tooLong'), { max: n(OFFER_NOTE_MAX) })
  return errors
}

/** The request of a draft that passed `validateOffer`: open to the end of its last day in Nepal. */
export function offerRequestOf(draft: OfferDraft, conversationId: string): OfferRequest {
  return {
    conversationId,
    tourId: draft.tourId === '' ? null : draft.tourId,
    startDate: draft.startDate,
    groupSize: wholeNumber(draft.groupSize) ?? 1,
    days: daysRequestOf(draft.days),
    totalPriceUsd: Number(draft.totalPriceUsd.trim().replace(',', '.')),
    expiresAt: `${draft.validUntil}T23:59:00+05:45`,
    note: draft.note.trim(),
  }
}
