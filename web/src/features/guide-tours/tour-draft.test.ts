import { describe, expect, it } from 'vitest'
import {
  addDayAfter,
  altitudesOf,
  dayField,
  dayHasText,
  draftFromTour,
  emptyDraft,
  fieldOfServerError,
  loadStoredDraft,
  moveDay,
  newDay,
  removeDay,
  requestOf,
  storeDraft,
  tierProblem,
  updateDay,
  validateDraft,
  type DayDraft,
  type TierDraft,
  type TourDraft,
} from './tour-draft'
import type { Tour } from '../tours/api/tours'

const tiers = (...rows: [string, string, string?][]): TierDraft[] =>
  rows.map(([minPeople, maxPeople, price = '50'], i) => ({ key: `t${i}`, minPeople, maxPeople, pricePerPersonUsd: price }))

const days = (...titles: string[]): DayDraft[] => titles.map((title) => ({ ...newDay(), title, sleepPlace: `${title} lodge`, sleepAltitudeM: '2000' }))

function filledDraft(): TourDraft {
  return { ...emptyDraft(), title: 'Langtang', summary: 'A valley walk.', meetingPoint: 'Kathmandu', price: '450', days: days('One', 'Two') }
}

describe('tierProblem', () => {
  it('accepts tiers that cover 1 to the largest group once, in any order', () => {
    expect(tierProblem(tiers(['3', '8'], ['1', '2']), 8)).toBeNull()
    expect(tierProblem(tiers(['1', '1'], ['2', '2']), 2)).toBeNull()
  })

  it('names the sizes a gap leaves unpriced', () => {
    expect(tierProblem(tiers(['1', '2'], ['4', '8']), 8)).toEqual({ kind: 'gap', from: 3, to: 3 })
    expect(tierProblem(tiers(['2', '8']), 8)).toEqual({ kind: 'gap', from: 1, to: 1 })
    expect(tierProblem(tiers(['1', '4']), 8)).toEqual({ kind: 'gap', from: 5, to: 8 })
  })

  it('names the sizes two tiers both price', () => {
    expect(tierProblem(tiers(['1', '4'], ['3', '8']), 8)).toEqual({ kind: 'overlap', from: 3, to: 4 })
  })

  it('refuses tiers beyond the largest group, half-filled rows, reversed ranges and bad prices', () => {
    expect(tierProblem(tiers(['1', '10']), 8)).toEqual({ kind: 'beyond', max: 8 })
    expect(tierProblem(tiers(['1', '']), 8)).toEqual({ kind: 'incomplete', row: 1 })
    expect(tierProblem(tiers(['1', '2'], ['0', '8']), 8)).toEqual({ kind: 'incomplete', row: 2 })
    expect(tierProblem(tiers(['5', '3']), 8)).toEqual({ kind: 'minAboveMax', row: 1 })
    expect(tierProblem(tiers(['1', '8', '0']), 8)).toEqual({ kind: 'price', row: 1 })
    expect(tierProblem(tiers(['1', '8', '12.345']), 8)).toEqual({ kind: 'price', row: 1 })
  })
})

describe('the day list', () => {
  it('adds a day right after the given one, keeping the others as they were', () => {
    const list = days('A', 'B')
    const { days: next, added } = addDayAfter(list, list[0].key)
    expect(next.map((d) => d.title)).toEqual(['A', '', 'B'])
    expect(next[1].key).toBe(added)
    expect(next[0]).toBe(list[0])
    expect(next[2]).toBe(list[1])
  })

  it('moves a day up or down by its key, and not past the ends', () => {
    const list = days('A', 'B', 'C')
    expect(moveDay(list, list[0].key, 1).map((d) => d.title)).toEqual(['B', 'A', 'C'])
    expect(moveDay(list, list[2].key, -1).map((d) => d.title)).toEqual(['A', 'C', 'B'])
    expect(moveDay(list, list[0].key, -1).map((d) => d.title)).toEqual(['A', 'B', 'C'])
    expect(moveDay(list, list[2].key, 1).map((d) => d.title)).toEqual(['A', 'B', 'C'])
    // The moved day is the same object: nothing typed in it is lost.
    expect(moveDay(list, list[0].key, 1)[1]).toBe(list[0])
  })

  it('removes a day by its key but keeps the last one', () => {
    const list = days('A', 'B', 'C')
    expect(removeDay(list, list[1].key).map((d) => d.title)).toEqual(['A', 'C'])
    const one = days('Only')
    expect(removeDay(one, one[0].key)).toEqual(one)
  })

  it('changes one day by its key', () => {
    const list = days('A', 'B')
    const next = updateDay(list, list[1].key, { sleepAltitudeM: '3600' })
    expect(next[1].sleepAltitudeM).toBe('3600')
    expect(next[0]).toBe(list[0])
  })

  it('knows whether a day has anything typed in it', () => {
    expect(dayHasText(newDay())).toBe(false)
    expect(dayHasText({ ...newDay(), walkHours: '5' })).toBe(true)
  })
})

describe('altitudesOf', () => {
  it('sends every night, the last day may end the tour', () => {
    const list = [...days('A', 'B'), { ...newDay(), title: 'Out' }]
    expect(altitudesOf(list)).toEqual({ ok: true, altitudes: [2000, 2000, null] })
  })

  it('names the first day before the last that still needs an altitude', () => {
    const list = [days('A')[0], { ...newDay(), title: 'B' }, days('C')[0]]
    expect(altitudesOf(list)).toEqual({ ok: false, reason: 'missing', day: 2 })
    expect(altitudesOf([{ ...days('A')[0], sleepAltitudeM: '9000' }])).toEqual({ ok: false, reason: 'invalid', day: 1 })
  })
})

describe('validateDraft and requestOf', () => {
  it('passes a complete draft and builds the one-price request', () => {
    const draft = filledDraft()
    expect(validateDraft(draft)).toEqual({})
    const body = requestOf(draft)
    expect(body.pricing).toEqual([{ minPeople: 1, maxPeople: 8, pricePerPersonUsd: 450 }])
    expect(body.days?.[0]).toMatchObject({ title: 'One', sleepAltitudeM: 2000, walkHours: null, lodging: 'teahouse' })
    expect(body.destinationId).toBeNull()
  })

  it('keys a day error by the day, so it follows the day when days move', () => {
    const draft = filledDraft()
    draft.days[0] = { ...draft.days[0], sleepAltitudeM: '' }
    const errors = validateDraft(draft)
    expect(Object.keys(errors)).toEqual([dayField(draft.days[0].key, 'sleepAltitudeM')])
  })

  it('lets the last day end the tour without an altitude or a place', () => {
    const draft = filledDraft()
    draft.days[1] = { ...draft.days[1], sleepAltitudeM: '', sleepPlace: '' }
    expect(validateDraft(draft)).toEqual({})
    expect(requestOf(draft).days?.[1].sleepAltitudeM).toBeNull()
  })

  it('checks the tiers against the largest group', () => {
    const draft = { ...filledDraft(), onePrice: false, tiers: tiers(['1', '4']) }
    expect(Object.keys(validateDraft(draft))).toEqual(['pricing'])
  })
})

describe('fieldOfServerError', () => {
  it('maps a day message (counted from 1) to that day, and top-level names to fields', () => {
    const list = days('A', 'B', 'C')
    expect(fieldOfServerError('days[3].sleepAltitudeM must be a whole number of metres from 0 to 8848', list)).toBe(dayField(list[2].key, 'sleepAltitudeM'))
    expect(fieldOfServerError('pricing must cover 1 to 8 people without gaps or overlaps', list)).toBe('pricing')
    expect(fieldOfServerError('pricing: each tier needs minPeople ≤ maxPeople', list)).toBe('pricing')
    expect(fieldOfServerError('days[9].title is required', list)).toBeNull()
    expect(fieldOfServerError('Something else went wrong', list)).toBeNull()
  })
})

describe('the stored draft and a saved tour', () => {
  it('keeps a draft per tour and reads it back', () => {
    const store = new Map<string, string>()
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }
    const draft = filledDraft()
    storeDraft('t1', draft, storage)
    expect(loadStoredDraft('t1', storage)).toEqual(draft)
    expect(loadStoredDraft(null, storage)).toBeNull()
    store.set('yatra:tour-draft:new', '{not json')
    expect(loadStoredDraft(null, storage)).toBeNull()
  })

  it('fills the form from a saved tour', () => {
    const tour = {
      title: 'T',
      summary: 'S',
      destinationId: null,
      maxGroupSize: 6,
      pricing: [
        { minPeople: 1, maxPeople: 2, pricePerPersonUsd: 60 },
        { minPeople: 3, maxPeople: 6, pricePerPersonUsd: 45 },
      ],
      included: ['Permits'],
      excluded: [],
      meetingPoint: 'M',
      bookingMode: 'instant',
      cutoffHours: 24,
      days: [{ title: 'D', description: '', sleepPlace: '', sleepAltitudeM: null, walkHours: 3.5, lodging: 'none' }],
    } as unknown as Tour
    const draft = draftFromTour(tour)
    expect(draft.onePrice).toBe(false)
    expect(draft.tiers.map((t) => [t.minPeople, t.maxPeople, t.pricePerPersonUsd])).toEqual([
      ['1', '2', '60'],
      ['3', '6', '45'],
    ])
    expect(draft.days[0]).toMatchObject({ sleepAltitudeM: '', walkHours: '3.5', lodging: 'none' })
    expect(validateDraft(draft)).toEqual({})
  })
})
