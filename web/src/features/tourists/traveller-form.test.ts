import { describe, expect, it } from 'vitest'
import {
  BIO_REQUIRED,
  INTEREST_REQUIRED,
  INTEREST_TABS,
  NATIONALITY_REQUIRED,
  PROFILE_IMAGE_REQUIRED,
  emptyTravellerDraft,
  formatCoordinate,
  toggleInterest,
  validateTraveller,
} from './traveller-form'
import { BIO_TOO_LONG } from '../../lib/bio-text'

const photo = new File(['x'], 'me.png', { type: 'image/png' })

describe('traveller form validation', () => {
  it('checks bio, then nationality, then the image, then interests', () => {
    let draft = { ...emptyTravellerDraft }
    expect(validateTraveller(draft)).toBe(BIO_REQUIRED)
    draft = { ...draft, bio: 'I love mountains' }
    expect(validateTraveller(draft)).toBe(NATIONALITY_REQUIRED)
    draft = { ...draft, nationality: 'Indian' }
    expect(validateTraveller(draft)).toBe(PROFILE_IMAGE_REQUIRED)
    draft = { ...draft, profileImage: photo }
    expect(validateTraveller(draft)).toBe(INTEREST_REQUIRED)
    draft = { ...draft, interests: ['Trekking'] }
    expect(validateTraveller(draft)).toBeNull()
  })

  it('reports the bio first even when everything else is missing too', () => {
    expect(validateTraveller({ ...emptyTravellerDraft, bio: '   ', interests: [] })).toBe(BIO_REQUIRED)
  })

  it('refuses a bio over 2000 characters instead of cutting it', () => {
    expect(validateTraveller({ ...emptyTravellerDraft, bio: 'a'.repeat(2001) })).toBe(BIO_TOO_LONG)
  })
})

describe('traveller interests and location', () => {
  it('offers the spec options in three tabs', () => {
    expect(INTEREST_TABS).toEqual({
      Popular: ['Nature', 'Culture', 'Food', 'Photography'],
      Activities: ['Trekking', 'Adventure', 'Water Sports', 'Hiking'],
      Experiences: ['History', 'Local Experiences', 'Festivals', 'Museums'],
    })
  })

  it('toggles an interest on and off', () => {
    expect(toggleInterest(['Food'], 'Hiking')).toEqual(['Food', 'Hiking'])
    expect(toggleInterest(['Food', 'Hiking'], 'Food')).toEqual(['Hiking'])
  })

  it('shows coordinates to 4 decimal places', () => {
    expect(formatCoordinate(28.20961234)).toBe('28.2096')
    expect(formatCoordinate(0)).toBe('0.0000')
  })
})
