import { describe, expect, it } from 'vitest'
import { blogInLanguage, destinationInLanguage, inLanguage } from './content-language'
import type { Destination } from './list-destinations'

const destination = {
  name: 'Ghandruk',
  nameNe: 'घान्द्रुक',
  location: 'Ghandruk, Gandaki Province',
  locationNe: null,
  description: 'A Gurung village.',
  descriptionNe: 'गुरुङ गाउँ।',
  highlights: ['Gurung museum'],
  highlightsNe: [] as string[],
  permits: [{ name: 'ACAP', feeNpr: 3000, saarcFeeNpr: 1000, feeUsd: null, per: 'entry', note: 'At Pokhara', noteNe: 'पोखरामा' }],
} as unknown as Destination

describe('content in the reader’s language', () => {
  it('gives a reader of Nepali the Nepali text, and the English where there is none', () => {
    expect(inLanguage('ne', 'Bio', 'परिचय')).toBe('परिचय')
    expect(inLanguage('ne', 'Bio', '  ')).toBe('Bio')
    expect(inLanguage('ne', 'Bio', null)).toBe('Bio')
    expect(inLanguage('en', 'Bio', 'परिचय')).toBe('Bio')
  })

  it('reads a destination in Nepali field by field, highlights falling back to the English list', () => {
    const nepali = destinationInLanguage(destination, 'ne')
    expect(nepali.name).toBe('घान्द्रुक')
    expect(nepali.location).toBe('Ghandruk, Gandaki Province')
    expect(nepali.description).toBe('गुरुङ गाउँ।')
    expect(nepali.highlights).toEqual(['Gurung museum'])
    expect(nepali.permits[0].note).toBe('पोखरामा')
    const own = destinationInLanguage({ ...destination, highlightsNe: ['गुरुङ संग्रहालय'] }, 'ne')
    expect(own.highlights).toEqual(['गुरुङ संग्रहालय'])
    expect(destinationInLanguage(destination, 'en')).toBe(destination)
  })

  it('reads a post in Nepali where it has a Nepali text', () => {
    const post = { title: 'Rara', description: 'Long road.', titleNe: 'रारा', descriptionNe: null }
    expect(blogInLanguage(post, 'ne')).toEqual({ ...post, title: 'रारा', description: 'Long road.' })
  })
})
