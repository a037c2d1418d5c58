import { describe, expect, it } from 'vitest'
import { activeTourFilterCount, changeFilters, NO_TOUR_FILTERS, readTourFilters, tourListKey, tourQuery, writeTourFilters } from './tour-filters'

const read = (query: string) => readTourFilters(new URLSearchParams(query))

describe('tour filters in the URL', () => {
  it('reads every filter the API knows', () => {
    const filters = read(
      'destination=d1&minDays=10&maxDays=14&maxAltitudeM=5000&difficulty=hard&minPrice=100&maxPrice=1300.5&groupSize=2&language=French&availableOn=2027-10-05&q=gokyo&trusted=true&sort=price_asc&page=3',
    )
    expect(filters).toEqual({
      destination: 'd1',
      minDays: 10,
      maxDays: 14,
      maxAltitudeM: 5000,
      difficulty: 'hard',
      minPrice: 100,
      maxPrice: 1300.5,
      groupSize: 2,
      language: 'French',
      availableOn: '2027-10-05',
      q: 'gokyo',
      trusted: true,
      sort: 'price_asc',
      page: 3,
    })
  })

  it('drops unknown values and numbers out of range', () => {
    expect(read('difficulty=extreme&sort=cheapest&minDays=0&maxDays=46&maxAltitudeM=9000&groupSize=31&minPrice=-1&maxPrice=20000&availableOn=2027-02-30&page=0')).toEqual(
      NO_TOUR_FILTERS,
    )
    expect(read('minDays=2.5&groupSize=two&maxAltitudeM=1e3&page=x')).toEqual(NO_TOUR_FILTERS)
  })

  it('swaps bounds given the wrong way round', () => {
    const filters = read('minDays=14&maxDays=10&minPrice=900&maxPrice=100')
    expect([filters.minDays, filters.maxDays, filters.minPrice, filters.maxPrice]).toEqual([10, 14, 100, 900])
  })

  it('writes only what differs from the defaults, and keeps other parameters', () => {
    const params = writeTourFilters({ ...NO_TOUR_FILTERS, maxDays: 14, groupSize: 2 }, new URLSearchParams('view=x&minDays=3&page=4'))
    expect(params.toString()).toBe('view=x&maxDays=14&groupSize=2')
  })

  it('reads back what it writes', () => {
    const filters = {
      ...NO_TOUR_FILTERS,
      destination: 'abc',
      minDays: 10,
      maxPrice: 1300,
      availableOn: '2027-10-05',
      q: 'base camp',
      trusted: true,
      sort: 'trusted' as const,
      page: 2,
    }
    expect(readTourFilters(writeTourFilters(filters))).toEqual(filters)
  })

  it('starts again at page 1 when a filter changes, not when the page does', () => {
    const on3 = { ...NO_TOUR_FILTERS, page: 3 }
    expect(changeFilters(on3, { groupSize: 2 }).page).toBe(1)
    expect(changeFilters(on3, { page: 4 }).page).toBe(4)
  })

  it('counts the filters, not the order or page', () => {
    expect(activeTourFilterCount({ ...NO_TOUR_FILTERS, sort: 'rating', page: 2 })).toBe(0)
    expect(activeTourFilterCount({ ...NO_TOUR_FILTERS, minDays: 10, maxDays: 14, groupSize: 2 })).toBe(2)
    expect(activeTourFilterCount({ ...NO_TOUR_FILTERS, trusted: true })).toBe(1)
  })

  it('asks the API with its names, and keys the cache on every parameter', () => {
    const filters = { ...NO_TOUR_FILTERS, availableOn: '2027-10-05', groupSize: 2 }
    expect(tourQuery(filters, 12)).toEqual({ limit: 12, page: 1, availableOn: '2027-10-05', groupSize: 2 })
    expect(tourListKey(filters, 12)).toBe('tours?availableOn=2027-10-05&groupSize=2&limit=12&page=1')
    expect(tourListKey({ ...filters, page: 2 }, 12)).not.toBe(tourListKey(filters, 12))
  })
})
