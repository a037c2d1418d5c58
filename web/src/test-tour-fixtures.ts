import type { components } from './lib/api-schema'
import { guideCard, reliability } from './test-fixtures'

type TourCard = components['schemas']['TourCard']
type PublicTour = components['schemas']['PublicTour']
type Quote = components['schemas']['Quote']

/** A tour as the list answer carries it: by default Pemba's 12-day Everest trek. */
export function tourCard(id: string, overrides: Partial<TourCard> = {}): TourCard {
  return {
    _id: id,
    title: `Everest Base Camp ${id}`,
    summary: 'Lukla to Kala Patthar.',
    dayCount: 12,
    maxSleepAltitudeM: 5164,
    risk: 'moderate',
    pricePerPersonUsd: 1200,
    maxGroupSize: 8,
    bookingMode: 'instant',
    destinationId: 'd1',
    destinationName: 'Everest Base Camp',
    guide: { _id: 'g1', firstName: 'Pemba', lastName: 'Sherpa', profilePicture: null, averageRating: 4.5, reviewCount: 2, reliability: reliability(), badges: [] },
    photo: null,
    ...overrides,
  }
}

/** A list answer of `tours`. */
export const toursPage = (tours: TourCard[], total = tours.length) => ({ status: 'success', tours, total, totalPages: Math.max(1, Math.ceil(total / 12)) })

/** A tour's public page: three days up to Namche, the second night flagged. */
export function publicTour(id: string, overrides: Partial<PublicTour> = {}): PublicTour {
  return {
    _id: id,
    guideId: 'g1',
    title: `Everest Base Camp ${id}`,
    summary: 'Lukla to Kala Patthar.',
    destinationId: 'd1',
    days: [
      { title: 'Fly to Lukla', description: '', sleepPlace: 'Phakding', sleepAltitudeM: 2610, walkHours: 3.5, lodging: 'teahouse' },
      { title: 'Up to Namche', description: '', sleepPlace: 'Namche Bazaar', sleepAltitudeM: 3440, walkHours: 6, lodging: 'teahouse' },
      { title: 'Back to Lukla', description: '', sleepPlace: '', sleepAltitudeM: null, walkHours: 6, lodging: 'teahouse' },
    ],
    maxGroupSize: 8,
    pricing: [{ minPeople: 1, maxPeople: 8, pricePerPersonUsd: 1200 }],
    priceFromUsd: 1200,
    included: [],
    excluded: [],
    meetingPoint: 'Lukla',
    bookingMode: 'instant',
    cutoffHours: 48,
    status: 'published',
    photos: [],
    acclimatisation: {
      risk: 'moderate',
      maxSleepAltitudeM: 3440,
      warnings: [{ day: 2, code: 'gain_over_500', message: 'Day 2: sleeping at 3,440 m is a 830 m gain in one night; more than 500 m a night is not recommended.' }],
    },
    departures: [],
    createdAt: '2026-11-01T08:00:00Z',
    updatedAt: '2026-11-01T08:00:00Z',
    guide: guideCard('g1'),
    licenceValidUntil: '2031-03-31',
    destination: { _id: 'd1', name: 'Everest Base Camp', permits: [] },
    ...overrides,
  }
}

/** The all-in price of a tour for `groupSize`: $1,200 a head and $50 of permits each. */
export function quote(groupSize: number, permitsUsd = 50 * groupSize): Quote {
  return { groupSize, days: 12, guideUsd: 1200 * groupSize, permits: [], permitsNpr: 0, permitsUsd, nprPerUsd: 133.5, totalUsd: 1200 * groupSize + permitsUsd, totalNpr: null }
}
