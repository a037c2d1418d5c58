import type { Coordinates } from '../../lib/geolocation'

export const INTEREST_TABS = {
  Popular: ['Nature', 'Culture', 'Food', 'Photography'],
  Activities: ['Trekking', 'Adventure', 'Water Sports', 'Hiking'],
  Experiences: ['History', 'Local Experiences', 'Festivals', 'Museums'],
} as const
export type InterestTab = keyof typeof INTEREST_TABS

export const BIO_REQUIRED = 'Bio is required'
export const NATIONALITY_REQUIRED = 'Nationality is required'
export const PROFILE_IMAGE_REQUIRED = 'Profile image is required'
export const INTEREST_REQUIRED = 'At least one interest is required'

export const IMAGE_UPLOAD_FAILED = 'Profile image upload failed'
export const SUBMISSION_FAILED = 'Profile submission failed'
export const SAVE_FAILED = 'Failed to save profile'

export type TravellerDraft = {
  bio: string
  profileImage: File | null
  interests: string[]
  nationality: string
  location: Coordinates
}

export const emptyTravellerDraft: TravellerDraft = {
  bio: '',
  profileImage: null,
  interests: [],
  nationality: '',
  location: { latitude: 0, longitude: 0 },
}

/** Checked in the spec's order; the first unmet rule's message, or null. */
export function validateTraveller(draft: TravellerDraft): string | null {
  if (!draft.bio.trim()) return BIO_REQUIRED
  if (!draft.nationality.trim()) return NATIONALITY_REQUIRED
  if (!draft.profileImage) return PROFILE_IMAGE_REQUIRED
  if (draft.interests.length === 0) return INTEREST_REQUIRED
  return null
}

export function toggleInterest(interests: readonly string[], interest: string): string[] {
  return interests.includes(interest) ? interests.filter((i) => i !== interest) : [...interests, interest]
}

/** Location display: 4 decimal places. */
export function formatCoordinate(value: number): string {
  return value.toFixed(4)
}
