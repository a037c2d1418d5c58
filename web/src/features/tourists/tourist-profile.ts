import { completionPercent, filled } from '../../lib/profile-completion'
import { formatCommaList, parseCommaList } from '../../lib/text-list'
import type { Tourist } from './api/get-tourist-profile'
import type { TouristProfileRequest } from './api/save-tourist-profile'

/**
 * The 9 items of a tourist's profile completion: first and last name, bio, nationality,
 * languages, interests, profile picture, cover image and the ID card.
 */
export function touristCompletionItems(tourist: Tourist): boolean[] {
  const d = tourist.touristDetails
  return [
    filled(tourist.firstName),
    filled(tourist.lastName),
    filled(d.bio),
    filled(d.nationality),
    d.preferredLanguages.length > 0,
    d.interests.length > 0,
    d.profilePicture !== null,
    d.coverImage !== null,
    d.idCardImage !== null,
  ]
}

export function touristCompletion(tourist: Tourist): number {
  return completionPercent(touristCompletionItems(tourist))
}

export type TouristEdit = {
  firstName: string
  lastName: string
  bio: string
  nationality: string
  languages: string
  interests: string
}

export function touristEditFrom(tourist: Tourist): TouristEdit {
  const d = tourist.touristDetails
  return {
    firstName: tourist.firstName,
    lastName: tourist.lastName,
    bio: d.bio,
    nationality: d.nationality,
    languages: formatCommaList(d.preferredLanguages),
    interests: formatCommaList(d.interests),
  }
}

/** The profile save body: languages and interests parsed from comma-separated text. */
export function touristEditRequest(edit: TouristEdit): TouristProfileRequest {
  return {
    bio: edit.bio.trim(),
    nationality: edit.nationality.trim(),
    preferredLanguages: parseCommaList(edit.languages),
    interests: parseCommaList(edit.interests),
  }
}
