import { describe, expect, it } from 'vitest'
import { readSearchRequest } from '../../lib/search-url'
import { QUOTE_NATIONALITY, VISITOR_OPTIONS, bookTourPath, guidesNearPath, paragraphs, permitTotals, townOf, tripStart, visitorCount } from './plan-trip'

const read = (path: string) => readSearchRequest(new URLSearchParams(path.split('?')[1]))

describe('guidesNearPath', () => {
  it('searches near the destination’s point, titled with its name', () => {
    const path = guidesNearPath({ name: 'Phewa Lake', location: 'Pokhara, Gandaki Province', coordinates: { latitude: 28.2096, longitude: 83.9856 } })
    expect(read(path)).toMatchObject({ near: { latitude: 28.2096, longitude: 83.9856 }, place: 'Phewa Lake' })
  })

  it('without a point, searches by the town of its location', () => {
    const path = guidesNearPath({ name: 'Rara Lake', location: 'Mugu, Karnali Province', coordinates: null })
    expect(read(path)).toMatchObject({ near: null, place: 'Mugu' })
  })
})

describe('townOf', () => {
  it('takes the part before the first comma', () => {
    expect(townOf('Pokhara, Gandaki Province')).toBe('Pokhara')
    expect(townOf('Lumbini')).toBe('Lumbini')
  })
})

describe('paragraphs', () => {
  it('splits the description at blank lines and drops empty ones', () => {
    expect(paragraphs('First line\nstill first.\n\nSecond.\n \n\n\nThird.')).toEqual(['First line\nstill first.', 'Second.', 'Third.'])
    expect(paragraphs('   ')).toEqual([])
  })
})

describe('permitTotals', () => {
  const acap = { name: 'ACAP', feeNpr: 3000, saarcFeeNpr: 1000, feeUsd: null, per: 'entry' as const, note: '' }
  const tims = { name: 'TIMS', feeNpr: 2000, saarcFeeNpr: null, feeUsd: null, per: 'entry' as const, note: '' }
  const manaslu = { name: 'Manaslu RAP', feeNpr: null, saarcFeeNpr: null, feeUsd: 100, per: 'week' as const, note: 'Sep-Nov' }
  const chitwan = { name: 'Chitwan', feeNpr: 2000, saarcFeeNpr: 1000, feeUsd: null, per: 'day' as const, note: '' }

  it('multiplies each entry fee by the visitors', () => {
    const totals = permitTotals([acap, tims], { visitors: 2, nationality: 'foreign', days: 12 })
    expect(totals.lines.map((l) => l.npr)).toEqual([6000, 4000])
    expect(totals).toMatchObject({ npr: 10000, usd: 0 })
  })

  it('charges SAARC citizens the SAARC fee where there is one, else the foreigners’ fee', () => {
    expect(permitTotals([acap, tims], { visitors: 3, nationality: 'saarc', days: 5 }).npr).toBe(3 * 1000 + 3 * 2000)
  })

  it('counts every week begun and every day, in their own currency', () => {
    const totals = permitTotals([manaslu, chitwan], { visitors: 2, nationality: 'foreign', days: 15 })
    expect(totals.lines[0]).toMatchObject({ usd: 2 * 100 * 3, npr: null, units: 3 })
    expect(totals.lines[1]).toMatchObject({ npr: 2 * 2000 * 15, units: 15 })
    expect(totals).toMatchObject({ npr: 60000, usd: 600 })
  })

  it('counts at least one visitor and one day, and nothing without permits', () => {
    expect(permitTotals([chitwan], { visitors: 0, nationality: 'foreign', days: 0 }).npr).toBe(2000)
    expect(permitTotals([], { visitors: 4, nationality: 'saarc', days: 3 })).toEqual({ lines: [], npr: 0, usd: 0 })
  })
})

describe('visitorCount', () => {
  it('reads the number of each option, 4+ as four', () => {
    expect(VISITOR_OPTIONS.map(visitorCount)).toEqual([1, 2, 3, 4])
  })
})

describe('tripStart', () => {
  it('keeps a date from today on, and drops a past or unfinished one', () => {
    expect(tripStart('2026-12-01', '2026-11-27')).toBe('2026-12-01')
    expect(tripStart('2026-11-27', '2026-11-27')).toBe('2026-11-27')
    expect(tripStart('2026-11-26', '2026-11-27')).toBeUndefined()
    expect(tripStart('', '2026-11-27')).toBeUndefined()
  })
})

describe('bookTourPath', () => {
  it('opens the tours list filtered by destination, date and group', () => {
    expect(bookTourPath({ destinationId: 'd1', start: '2026-12-01', visitors: 3, tours: { total: 4, firstId: 't1' } })).toBe(
      '/tours?destination=d1&availableOn=2026-12-01&groupSize=3',
    )
  })

  it('leaves the date out when none is chosen, and lists even when no tour fits', () => {
    expect(bookTourPath({ destinationId: 'd1', visitors: 1, tours: { total: 0 } })).toBe('/tours?destination=d1&groupSize=1')
  })

  it('goes straight to the tour when exactly one fits', () => {
    expect(bookTourPath({ destinationId: 'd1', visitors: 2, tours: { total: 1, firstId: 't9' } })).toBe('/tours/t9')
  })
})

describe('QUOTE_NATIONALITY', () => {
  it('asks the quote for SAARC fees or the others’', () => {
    expect(QUOTE_NATIONALITY.saarc).toBe('saarc')
    expect(QUOTE_NATIONALITY.foreign).toBe('other')
  })
})
