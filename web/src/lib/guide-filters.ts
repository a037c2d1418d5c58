import { categoryValue } from './guide-categories'

/**
 * The filters and order of /guides and /search, kept in the page's URL so a search can be
 * shared and survives a reload. The URL's names are the API's (`minPrice`, `sort`, …)
 * except `date` (the API's `availableOn`). A value the API would refuse is left out when
 * read, so an edited or old link shows results rather than an error.
 */
export type GuideSort = 'rating' | 'price_asc' | 'price_desc' | 'reviews' | 'trusted' | 'distance'

export const GUIDE_SORTS: readonly GuideSort[] = ['rating', 'price_asc', 'price_desc', 'reviews', 'trusted', 'distance']

export type GuideFilters = {
  /** A category value; `all` for every guide. */
  category: string
  /** A language by its English name ('French'); '' for any. */
  language: string
  /** Dollars per day; null for no bound. */
  minPrice: number | null
  maxPrice: number | null
  /** 0 to 5; null for any rating. */
  minRating: number | null
  /** `YYYY-MM-DD`: free that day; '' for any day. */
  date: string
  /** Only guides holding the "Trusted guide" badge. */
  trusted: boolean
  /** null: the page's default (best rated, or nearest first near a point). */
  sort: GuideSort | null
}

export const NO_FILTERS: GuideFilters = { category: 'all', language: '', minPrice: null, maxPrice: null, minRating: null, date: '', trusted: false, sort: null }

/** The languages offered, as guides write them (the API matches the guide's own words). */
export const FILTER_LANGUAGES = [
  'English',
  'Nepali',
  'Hindi',
  'French',
  'German',
  'Spanish',
  'Italian',
  'Dutch',
  'Russian',
  'Hebrew',
  'Chinese',
  'Japanese',
  'Korean',
  'Tibetan',
  'Newari',
  'Gurung',
  'Sherpa',
  'Tharu',
  'Maithili',
] as const

/** The highest price the API takes, in dollars per day. */
export const PRICE_MAX = 100000

/** The minimum ratings offered (stars and up). */
export const RATING_STEPS = [3, 3.5, 4, 4.5] as const

function parsePrice(text: string | null): number | null {
  if (text == null || text.trim() === '') return null
  const price = Number(text)
  return Number.isFinite(price) && price >= 0 && price <= PRICE_MAX ? price : null
}

function parseRating(text: string | null): number | null {
  if (text == null || text.trim() === '') return null
  const rating = Number(text)
  return Number.isFinite(rating) && rating >= 0 && rating <= 5 ? rating : null
}

/** `YYYY-MM-DD` naming a real day, or ''. */
function parseDate(text: string | null): string {
  const date = (text ?? '').trim()
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return ''
  const [year, month, day] = match.slice(1).map(Number)
  const real = new Date(Date.UTC(year, month - 1, day))
  return real.getUTCFullYear() === year && real.getUTCMonth() === month - 1 && real.getUTCDate() === day ? date : ''
}

function parseSort(text: string | null): GuideSort | null {
  return GUIDE_SORTS.find((sort) => sort === text) ?? null
}

/** The filters a page's URL names. */
export function readGuideFilters(params: URLSearchParams): GuideFilters {
  let minPrice = parsePrice(params.get('minPrice'))
  let maxPrice = parsePrice(params.get('maxPrice'))
  if (minPrice != null && maxPrice != null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice]
  return {
    category: categoryValue(params.get('category')),
    language: (params.get('language') ?? '').trim().slice(0, 60),
    minPrice,
    maxPrice,
    minRating: parseRating(params.get('minRating')),
    date: parseDate(params.get('date')),
    trusted: params.get('trusted') === 'true',
    sort: parseSort(params.get('sort')),
  }
}

const FILTER_NAMES = ['category', 'language', 'minPrice', 'maxPrice', 'minRating', 'date', 'trusted', 'sort'] as const

/** `params` with the filters written in (defaults left out); other parameters are kept. */
export function writeGuideFilters(filters: GuideFilters, params: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of FILTER_NAMES) next.delete(name)
  if (filters.category !== 'all') next.set('category', filters.category)
  if (filters.language !== '') next.set('language', filters.language)
  if (filters.minPrice != null) next.set('minPrice', String(filters.minPrice))
  if (filters.maxPrice != null) next.set('maxPrice', String(filters.maxPrice))
  if (filters.minRating != null) next.set('minRating', String(filters.minRating))
  if (filters.date !== '') next.set('date', filters.date)
  if (filters.trusted) next.set('trusted', 'true')
  if (filters.sort != null) next.set('sort', filters.sort)
  return next
}

/** How many filters narrow the results (the order is not one). */
export function activeFilterCount(filters: GuideFilters): number {
  return [
    filters.category !== 'all',
    filters.language !== '',
    filters.minPrice != null || filters.maxPrice != null,
    filters.minRating != null,
    filters.date !== '',
    filters.trusted,
  ].filter(Boolean).length
}

/** The filters as the API takes them; `canSortByDistance` is whether a point is searched. */
export function filterQuery(filters: GuideFilters, canSortByDistance = false) {
  const sort = filters.sort === 'distance' && !canSortByDistance ? null : filters.sort
  return {
    ...(filters.category !== 'all' && { category: filters.category }),
    ...(filters.language !== '' && { language: filters.language }),
    ...(filters.minPrice != null && { minPrice: filters.minPrice }),
    ...(filters.maxPrice != null && { maxPrice: filters.maxPrice }),
    ...(filters.minRating != null && { minRating: filters.minRating }),
    ...(filters.date !== '' && { availableOn: filters.date }),
    ...(filters.trusted && { trusted: true }),
    ...(sort != null && { sort }),
  }
}

/** A cache key naming every filter. */
export function filterKey(filters: GuideFilters): string {
  return writeGuideFilters(filters).toString()
}
