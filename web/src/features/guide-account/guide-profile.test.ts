import { beforeAll, describe, expect, it } from 'vitest'
import type { Guide } from './api/get-guide-profile'
import { guideCompletion, guideCompletionItems, guideEditFrom, guideEditRequest, needsVerification } from './guide-profile'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['guides']))

const guide = (details: Partial<Guide['guideDetails']> = {}): Guide => ({
  _id: 'g1',
  guideId: 'g1',
  firstName: 'Pemba',
  lastName: 'Sherpa',
  email: 'pemba@example.com',
  averageRating: 0,
  reviewCount: 0,
  guideDetails: {
    bio: '',
    bioNe: '',
    nationality: '',
    pricePerDay: null,
    expertiseLanguages: [],
    interests: [],
    contactInfo: { phone: '', address: '', email: '' },
    location: null,
    certifications: [],
    profilePicture: null,
    profilePictureThumb: null,
    profilePictureVariants: null,
    coverImage: null,
    coverImageVariants: null,
    status: 'unverified',
    verification: { state: 'none', note: '' },
    createdAt: '2026-01-01T00:00:00Z',
    yearsOfExperience: null,
    licenceValidUntil: null,
    meetingPlace: '',
    whatToBring: [],
    ...details,
  },
})

const certificate = { _id: 'c1', name: 'Licence', issuingOrganization: 'NTB', issueDate: '2024-01-01', image: null, licenceNumber: null, expiresOn: null }

describe('guide profile completion', () => {
  it('counts 13 items', () => {
    expect(guideCompletionItems(guide())).toHaveLength(13)
  })

  it('is 15% with only the names (red) and 100% when everything is filled', () => {
    expect(guideCompletion(guide())).toBe(15)
    const full = guide({
      bio: 'Guide',
      nationality: 'Nepali',
      pricePerDay: 0,
      expertiseLanguages: ['Nepali'],
      interests: ['Trekking'],
      contactInfo: { phone: '98', address: 'Pokhara', email: '' },
      location: { latitude: 28.2, longitude: 83.9 },
      profilePicture: '/media/a.jpg',
      coverImage: '/media/b.jpg',
      certifications: [certificate],
    })
    expect(guideCompletion(full)).toBe(100)
  })
})

describe('verification banner', () => {
  it('shows for an unverified guide without certifications only', () => {
    expect(needsVerification(guide())).toBe(true)
    expect(needsVerification(guide({ certifications: [certificate] }))).toBe(false)
    expect(needsVerification(guide({ status: 'verified' }))).toBe(false)
  })
})

describe('guide profile edit', () => {
  it('sends lists parsed from comma-separated text and the price as a number', () => {
    const g = guide({ location: { latitude: 1, longitude: 2 } })
    const body = guideEditRequest(
      {
        ...guideEditFrom(g),
        bio: 'Bio',
        nationality: 'Nepali',
        pricePerDay: '55',
        languages: 'Nepali, , English ',
        interests: ' Trekking,',
        phone: '98',
        address: '',
        meetingPlace: ' Hotel lobby, Thamel ',
        whatToBring: 'Rain jacket, , Water bottle',
      },
      g,
    )
    expect(body).toEqual({
      bio: 'Bio',
      nationality: 'Nepali',
      pricePerDay: 55,
      expertiseLanguages: ['Nepali', 'English'],
      interests: ['Trekking'],
      contactInfo: { phone: '98', address: '' },
      meetingPlace: 'Hotel lobby, Thamel',
      whatToBring: ['Rain jacket', 'Water bottle'],
      location: { latitude: 1, longitude: 2 },
    })
  })
})
