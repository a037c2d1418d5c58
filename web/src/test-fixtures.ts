import type { components } from './lib/api-schema'

type GuideCard = components['schemas']['GuideCard']
type PublicGuide = components['schemas']['PublicGuide']
type Destination = components['schemas']['Destination']
type Review = components['schemas']['Review']

/** A guide as list answers carry them. */
export function guideCard(id: string, overrides: Partial<GuideCard> = {}): GuideCard {
  return {
    _id: id,
    firstName: 'Pemba',
    lastName: `Sherpa ${id}`,
    profilePicture: null,
    coverImage: null,
    bio: 'Everest and Langtang treks.',
    expertiseLanguages: ['English', 'Nepali'],
    interests: ['Trekking', 'Culture'],
    contactInfo: { address: 'Kathmandu' },
    pricePerDay: 45,
    averageRating: 4.5,
    reviewCount: 2,
    yearsOfExperience: 12,
    location: { latitude: 27.7172, longitude: 85.324 },
    ...overrides,
  }
}

/** A guide as their public page's answer carries them. */
export function publicGuide(id: string, details: Partial<PublicGuide['guideDetails']> = {}, overrides: Partial<PublicGuide> = {}): PublicGuide {
  return {
    _id: id,
    guideId: id,
    firstName: 'Pemba',
    lastName: 'Sherpa',
    email: 'pemba@example.com',
    averageRating: 4.5,
    reviewCount: 2,
    guideDetails: {
      bio: 'Born in Khumjung below Everest.',
      nationality: 'Nepali',
      pricePerDay: 45,
      expertiseLanguages: ['English', 'Nepali', 'Hindi'],
      interests: ['Trekking', 'Culture'],
      contactInfo: { address: 'Kathmandu', email: 'pemba@example.com' },
      location: { latitude: 27.7172, longitude: 85.324 },
      certifications: [{ _id: 'c1', name: 'Trekking Guide Licence', issuingOrganization: 'Nepal Tourism Board', issueDate: '2014-03-12' }],
      profilePicture: null,
      profilePictureThumb: null,
      coverImage: null,
      status: 'verified',
      createdAt: '2024-01-10T08:00:00Z',
      yearsOfExperience: 12,
      ...details,
    },
    ...overrides,
  }
}

export function destination(id: string, overrides: Partial<Destination> = {}): Destination {
  return {
    _id: id,
    name: `Place ${id}`,
    image: null,
    imageThumb: null,
    rating: 4.6,
    location: 'Pokhara, Gandaki Province',
    description: 'Lakeside walks at dawn.\n\nBoats, temples and the Annapurna range.',
    reviews: 1200,
    popular: false,
    coordinates: { latitude: 28.2096, longitude: 83.9856 },
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  }
}

export function review(id: string, overrides: Partial<Review> = {}): Review {
  return {
    _id: id,
    firstName: 'Emma',
    lastName: 'Laurent',
    profilePicture: null,
    score: 5,
    comment: 'Read the weather better than any app.',
    createdAt: '2026-05-02T10:00:00Z',
    tripDate: '2026-04-28',
    verified: true,
    ...overrides,
  }
}
