import { msg } from '../../i18n/messages'
import { todayInNepal } from '../../lib/booking'
import type { Tour } from '../tours/api/tours'
import type { DepartureRequest } from './api/departures'

/** The open-a-departure form as typed. */
export type DepartureForm = { startDate: string; seats: string; minToRun: string; price: string }

/** A fresh form: the tour's whole group, running from two, at its price for one. */
export function emptyDepartureForm(tour: Pick<Tour, 'maxGroupSize' | 'pricing'>): DepartureForm {
  const solo = tour.pricing.find((tier) => tier.minPeople <= 1 && tier.maxPeople >= 1)
  const seats = Math.min(tour.maxGroupSize, 30)
  return { startDate: '', seats: String(seats), minToRun: String(Math.min(2, seats)), price: solo ? String(solo.pricePerPersonUsd) : '' }
}

type Checked = { ok: true; request: DepartureRequest } | { ok: false; message: string; values?: Record<string, string | number> }

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : NaN)

/**
 * The form checked as the server will (so a slip is caught before a round trip), in the
 * form's order; the server still has the last word (the booking notice, days taken).
 */
export function departureForm(form: DepartureForm, tour: Pick<Tour, 'maxGroupSize'>, today = todayInNepal()): Checked {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.startDate)) return { ok: false, message: msg('guideTours.departureNeedsStart') }
  if (form.startDate <= today) return { ok: false, message: msg('guideTours.departureInFuture') }
  const most = Math.min(tour.maxGroupSize, 30)
  const seats = whole(form.seats)
  if (!(seats >= 1 && seats <= most)) return { ok: false, message: msg('guideTours.departureSeatsRange'), values: { max: most } }
  const minToRun = whole(form.minToRun)
  if (!(minToRun >= 1 && minToRun <= seats)) return { ok: false, message: msg('guideTours.departureMinRange'), values: { max: seats } }
  const price = Number(form.price)
  if (form.price.trim() === '' || !Number.isFinite(price) || price < 0.01 || price > 10000) return { ok: false, message: msg('guideTours.departurePriceRange') }
  return { ok: true, request: { startDate: form.startDate, seats, minToRun, pricePerSeatUsd: Math.round(price * 100) / 100 } }
}
