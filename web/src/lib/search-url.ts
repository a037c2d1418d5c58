import { categoryValue } from './guide-categories'
import { filterQuery, readGuideFilters, writeGuideFilters, type GuideFilters } from './guide-filters'

export type Point = { latitude: number; longitude: number }

/** What /search is asked for: words, a category, and optionally a point to search near. */
export type SearchRequest = {
  q: string
  category: string
  /** From `near=lat,lng`: only guides around this point, nearest first. */
  near: Point | null
  /** From `radius` (km, 1 to 1000); null leaves the server's default. */
  radiusKm: number | null
  /** From `place`: the name of the point, for the title. */
  place: string
  /** The filter bar's filters and order (`category` is the one above). */
  filters: GuideFilters
}

export const RADIUS_MIN_KM = 1
export const RADIUS_MAX_KM = 1000

/** The /search URL for a request; empty and default parts are left out. */
export function searchPath({ q = '', category, near, radiusKm, place, filters }: Partial<SearchRequest>): string {
  const params = new URLSearchParams()
  if (q.trim() !== '') params.set('q', q.trim())
  if (category) params.set('category', category)
  if (near) params.set('near', `${near.latitude},${near.longitude}`)
  if (radiusKm != null) params.set('radius', String(radiusKm))
  if (place && place.trim() !== '') params.set('place', place.trim())
  // The filters' own category is ignored: `category` above says it (or that there is none).
  const query = (filters ? writeGuideFilters({ ...filters, category: category ? categoryValue(category) : 'all' }, params) : params).toString()
  return query ? `/search?${query}` : '/search'
}

function parsePoint(text: string | null): Point | null {
  if (!text) return null
  const parts = text.split(',')
  if (parts.length !== 2 || parts.some((part) => part.trim() === '')) return null
  const [latitude, longitude] = parts.map(Number)
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  return { latitude, longitude }
}

function parseRadius(text: string | null): number | null {
  if (!text || text.trim() === '') return null
  const radius = Number(text)
  return Number.isFinite(radius) && radius >= RADIUS_MIN_KM && radius <= RADIUS_MAX_KM ? radius : null
}

/** Reads /search's parameters; a malformed point or radius is ignored rather than sent. */
export function readSearchRequest(params: URLSearchParams): SearchRequest {
  return {
    q: (params.get('q') ?? '').trim(),
    category: categoryValue(params.get('category')),
    near: parsePoint(params.get('near')),
    radiusKm: parseRadius(params.get('radius')),
    place: (params.get('place') ?? '').trim(),
    filters: readGuideFilters(params),
  }
}

/**
 * What the API's search takes for a request (`/users/search` and the map), but the page:
 * the words, the filters with the category, the point and radius, or else the place.
 */
export function searchQuery({ q, category, near, radiusKm, place, filters }: SearchRequest) {
  return {
    ...(q !== '' && { query: q }),
    ...filterQuery({ ...filters, category }, near != null),
    ...(near && { lat: near.latitude, lng: near.longitude }),
    ...(near && radiusKm != null && { radiusKm }),
    ...(!near && place !== '' && { address: place }),
  }
}
