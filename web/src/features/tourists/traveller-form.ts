import { msg } from '../../i18n/messages'
import { BIO_TOO_LONG, bioOverBy } from '../../lib/bio-text'
import { localNumberFormat } from '../../lib/intl-formats'

export const INTEREST_TABS = {
  Popular: ['Nature', 'Culture', 'Food', 'Photography'],
  Activities: ['Trekking', 'Adventure', 'Water Sports', 'Hiking'],
  Experiences: ['History', 'Local Experiences', 'Festivals', 'Museums'],
} as const
export type InterestTab = keyof typeof INTEREST_TABS

/** An interest's (or tab's) name in the reader's language; the API keeps the English value. */
export const interestTextId = (value: string) => `tourists.interest.${value}`

// Text ids: the page shows them with `t`.
export const BIO_REQUIRED = msg('tourists.bioRequired')
export const NATIONALITY_REQUIRED = msg('tourists.nationalityRequired')
export const PROFILE_IMAGE_REQUIRED = msg('tourists.profileImageRequired')
export const INTEREST_REQUIRED = msg('tourists.interestRequired')

export const IMAGE_UPLOAD_FAILED = msg('tourists.imageUploadFailed')
export const SUBMISSION_FAILED = msg('tourists.submissionFailed')
export const SAVE_FAILED = msg('tourists.saveFailed')

export type TravellerDraft = {
  bio: string
  profileImage: File | null
  interests: string[]
  nationality: string
}

export const emptyTravellerDraft: TravellerDraft = {
  bio: '',
  profileImage: null,
  interests: [],
  nationality: '',
}

/** Checked in the spec's order; the first unmet rule's message, or null. */
export function validateTraveller(draft: TravellerDraft): string | null {
  if (!draft.bio.trim()) return BIO_REQUIRED
  if (bioOverBy(draft.bio) > 0) return BIO_TOO_LONG
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
  return localNumberFormat({ minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false }).format(value)
}
