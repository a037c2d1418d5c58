import type { components } from './lib/api-schema'
import { tripEnd } from './lib/calendar'

type GuideCard = components['schemas']['GuideCard']
type PublicGuide = components['schemas']['GuidePage']
type Reliability = components['schemas']['Reliability']
type Destination = components['schemas']['Destination']
type Review = components['schemas']['Review']
type Blog = components['schemas']['Blog']

/** A guide new on Yatra: too few events for any rate. */
export function reliability(overrides: Partial<Reliability> = {}): Reliability {
  return { responseRate: null, medianResponseMinutes: null, cancellationRate: null, completedTrips: 0, since: '2024-01-10T08:00:00Z', ...overrides }
}

/** A guide as list answers carry them. */
export function guideCard(id: string, overrides: Partial<GuideCard> = {}): GuideCard {
  return {
    _id: id,
    firstName: 'Pemba',
    lastName: `Sherpa ${id}`,
    profilePicture: null,
    profilePictureVariants: null,
    coverImage: null,
    coverImageVariants: null,
    bio: 'Everest and Langtang treks.',
    expertiseLanguages: ['English', 'Nepali'],
    interests: ['Trekking', 'Culture'],
    contactInfo: { address: 'Kathmandu' },
    pricePerDay: 45,
    averageRating: 4.5,
    reviewCount: 2,
    yearsOfExperience: 12,
    location: { latitude: 27.7172, longitude: 85.324 },
    reliability: reliability(),
    badges: [],
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
      bioNe: '',
      nationality: 'Nepali',
      pricePerDay: 45,
      expertiseLanguages: ['English', 'Nepali', 'Hindi'],
      interests: ['Trekking', 'Culture'],
      contactInfo: { address: 'Kathmandu', email: 'pemba@example.com' },
      location: { latitude: 27.7172, longitude: 85.324 },
      certifications: [{ _id: 'c1', name: 'Trekking Guide Licence', issuingOrganization: 'Nepal Tourism Board', issueDate: '2014-03-12' }],
      profilePicture: null,
      profilePictureThumb: null,
      profilePictureVariants: null,
      coverImage: null,
      coverImageVariants: null,
      status: 'verified',
      createdAt: '2024-01-10T08:00:00Z',
      yearsOfExperience: 12,
      licenceValidUntil: null,
      ...details,
    },
    reliability: reliability(),
    badges: [],
    ...overrides,
  }
}

export function destination(id: string, overrides: Partial<Destination> = {}): Destination {
  return {
    _id: id,
    name: `Place ${id}`,
    image: null,
    imageThumb: null,
    imageVariants: null,
    rating: 4.6,
    location: 'Pokhara, Gandaki Province',
    description: 'Lakeside walks at dawn.\n\nBoats, temples and the Annapurna range.',
    reviews: 1200,
    popular: false,
    coordinates: { latitude: 28.2096, longitude: 83.9856 },
    createdAt: '2026-01-01T00:00:00Z',
    // No trek facts: the pages show the spec's fixed labels (issue 15).
    durationDays: null,
    maxAltitudeM: null,
    bestMonths: [],
    difficulty: null,
    licensedGuideRequired: false,
    permits: [],
    // No own highlights nor Nepali texts: the spec's four and the English (issue 26).
    highlights: [],
    highlightsNe: [],
    nameNe: null,
    locationNe: null,
    descriptionNe: null,
    ...overrides,
  }
}

/** What a reviews page adds to its reviews: no sub-ratings given, no photos. */
export const noReviewExtras = {
  subRatings: {
    knowledge: { average: null, count: 0 },
    safety: { average: null, count: 0 },
    communication: { average: null, count: 0 },
    value: { average: null, count: 0 },
  },
  photoStrip: [],
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
    knowledge: null,
    safety: null,
    communication: null,
    value: null,
    photos: [],
    reply: null,
    editableUntil: '2026-05-04T10:00:00Z',
    authorId: 'tourist-1',
    ...overrides,
  }
}

export function blog(id: string, overrides: Partial<Blog> = {}): Blog {
  return {
    _id: id,
    title: `Trail notes ${id}`,
    description: 'Up before dawn at Poon Hill.\nThe Annapurna range turned pink, then gold.',
    titleNe: null,
    descriptionNe: null,
    image: null,
    imageThumb: null,
    imageVariants: null,
    role: 'tourist',
    createdAt: '2026-03-05T12:00:00Z',
    updatedAt: '2026-03-05T12:00:00Z',
    authorId: { _id: 'u1', firstName: 'Asha', lastName: 'Traveller' },
    likeCount: 3,
    likedByMe: false,
    ...overrides,
  }
}

type Booking = components['schemas']['Booking']
type Notification = components['schemas']['Notification']

/** A booking as every booking answer carries it: by default Asha's pending request to Pemba. */
export function booking(id: string, overrides: Partial<Booking> = {}): Booking {
  // The last day follows the first and the length unless a test gives it.
  const selectedDate = overrides.selectedDate ?? '2026-12-12'
  const days = overrides.days ?? 1
  return {
    _id: id,
    tourist: { _id: 't1', firstName: 'Asha', lastName: 'Traveller', email: 'asha@example.com', profilePicture: null, phone: null },
    guide: { _id: 'g1', firstName: 'Pemba', lastName: 'Sherpa', email: 'pemba@example.com', profilePicture: null, phone: null },
    selectedDate,
    endDate: tripEnd(selectedDate, days),
    days,
    tour: null,
    departureId: null,
    offerId: null,
    message: '',
    selectedTime: '10:00',
    groupSize: 2,
    pricePerPerson: 45,
    totalAmount: 90,
    bookingStatus: 'pending',
    paymentStatus: 'unpaid',
    payment: null,
    cancelledBy: null,
    cancellationReason: null,
    refundAmount: null,
    freeCancellationUntil: null,
    expiresAt: null,
    createdAt: '2026-11-01T08:00:00Z',
    ...overrides,
  }
}

/** A paid booking with its sandbox payment. */
export function paidBooking(id: string, overrides: Partial<Booking> = {}): Booking {
  return booking(id, {
    bookingStatus: 'approved',
    paymentStatus: 'paid',
    payment: { reference: 'sandbox_pay1', provider: 'sandbox', method: 'card', amount: 90, currency: 'usd', paidAt: '2026-11-02T08:20:00Z' },
    guide: { _id: 'g1', firstName: 'Pemba', lastName: 'Sherpa', email: 'pemba@example.com', profilePicture: null, phone: '+977 9800000000' },
    ...overrides,
  })
}

export function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    _id: id,
    kind: 'booking_approved',
    isRead: false,
    guideMessage: '',
    touristMessage: 'Pemba Sherpa approved your trip on 12 Dec 2026. You can pay now.',
    status: 'approved',
    paymentStatus: 'unpaid',
    bookingId: 'b1',
    createdAt: '2026-11-01T08:00:00Z',
    ...overrides,
  }
}
