import { describe, expect, it } from 'vitest'
import { NO_FILTERS, activeFilterCount, filterQuery, readGuideFilters, writeGuideFilters, type GuideFilters } from './guide-filters'

const read = (query: string) => readGuideFilters(new URLSearchParams(query))

describe('guide filters in the URL', () => {
  it('reads every filter and the order', () => {
    expect(read('category=Cultural%20Tours&language=French&minPrice=20&maxPrice=60.5&minRating=4.5&date=2026-12-12&trusted=true&sort=price_asc')).toEqual({
      category: 'cultural',
      language: 'French',
      minPrice: 20,
      maxPrice: 60.5,
      minRating: 4.5,
      date: '2026-12-12',
      trusted: true,
      sort: 'price_asc',
    })
    expect(read('')).toEqual(NO_FILTERS)
  })

  it('round-trips what it writes, leaving defaults out and other parameters alone', () => {
    const filters: GuideFilters = { category: 'trekking', language: 'Français', minPrice: 0, maxPrice: 60, minRating: null, date: '2027-03-12', trusted: true, sort: 'trusted' }
    const written = writeGuideFilters(filters, new URLSearchParams('q=pokhara&near=28.2,83.9&sort=rating&view=map'))
    expect(written.toString()).toBe('q=pokhara&near=28.2%2C83.9&view=map&category=trekking&language=Fran%C3%A7ais&minPrice=0&maxPrice=60&date=2027-03-12&trusted=true&sort=trusted')
    expect(readGuideFilters(written)).toEqual(filters)
    expect(writeGuideFilters(NO_FILTERS, new URLSearchParams('q=x&minRating=4')).toString()).toBe('q=x')
  })

  it('leaves out what the API would refuse, so an edited link still shows guides', () => {
    expect(read('minPrice=-5&maxPrice=abc&minRating=7&date=2026-02-30&sort=cheapest&category=knitting&trusted=maybe')).toEqual(NO_FILTERS)
    expect(read('date=12-03-2027').date).toBe('')
    expect(read('minPrice=1e9').minPrice).toBeNull()
    expect(read('language=' + 'x'.repeat(80)).language).toHaveLength(60)
  })

  it('puts a reversed price range the right way round', () => {
    expect(read('minPrice=60&maxPrice=20')).toMatchObject({ minPrice: 20, maxPrice: 60 })
  })

  it('counts the filters that narrow, not the order', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0)
    expect(activeFilterCount({ ...NO_FILTERS, sort: 'price_desc' })).toBe(0)
    expect(activeFilterCount({ ...NO_FILTERS, minPrice: 10, maxPrice: 20, language: 'Hindi', date: '2027-01-01' })).toBe(3)
    expect(activeFilterCount({ ...NO_FILTERS, trusted: true, sort: 'trusted' })).toBe(1)
  })
})

describe('filterQuery', () => {
  it('names the API parameters, leaving defaults out', () => {
    expect(filterQuery(NO_FILTERS)).toEqual({})
    expect(filterQuery({ category: 'trekking', language: 'French', minPrice: 0, maxPrice: 60, minRating: 4, date: '2027-03-12', trusted: true, sort: 'price_asc' })).toEqual({
      category: 'trekking',
      language: 'French',
      minPrice: 0,
      maxPrice: 60,
      minRating: 4,
      availableOn: '2027-03-12',
      trusted: true,
      sort: 'price_asc',
    })
  })

  it('asks for nearest first only when a point is searched', () => {
    expect(filterQuery({ ...NO_FILTERS, sort: 'distance' })).toEqual({})
    expect(filterQuery({ ...NO_FILTERS, sort: 'distance' }, true)).toEqual({ sort: 'distance' })
  })
})
