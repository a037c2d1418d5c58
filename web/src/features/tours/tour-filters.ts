import type { TourFilters as TourQuery } from './api/tours'

/**
 * The filters, order and page of /tours, kept in the page's URL so a search can be shared
 * and survives a reload. The URL's names are the API's. A value the API would refuse is
 * left out when read, so an edited or old link shows tours rather than an error.
 */
export type TourSort = 'rating' | 'price_asc' | 'price_desc' | 'days_asc' | 'days_desc' | 'trusted'
export const TOUR_SORTS: readonly TourSort[] = ['rating', 'price_asc', 'price_desc', 'days_asc', 'days_desc', 'trusted']

export type Difficulty = 'easy' | 'moderate' | 'hard' | 'strenuous'
export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'moderate', 'hard', 'strenuous']

export type TourFilters = {
  /** A destination's id; '' for anywhere. */
  destination: string
  minDays: number | null
  maxDays: number | null
  /** No night higher than this, in metres. */
  maxAltitudeM: number | null
  difficulty: Difficulty | null
  /** Dollars per person, for `groupSize` people. */
  minPrice: number | null
  maxPrice: number | null
  groupSize: number | null
  /** A language the guide speaks, as guides write it ('French'); '' for any. */
  language: string
  /** `YYYY-MM-DD`: the guide is free from that day for the whole tour; '' for any. */
  availableOn: string
  /** Words; '' for none. */
  q: string
  /** Only tours of guides holding the "Trusted guide" badge. */
  trusted: boolean
  /** null: best rated first. */
  sort: TourSort | null
  /** From 1. */
  page: number
}

export const NO_TOUR_FILTERS: TourFilters = {
  destination: '',
  minDays: null,
  maxDays: null,
  maxAltitudeM: null,
  difficulty: null,
  minPrice: null,
  maxPrice: null,
  groupSize: null,
  language: '',
  availableOn: '',
  q: '',
  trusted: false,
  sort: null,
  page: 1,
}

// The API's bounds (openapi.json, list_tours).
export const DAYS_MAX = 45
export const ALTITUDE_MAX_M = 8848
export const TOUR_PRICE_MAX = 10000
export const GROUP_MAX = 30
const PAGE_MAX = 100000

/** A whole number from `min` to `max`, or null. */
export function parseWhole(text: string | null, min: number, max: number): number | null {
  if (text == null || !/^\s*\d+\s*$/.test(text)) return null
  const value = Number(text)
  return value >= min && value <= max ? value : null
}

/** A price in dollars (cents allowed) from 0 to the API's top, or null. */
export function parsePrice(text: string | null): number | null {
  if (text == null || text.trim() === '') return null
  const price = Number(text)
  return Number.isFinite(price) && price >= 0 && price <= TOUR_PRICE_MAX ? Math.round(price * 100) / 100 : null
}

/** `YYYY-MM-DD` naming a real day, or ''. */
export function parseDate(text: string | null): string {
  const date = (text ?? '').trim()
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return ''
  const [year, month, day] = match.slice(1).map(Number)
  const real = new Date(Date.UTC(year, month - 1, day))
  return real.getUTCFullYear() === year && real.getUTCMonth() === month - 1 && real.getUTCDate() === day ? date : ''
}

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | null => values.find((v) => v === text) ?? null

/** A bound pair in order: a minimum above the maximum swaps them. */
function ordered(min: number | null, max: number | null): [number | null, number | null] {
  return min != null && max != null && min > max ? [max, min] : [min, max]
}

/** The filters a page's URL names. */
export function readTourFilters(params: URLSearchParams): TourFilters {
  const [minDays, maxDays] = ordered(parseWhole(params.get('minDays'), 1, DAYS_MAX), parseWhole(params.get('maxDays'), 1, DAYS_MAX))
  const [minPrice, maxPrice] = ordered(parsePrice(params.get('minPrice')), parsePrice(params.get('maxPrice')))
  return {
    destination: (params.get('destination') ?? '').trim().slice(0, 64),
    minDays,
    maxDays,
    maxAltitudeM: parseWhole(params.get('maxAltitudeM'), 0, ALTITUDE_MAX_M),
    difficulty: oneOf(DIFFICULTIES, params.get('difficulty')),
    minPrice,
    maxPrice,
    groupSize: parseWhole(params.get('groupSize'), 1, GROUP_MAX),
    language: (params.get('language') ?? '').trim().slice(0, 60),
    availableOn: parseDate(params.get('availableOn')),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    trusted: params.get('trusted') === 'true',
    sort: oneOf(TOUR_SORTS, params.get('sort')),
    page: parseWhole(params.get('page'), 1, PAGE_MAX) ?? 1,
  }
}

const NAMES = [
  'destination',
  'minDays',
  'maxDays',
  'maxAltitudeM',
  'difficulty',
  'minPrice',
  'maxPrice',
  'groupSize',
  'language',
  'availableOn',
  'q',
  'trusted',
  'sort',
  'page',
] as const

/** `params` with the filters written in (defaults left out); other parameters are kept. */
export function writeTourFilters(filters: TourFilters, params: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of NAMES) {
    next.delete(name)
    const value = filters[name]
    if (value == null || value === '' || value === false || (name === 'page' && value === 1)) continue
    next.set(name, String(value))
  }
  return next
}

/** How many filters narrow the results (the order and page are not filters). */
export function activeTourFilterCount(filters: TourFilters): number {
  return [
    filters.destination !== '',
    filters.minDays != null || filters.maxDays != null,
    filters.maxAltitudeM != null,
    filters.difficulty != null,
    filters.minPrice != null || filters.maxPrice != null,
    filters.groupSize != null,
    filters.language !== '',
    filters.availableOn !== '',
    filters.q !== '',
    filters.trusted,
  ].filter(Boolean).length
}

/** The filters cleared, keeping the order. */
export const clearTourFilters = (filters: TourFilters): TourFilters => ({ ...NO_TOUR_FILTERS, sort: filters.sort })

/** A change of filters starts again at page 1; a change of page keeps them. */
export function changeFilters(current: TourFilters, change: Partial<TourFilters>): TourFilters {
  return { ...current, ...change, page: change.page ?? 1 }
}

/** The filters as GET /users/tours takes them. */
export function tourQuery(filters: TourFilters, limit: number): TourQuery {
  const query: TourQuery = { limit, page: filters.page }
  if (filters.destination !== '') query.destination = filters.destination
  if (filters.minDays != null) query.minDays = filters.minDays
  if (filters.maxDays != null) query.maxDays = filters.maxDays
  if (filters.maxAltitudeM != null) query.maxAltitudeM = filters.maxAltitudeM
  if (filters.difficulty != null) query.difficulty = filters.difficulty
  if (filters.minPrice != null) query.minPrice = filters.minPrice
  if (filters.maxPrice != null) query.maxPrice = filters.maxPrice
  if (filters.groupSize != null) query.groupSize = filters.groupSize
  if (filters.language !== '') query.language = filters.language
  if (filters.availableOn !== '') query.availableOn = filters.availableOn
  if (filters.q !== '') query.q = filters.q
  if (filters.trusted) query.trusted = true
  if (filters.sort != null) query.sort = filters.sort
  return query
}

/** A cache key naming every parameter of the list. */
export function tourListKey(filters: TourFilters, limit: number): string {
  const params = writeTourFilters(filters)
  params.set('page', String(filters.page))
  params.set('limit', String(limit))
  params.sort()
  return `tours?${params.toString()}`
}
