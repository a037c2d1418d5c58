import type { Destination } from '../../lib/list-destinations'
import { msg, translate } from '../../i18n/messages'

/** The admin's destination form as typed: numbers stay text until sent. */
export type DestinationDraft = {
  name: string
  location: string
  description: string
  popular: boolean
  latitude: string
  longitude: string
  /** The destination's own highlights, in order (issue 26); none: the page shows the spec's four. */
  highlights: string[]
  /** The texts in Nepali; empty ones leave readers of Nepali the English. */
  nameNe: string
  locationNe: string
  descriptionNe: string
  highlightsNe: string[]
  /** A new photo; required when creating, optional when editing. */
  image: File | null
}

export const NAME_REQUIRED = msg('admin.nameRequired')
export const LOCATION_REQUIRED = msg('admin.locationRequired')
export const DESCRIPTION_REQUIRED = msg('admin.descriptionRequired')
export const IMAGE_REQUIRED = msg('admin.imageRequired')
export const POINT_INCOMPLETE = msg('admin.pointIncomplete')
export const LATITUDE_INVALID = msg('admin.latitudeInvalid')
export const LONGITUDE_INVALID = msg('admin.longitudeInvalid')

/** The server's limits on highlights (destinations/domain.rs). */
export const HIGHLIGHTS_MAX = 8
export const HIGHLIGHT_MAX = 80

export const EMPTY_DRAFT: DestinationDraft = {
  name: '',
  location: '',
  description: '',
  popular: false,
  latitude: '',
  longitude: '',
  highlights: [],
  nameNe: '',
  locationNe: '',
  descriptionNe: '',
  highlightsNe: [],
  image: null,
}

/** The list with the item at `from` moved to `to` (an admin's up and down buttons). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items]
  const moved = [...items]
  const [item] = moved.splice(from, 1)
  moved.splice(to, 0, item)
  return moved
}

/** The highlights as sent: trimmed, rows left empty dropped. */
export const highlightsToSend = (items: readonly string[]) => JSON.stringify(items.map((item) => item.trim()).filter((item) => item !== ''))

/** The form filled with a saved destination, for editing. */
export function draftFrom(destination: Destination): DestinationDraft {
  return {
    name: destination.name,
    location: destination.location,
    description: destination.description,
    popular: destination.popular,
    latitude: destination.coordinates ? String(destination.coordinates.latitude) : '',
    longitude: destination.coordinates ? String(destination.coordinates.longitude) : '',
    highlights: [...destination.highlights],
    nameNe: destination.nameNe ?? '',
    locationNe: destination.locationNe ?? '',
    descriptionNe: destination.descriptionNe ?? '',
    highlightsNe: [...destination.highlightsNe],
    image: null,
  }
}

const numberIn = (text: string, min: number, max: number) => {
  const value = Number(text)
  return text.trim() !== '' && Number.isFinite(value) && value >= min && value <= max
}

/** The first problem with the form (in the reader's language), in the order of its fields, or null when it can be sent. */
export function validateDraft(draft: DestinationDraft, mode: 'create' | 'edit'): string | null {
  if (draft.name.trim() === '') return translate(NAME_REQUIRED)
  if (draft.location.trim() === '') return translate(LOCATION_REQUIRED)
  if (draft.description.trim() === '') return translate(DESCRIPTION_REQUIRED)
  const hasLatitude = draft.latitude.trim() !== ''
  const hasLongitude = draft.longitude.trim() !== ''
  if (hasLatitude !== hasLongitude) return translate(POINT_INCOMPLETE)
  if (hasLatitude && !numberIn(draft.latitude, -90, 90)) return translate(LATITUDE_INVALID)
  if (hasLongitude && !numberIn(draft.longitude, -180, 180)) return translate(LONGITUDE_INVALID)
  if (mode === 'create' && !draft.image) return translate(IMAGE_REQUIRED)
  return null
}

/**
 * The multipart body both create and edit send. Every field goes each time (an edit sends
 * the whole form again); empty coordinates clear the map point; the photo only when chosen.
 */
export function draftForm(draft: DestinationDraft): FormData {
  const form = new FormData()
  form.append('name', draft.name.trim())
  form.append('location', draft.location.trim())
  form.append('description', draft.description.trim())
  form.append('popular', draft.popular ? 'true' : 'false')
  form.append('latitude', draft.latitude.trim())
  form.append('longitude', draft.longitude.trim())
  form.append('highlights', highlightsToSend(draft.highlights))
  form.append('nameNe', draft.nameNe.trim())
  form.append('locationNe', draft.locationNe.trim())
  form.append('descriptionNe', draft.descriptionNe.trim())
  form.append('highlightsNe', highlightsToSend(draft.highlightsNe))
  if (draft.image) form.append('image', draft.image)
  return form
}
