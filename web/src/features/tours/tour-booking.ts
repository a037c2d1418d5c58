import { localNumberFormat } from '../../lib/intl-formats'
import { parseDate, parseWhole } from './tour-filters'
import type { Nationality, Tier } from './api/tours'

/**
 * What a traveller chooses on a tour's page: how many people, from which day, and whose
 * permit fees apply. Kept in the page's URL (`people`, `date`, `from`) so the price
 * calculator and the booking box agree, and nothing is lost on a reload or a trip to the
 * login page and back.
 */
export type TourChoice = { groupSize: number; startDate: string; nationality: Nationality }

export const NATIONALITIES: readonly Nationality[] = ['other', 'saarc']

/** The choice a tour page's URL names, within the tour's group limit. */
export function readTourChoice(params: URLSearchParams, maxGroupSize: number): TourChoice {
  return {
    groupSize: parseWhole(params.get('people'), 1, Math.max(1, maxGroupSize)) ?? 1,
    startDate: parseDate(params.get('date')),
    nationality: params.get('from') === 'saarc' ? 'saarc' : 'other',
  }
}

/** `params` with the choice written in (defaults left out); other parameters are kept. */
export function writeTourChoice(choice: TourChoice, params: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete('people')
  next.delete('date')
  next.delete('from')
  if (choice.groupSize !== 1) next.set('people', String(choice.groupSize))
  if (choice.startDate !== '') next.set('date', choice.startDate)
  if (choice.nationality !== 'other') next.set('from', choice.nationality)
  return next
}

/** The price tier for a group of `people`, if the guide set one. */
export function tierFor(pricing: readonly Tier[], people: number): Tier | undefined {
  return pricing.find((tier) => tier.minPeople <= people && people <= tier.maxPeople)
}

/** The text id of what stops the booking being sent, or null when it can go. */
export function bookingProblem(choice: TourChoice, today: string): string | null {
  if (choice.startDate === '') return 'tours.chooseDate'
  if (choice.startDate < today) return 'tours.dateInPast'
  return null
}

/** A signed-in page path kept for after login, only when it is one of ours ('/…', never '//…'). */
export function loginPath(returnTo: string): string {
  return `/login?next=${encodeURIComponent(returnTo)}`
}

/** Dollars without cents when there are none: '$1,250', '$12.50'. */
export function formatUsd(amount: number): string {
  const cents = Number.isInteger(amount) ? 0 : 2
  return localNumberFormat({ style: 'currency', currency: 'USD', minimumFractionDigits: cents, maximumFractionDigits: cents }).format(amount)
}
