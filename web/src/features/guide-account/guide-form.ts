import type { Coordinates } from '../../lib/geolocation'
import { cleanList } from '../../lib/text-list'
import type { Guide } from './api/get-guide-profile'
import type { GuideProfileRequest } from './api/save-guide-profile'
import { msg } from '../../i18n/messages'

export const GUIDE_FORM_STEPS = [msg('guides.stepBasic'), msg('guides.stepImages'), msg('guides.stepLanguages'), msg('guides.stepPricing')] as const
export type GuideFormStep = 1 | 2 | 3 | 4

export const BASIC_INFORMATION_REQUIRED = msg('guides.basicRequired')
export const PROFILE_IMAGE_REQUIRED = msg('guides.profileImageRequired')
export const LANGUAGE_REQUIRED = msg('guides.languageRequired')
export const PRICING_CONTACT_REQUIRED = msg('guides.pricingRequired')
export const GUIDE_PROFILE_SAVE_FAILED = msg('guides.profileSaveFailed')

/** Where the form starts when geolocation is denied or unsupported (spec section 3). */
export const FALLBACK_LOCATION: Coordinates = { latitude: 0, longitude: 0 }

export type GuideDraft = {
  bio: string
  nationality: string
  profileImage: File | null
  coverImage: File | null
  /** Images saved earlier; a saved profile image satisfies step 2. */
  savedProfilePicture: string | null
  savedCoverImage: string | null
  expertiseLanguages: string[]
  /** Kept from a saved profile so saving the form does not wipe them. */
  interests: string[]
  location: Coordinates
  pricePerDay: string
  phone: string
  address: string
}

export const emptyGuideDraft: GuideDraft = {
  bio: '',
  nationality: '',
  profileImage: null,
  coverImage: null,
  savedProfilePicture: null,
  savedCoverImage: null,
  expertiseLanguages: [],
  interests: [],
  location: FALLBACK_LOCATION,
  pricePerDay: '',
  phone: '',
  address: '',
}

/** The message for the first unmet rule of a step, or null when it may advance. */
export function validateGuideStep(step: GuideFormStep, draft: GuideDraft): string | null {
  switch (step) {
    case 1:
      return draft.bio.trim() && draft.nationality.trim() ? null : BASIC_INFORMATION_REQUIRED
    case 2:
      return draft.profileImage || draft.savedProfilePicture ? null : PROFILE_IMAGE_REQUIRED
    case 3:
      return draft.expertiseLanguages.length > 0 ? null : LANGUAGE_REQUIRED
    case 4: {
      const price = draft.pricePerDay.trim()
      const priceOk = price !== '' && Number.isFinite(Number(price)) && Number(price) >= 0
      return priceOk && draft.phone.trim() ? null : PRICING_CONTACT_REQUIRED
    }
  }
}

/** Adds a language: trimmed, and ignored when empty or already listed. */
export function addLanguage(languages: readonly string[], input: string): string[] {
  return cleanList([...languages, input])
}

/**
 * Fills the draft from a saved profile without overwriting anything already typed, so
 * a slow answer never loses the user's input.
 */
export function mergeSavedGuide(draft: GuideDraft, guide: Guide): GuideDraft {
  const d = guide.guideDetails
  const keep = (typed: string, saved: string | null | undefined) => (typed.trim() !== '' ? typed : (saved ?? ''))
  return {
    ...draft,
    bio: keep(draft.bio, d.bio),
    nationality: keep(draft.nationality, d.nationality),
    savedProfilePicture: d.profilePicture,
    savedCoverImage: d.coverImage,
    expertiseLanguages: draft.expertiseLanguages.length > 0 ? draft.expertiseLanguages : d.expertiseLanguages,
    interests: d.interests,
    pricePerDay: keep(draft.pricePerDay, d.pricePerDay === null ? '' : String(d.pricePerDay)),
    phone: keep(draft.phone, d.contactInfo.phone),
    address: keep(draft.address, d.contactInfo.address),
  }
}

export function guideProfileRequest(draft: GuideDraft): GuideProfileRequest {
  return {
    bio: draft.bio.trim(),
    nationality: draft.nationality.trim(),
    pricePerDay: Number(draft.pricePerDay),
    expertiseLanguages: cleanList(draft.expertiseLanguages),
    interests: cleanList(draft.interests),
    contactInfo: { phone: draft.phone.trim(), address: draft.address.trim() },
    location: { longitude: draft.location.longitude, latitude: draft.location.latitude },
  }
}
