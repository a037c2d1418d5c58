import { completionPercent, filled } from '../../lib/profile-completion'
import { formatCommaList, parseCommaList } from '../../lib/text-list'
import type { Guide } from './api/get-guide-profile'
import type { GuideProfileRequest } from './api/save-guide-profile'

/**
 * The 13 items of a guide's profile completion: first and last name, bio, nationality,
 * daily rate, languages, areas of expertise, phone, address, location, profile picture,
 * cover image and at least one certification.
 */
export function guideCompletionItems(guide: Guide): boolean[] {
  const d = guide.guideDetails
  return [
    filled(guide.firstName),
    filled(guide.lastName),
    filled(d.bio),
    filled(d.nationality),
    d.pricePerDay !== null,
    d.expertiseLanguages.length > 0,
    d.interests.length > 0,
    filled(d.contactInfo.phone),
    filled(d.contactInfo.address),
    d.location !== null,
    d.profilePicture !== null,
    d.coverImage !== null,
    d.certifications.length > 0,
  ]
}

export function guideCompletion(guide: Guide): number {
  return completionPercent(guideCompletionItems(guide))
}

/** The banner shows while the guide is unverified and has no certifications. */
export function needsVerification(guide: Guide): boolean {
  return guide.guideDetails.status === 'unverified' && guide.guideDetails.certifications.length === 0
}

/** The edit-mode form of the guide profile page: lists are comma-separated text. */
export type GuideEdit = {
  firstName: string
  lastName: string
  bio: string
  nationality: string
  pricePerDay: string
  languages: string
  interests: string
  phone: string
  address: string
  /** What the confirmation email tells a traveller who paid. */
  meetingPlace: string
  whatToBring: string
}

export function guideEditFrom(guide: Guide): GuideEdit {
  const d = guide.guideDetails
  return {
    firstName: guide.firstName,
    lastName: guide.lastName,
    bio: d.bio,
    nationality: d.nationality,
    pricePerDay: d.pricePerDay === null ? '' : String(d.pricePerDay),
    languages: formatCommaList(d.expertiseLanguages),
    interests: formatCommaList(d.interests),
    phone: d.contactInfo.phone,
    address: d.contactInfo.address,
    meetingPlace: d.meetingPlace,
    whatToBring: formatCommaList(d.whatToBring),
  }
}

/** The profile save body: lists parsed from comma-separated text, the price as a number. */
export function guideEditRequest(edit: GuideEdit, guide: Guide): GuideProfileRequest {
  const d = guide.guideDetails
  const body: GuideProfileRequest = {
    bio: edit.bio.trim(),
    nationality: edit.nationality.trim(),
    // An empty rate goes out as NaN, which JSON writes as null: the server then answers
    // with its own "Price per day is required", as for any other missing field.
    pricePerDay: edit.pricePerDay.trim() === '' ? Number.NaN : Number(edit.pricePerDay),
    expertiseLanguages: parseCommaList(edit.languages),
    interests: parseCommaList(edit.interests),
    contactInfo: { phone: edit.phone.trim(), address: edit.address.trim() },
    meetingPlace: edit.meetingPlace.trim(),
    whatToBring: parseCommaList(edit.whatToBring),
  }
  if (d.location) body.location = d.location
  if (d.yearsOfExperience !== null) body.yearsOfExperience = d.yearsOfExperience
  return body
}
