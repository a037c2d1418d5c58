import { describe, expect, it } from 'vitest'
import { cleanList, formatCommaList, parseCommaList } from './text-list'

describe('language and interest lists', () => {
  it('trims entries and ignores empty and duplicate ones', () => {
    expect(cleanList(['  Nepali ', 'English', '', '   ', 'english', 'Nepali', 'Hindi'])).toEqual(['Nepali', 'English', 'Hindi'])
  })

  it('keeps an empty list empty', () => {
    expect(cleanList([])).toEqual([])
  })
})

describe('comma-separated profile fields', () => {
  it('splits on commas, trims each entry and drops empties', () => {
    expect(parseCommaList(' Nepali,English , ,  Hindi,, ')).toEqual(['Nepali', 'English', 'Hindi'])
  })

  it('reads blank text as no entries', () => {
    expect(parseCommaList('   ')).toEqual([])
    expect(parseCommaList('')).toEqual([])
  })

  it('writes a list back as comma-separated text', () => {
    expect(formatCommaList(['Trekking', 'Culture'])).toBe('Trekking, Culture')
    expect(formatCommaList(null)).toBe('')
  })
})
