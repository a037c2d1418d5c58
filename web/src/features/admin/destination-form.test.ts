import { describe, expect, it } from 'vitest'
import { destination } from '../../test-fixtures'
import {
  DESCRIPTION_REQUIRED,
  EMPTY_DRAFT,
  IMAGE_REQUIRED,
  LATITUDE_INVALID,
  LOCATION_REQUIRED,
  LONGITUDE_INVALID,
  NAME_REQUIRED,
  POINT_INCOMPLETE,
  draftForm,
  moveItem,
  draftFrom,
  validateDraft,
  type DestinationDraft,
} from './destination-form'
import { translate } from '../../i18n/messages'

const photo = new File(['png'], 'phewa.png', { type: 'image/png' })
const filled: DestinationDraft = {
  ...EMPTY_DRAFT,
  name: ' Phewa Lake ',
  location: 'Pokhara, Gandaki Province',
  description: 'Boats at dawn.\n\nTemples on the island.',
  popular: true,
  latitude: '28.2096',
  longitude: '83.9856',
  image: photo,
}

describe('validateDraft', () => {
  it('accepts a complete form', () => {
    expect(validateDraft(filled, 'create')).toBeNull()
  })

  it('needs name, location and description, in that order', () => {
    expect(validateDraft(EMPTY_DRAFT, 'create')).toBe(translate(NAME_REQUIRED))
    expect(validateDraft({ ...filled, location: ' ' }, 'create')).toBe(translate(LOCATION_REQUIRED))
    expect(validateDraft({ ...filled, description: '' }, 'create')).toBe(translate(DESCRIPTION_REQUIRED))
  })

  it('needs a photo to create, not to edit', () => {
    expect(validateDraft({ ...filled, image: null }, 'create')).toBe(translate(IMAGE_REQUIRED))
    expect(validateDraft({ ...filled, image: null }, 'edit')).toBeNull()
  })

  it('takes both coordinates or neither, each in range', () => {
    expect(validateDraft({ ...filled, latitude: '', longitude: '' }, 'create')).toBeNull()
    expect(validateDraft({ ...filled, longitude: '' }, 'create')).toBe(translate(POINT_INCOMPLETE))
    expect(validateDraft({ ...filled, latitude: '91' }, 'create')).toBe(translate(LATITUDE_INVALID))
    expect(validateDraft({ ...filled, longitude: '-181' }, 'create')).toBe(translate(LONGITUDE_INVALID))
  })
})

describe('draftForm', () => {
  it('sends every field, trimmed, with popular as true or false and the photo', () => {
    const form = draftForm(filled)
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'image'))).toEqual({
      name: 'Phewa Lake',
      location: 'Pokhara, Gandaki Province',
      description: 'Boats at dawn.\n\nTemples on the island.',
      popular: 'true',
      latitude: '28.2096',
      longitude: '83.9856',
      nameNe: '',
      locationNe: '',
      descriptionNe: '',
      highlights: '[]',
      highlightsNe: '[]',
    })
    expect(form.get('image')).toBeInstanceOf(File)
  })

  it('leaves the photo out when none was chosen, and sends empty coordinates to clear the point', () => {
    const form = draftForm({ ...filled, image: null, latitude: '', longitude: '', popular: false })
    expect(form.has('image')).toBe(false)
    expect(form.get('latitude')).toBe('')
    expect(form.get('popular')).toBe('false')
  })
})

describe('draftFrom', () => {
  it('fills the form from a saved destination', () => {
    expect(draftFrom(destination('d1', { name: 'Rara Lake', rating: 4.4, reviews: 150, popular: true, coordinates: null }))).toMatchObject({
      name: 'Rara Lake',
      popular: true,
      latitude: '',
      longitude: '',
      image: null,
    })
  })
})

describe('a destination’s own highlights (issue 26)', () => {
  it('moves a highlight up or down and leaves the list alone past its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b'])
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b'])
  })

  it('sends the highlights and Nepali texts, trimmed, without the rows left empty', () => {
    const form = draftForm({ ...EMPTY_DRAFT, name: 'Ghandruk', highlights: [' Museum ', '', 'Slate roofs'], highlightsNe: [], nameNe: ' घान्द्रुक ' })
    expect(form.get('highlights')).toBe('["Museum","Slate roofs"]')
    expect(form.get('highlightsNe')).toBe('[]')
    expect(form.get('nameNe')).toBe('घान्द्रुक')
    expect(form.get('descriptionNe')).toBe('')
  })
})
