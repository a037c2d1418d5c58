import { BIO_TOO_LONG, bioOverBy } from '../../lib/bio-text'
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

export type GuideDraft = {
  bio: string
  /** The bio in Nepali, shown to readers of Nepali (issue 26); optional. */
  bioNe: string
  nationality: string
  profileImage: File | null
  coverImage: File | null
  /** Images saved earlier; a saved profile image satisfies step 2. */
  savedProfilePicture: string | null
  savedCoverImage: string | null
  expertiseLanguages: string[]
  /** Kept from a saved profile so saving the form does not wipe them. */
  interests: string[]
  /** The place to send (`placeToSend`); `null` sends none, so the stored place stays. */
  location: Coordinates | null
  pricePerDay: string
  phone: string
  address: string
}

export const emptyGuideDraft: GuideDraft = {
  bio: '',
  bioNe: '',
  nationality: '',
  profileImage: null,
  coverImage: null,
  savedProfilePicture: null,
  savedCoverImage: null,
  expertiseLanguages: [],
  interests: [],
  location: null,
  pricePerDay: '',
  phone: '',
  address: '',
}

/** The message for the first unmet rule of a step, or null when it may advance. */
export function validateGuideStep(step: GuideFormStep, draft: GuideDraft): string | null {
  switch (step) {
    case 1:
      if (!(draft.bio.trim() && draft.nationality.trim())) return BASIC_INFORMATION_REQUIRED
      return bioOverBy(draft.bio) > 0 || bioOverBy(draft.bioNe) > 0 ? BIO_TOO_LONG : null
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

/** The server keeps at most 20 languages and 20 specialties. */
export const TAGS_MAX = 20

/** Adds a language or a specialty: trimmed, and ignored when empty or already listed. */
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
    bioNe: keep(draft.bioNe, d.bioNe),
    nationality: keep(draft.nationality, d.nationality),
    savedProfilePicture: d.profilePicture,
    savedCoverImage: d.coverImage,
    expertiseLanguages: draft.expertiseLanguages.length > 0 ? draft.expertiseLanguages : d.expertiseLanguages,
    interests: draft.interests.length > 0 ? draft.interests : d.interests,
    pricePerDay: keep(draft.pricePerDay, d.pricePerDay === null ? '' : String(d.pricePerDay)),
    phone: keep(draft.phone, d.contactInfo.phone),
    address: keep(draft.address, d.contactInfo.address),
  }
}

/** A guide who saved the form once is editing it; the setup wording is for the first time. */
export function hasSavedProfile(guide: Guide): boolean {
  return guide.guideDetails.bio.trim() !== ''
}

/**
 * Where the form goes once saved: the certificates form while the guide has none (the
 * spec's order), else back to the profile (issue 26: an edit landed on an empty form).
 */
export function afterSavePath(guide: Guide): string {
  return guide.guideDetails.certifications.length === 0 ? '/kycform' : '/guide/profile'
}

export function guideProfileRequest(draft: GuideDraft): GuideProfileRequest {
  const body: GuideProfileRequest = {
    bio: draft.bio.trim(),
    bioNe: draft.bioNe.trim(),
    nationality: draft.nationality.trim(),
    pricePerDay: Number(draft.pricePerDay),
    expertiseLanguages: cleanList(draft.expertiseLanguages),
    interests: cleanList(draft.interests),
    contactInfo: { phone: draft.phone.trim(), address: draft.address.trim() },
  }
  if (draft.location) body.location = { longitude: draft.location.longitude, latitude: draft.location.latitude }
  return body
}
