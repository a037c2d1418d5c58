import { beforeAll, describe, expect, it } from 'vitest'
import {
  BASIC_INFORMATION_REQUIRED,
  LANGUAGE_REQUIRED,
  PRICING_CONTACT_REQUIRED,
  PROFILE_IMAGE_REQUIRED,
  addLanguage,
  afterSavePath,
  emptyGuideDraft,
  guideProfileRequest,
  hasSavedProfile,
  validateGuideStep,
  type GuideDraft,
} from './guide-form'
import { loadTexts } from '../../i18n/messages'
import { BIO_TOO_LONG } from '../../lib/bio-text'
import type { Guide } from './api/get-guide-profile'

beforeAll(() => loadTexts(['guides']))

const draft = (over: Partial<GuideDraft>): GuideDraft => ({ ...emptyGuideDraft, ...over })
const photo = new File(['x'], 'me.png', { type: 'image/png' })

describe('guide form steps', () => {
  it('step 1 needs bio and nationality', () => {
    expect(validateGuideStep(1, draft({ bio: 'Trekking guide', nationality: '' }))).toBe(BASIC_INFORMATION_REQUIRED)
    expect(validateGuideStep(1, draft({ bio: '   ', nationality: 'Nepali' }))).toBe(BASIC_INFORMATION_REQUIRED)
    expect(validateGuideStep(1, draft({ bio: 'Trekking guide', nationality: 'Nepali' }))).toBeNull()
  })

  it('step 2 needs a profile image, new or already saved; the cover is optional', () => {
    expect(validateGuideStep(2, draft({ coverImage: photo }))).toBe(PROFILE_IMAGE_REQUIRED)
    expect(validateGuideStep(2, draft({ profileImage: photo }))).toBeNull()
    expect(validateGuideStep(2, draft({ savedProfilePicture: '/media/a.jpg' }))).toBeNull()
  })

  it('step 3 needs at least one language', () => {
    expect(validateGuideStep(3, draft({}))).toBe(LANGUAGE_REQUIRED)
    expect(validateGuideStep(3, draft({ expertiseLanguages: ['Nepali'] }))).toBeNull()
  })

  it('step 4 needs a price of 0 or more and a phone; the address is optional', () => {
    expect(validateGuideStep(4, draft({ pricePerDay: '', phone: '9800000000' }))).toBe(PRICING_CONTACT_REQUIRED)
    expect(validateGuideStep(4, draft({ pricePerDay: '40', phone: ' ' }))).toBe(PRICING_CONTACT_REQUIRED)
    expect(validateGuideStep(4, draft({ pricePerDay: '-1', phone: '9800000000' }))).toBe(PRICING_CONTACT_REQUIRED)
    expect(validateGuideStep(4, draft({ pricePerDay: '0', phone: '9800000000' }))).toBeNull()
    expect(validateGuideStep(4, draft({ pricePerDay: '45.5', phone: '9800000000', address: '' }))).toBeNull()
  })
})

describe('adding languages', () => {
  it('trims and ignores empty or duplicate languages', () => {
    let languages = addLanguage([], '  Nepali ')
    languages = addLanguage(languages, '')
    languages = addLanguage(languages, '   ')
    languages = addLanguage(languages, 'nepali')
    languages = addLanguage(languages, 'English')
    expect(languages).toEqual(['Nepali', 'English'])
  })
})

describe('the saved profile request', () => {
  it('sends trimmed text, a numeric price and the location', () => {
    const body = guideProfileRequest(
      draft({
        bio: ' Bio ',
        nationality: ' Nepali ',
        expertiseLanguages: ['Nepali'],
        pricePerDay: '45',
        phone: ' 98 ',
        address: '',
        location: { latitude: 28.2096, longitude: 83.9856 },
      }),
    )
    expect(body).toEqual({
      bio: 'Bio',
      bioNe: '',
      nationality: 'Nepali',
      pricePerDay: 45,
      expertiseLanguages: ['Nepali'],
      interests: [],
      contactInfo: { phone: '98', address: '' },
      location: { longitude: 83.9856, latitude: 28.2096 },
    })
  })

  it('sends no location when none is to be sent, so the stored place stays (issue 26)', () => {
    const body = guideProfileRequest(draft({ bio: 'Bio', nationality: 'Nepali', expertiseLanguages: ['Nepali'], pricePerDay: '45', phone: '98', location: null }))
    expect(body).not.toHaveProperty('location')
  })
})

describe('a long bio', () => {
  it('is refused at step 1 with its own message, not cut', () => {
    const long = 'a'.repeat(2001)
    expect(validateGuideStep(1, draft({ bio: long, nationality: 'Nepali' }))).toBe(BIO_TOO_LONG)
    expect(validateGuideStep(1, draft({ bio: 'a'.repeat(2000), nationality: 'Nepali' }))).toBeNull()
    expect(guideProfileRequest(draft({ bio: long })).bio).toHaveLength(2001)
  })
})

describe('first profile or edit', () => {
  const guide = (bio: string, certificates: number) =>
    ({ guideDetails: { bio, certifications: Array.from({ length: certificates }, (_, i) => ({ _id: String(i) })) } }) as unknown as Guide

  it('is an edit once a bio was saved', () => {
    expect(hasSavedProfile(guide('', 0))).toBe(false)
    expect(hasSavedProfile(guide('Guide from Pokhara', 0))).toBe(true)
  })

  it('goes to the certificates form only while there are none, else back to the profile', () => {
    expect(afterSavePath(guide('Bio', 0))).toBe('/kycform')
    expect(afterSavePath(guide('Bio', 2))).toBe('/guide/profile')
  })
})
