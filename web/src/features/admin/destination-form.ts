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

export const EMPTY_DRAFT: DestinationDraft = {
  name: '',
  location: '',
  description: '',
  popular: false,
  latitude: '',
  longitude: '',
  image: null,
}

/** The form filled with a saved destination, for editing. */
export function draftFrom(destination: Destination): DestinationDraft {
  return {
    name: destination.name,
    location: destination.location,
    description: destination.description,
    popular: destination.popular,
    latitude: destination.coordinates ? String(destination.coordinates.latitude) : '',
    longitude: destination.coordinates ? String(destination.coordinates.longitude) : '',
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
  if (draft.image) form.append('image', draft.image)
  return form
}
