import { describe, expect, it } from 'vitest'
import { categoryLabel, categoryValue } from './guide-categories'
import { NO_FILTERS } from './guide-filters'
import { readSearchRequest, searchPath } from './search-url'

const read = (query: string) => readSearchRequest(new URLSearchParams(query))

describe('searchPath', () => {
  it('builds the landing search: words and the chosen category', () => {
    expect(searchPath({ q: '  everest base camp ', category: 'trekking' })).toBe('/search?q=everest+base+camp&category=trekking')
  })

  it('builds a search near a destination, with its name', () => {
    expect(searchPath({ near: { latitude: 28.2096, longitude: 83.9856 }, place: 'Phewa Lake' })).toBe('/search?near=28.2096%2C83.9856&place=Phewa+Lake')
  })

  it('leaves out what is empty', () => {
    expect(searchPath({ q: '   ' })).toBe('/search')
  })
})

describe('readSearchRequest', () => {
  it('reads words and category', () => {
    expect(read('q=pokhara&category=Cultural%20Tours')).toEqual({
      q: 'pokhara',
      category: 'cultural',
      near: null,
      radiusKm: null,
      place: '',
      filters: { ...NO_FILTERS, category: 'cultural' },
    })
  })

  it('reads a point, a radius and a place', () => {
    expect(read('near=28.2096,83.9856&radius=25&place=Phewa%20Lake')).toMatchObject({
      near: { latitude: 28.2096, longitude: 83.9856 },
      radiusKm: 25,
      place: 'Phewa Lake',
    })
  })

  it('round-trips what searchPath writes', () => {
    const path = searchPath({ q: 'momo', category: 'food', near: { latitude: 27.7, longitude: 85.3 }, radiusKm: 10, place: 'Thamel' })
    expect(read(path.split('?')[1])).toEqual({
      q: 'momo',
      category: 'food',
      near: { latitude: 27.7, longitude: 85.3 },
      radiusKm: 10,
      place: 'Thamel',
      filters: { ...NO_FILTERS, category: 'food' },
    })
  })

  it("carries the filter bar's filters, the category being the one named", () => {
    const filters = { ...NO_FILTERS, category: 'trekking', language: 'French', maxPrice: 60, date: '2026-12-12', sort: 'price_asc' as const }
    const path = searchPath({ q: 'pokhara', category: 'trekking', filters })
    expect(path).toBe('/search?q=pokhara&category=trekking&language=French&maxPrice=60&date=2026-12-12&sort=price_asc')
    expect(read(path.split('?')[1]).filters).toEqual(filters)
    expect(searchPath({ q: 'pokhara', filters })).toBe('/search?q=pokhara&language=French&maxPrice=60&date=2026-12-12&sort=price_asc')
  })

  it('ignores a malformed or out-of-range point and radius', () => {
    for (const near of ['abc', '28.2', '28.2,', ',83.9', '91,10', '10,181', '1,2,3']) {
      expect(read(`near=${near}`).near, near).toBeNull()
    }
    for (const radius of ['0', '-5', '5000', 'far', '']) {
      expect(read(`radius=${radius}`).radiusKm, radius).toBeNull()
    }
  })

  it('treats a missing or unknown category as all', () => {
    expect(read('q=x').category).toBe('all')
    expect(read('category=skydiving').category).toBe('all')
  })
})

describe('categories', () => {
  it('maps either page’s names to the API value', () => {
    expect(categoryValue('Cultural Tours')).toBe('cultural')
    expect(categoryValue('TREKKING')).toBe('trekking')
    expect(categoryValue('all')).toBe('all')
    expect(categoryValue(null)).toBe('all')
  })

  it('names a category for a sentence', () => {
    expect(categoryLabel('cultural')).toBe('Cultural Tours')
    expect(categoryLabel('food')).toBe('Food')
  })
})
