import { describe, expect, it } from 'vitest'
import { readSearchRequest } from '../../lib/search-url'
import { guidesNearPath, paragraphs, townOf } from './plan-trip'

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
