import { msg } from '../i18n/messages'

/** The server's rules for every uploaded image: JPEG, PNG or WebP, up to 8 MB. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
/** The file chooser's `accept`: only what the server takes. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',')

// The server's own words for the same refusals.
export const IMAGE_TYPE_NOT_ALLOWED = msg('common.imageTypeNotAllowed')
export const IMAGE_TOO_LARGE = msg('common.imageTooLarge')

/**
 * Why the server would refuse `file` before it is sent (the id of the text to show), or null
 * when it may go. The 40-megapixel limit needs the image decoded: the server says that one.
 */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): typeof IMAGE_TYPE_NOT_ALLOWED | typeof IMAGE_TOO_LARGE | null {
  if (!IMAGE_TYPES.includes(file.type)) return IMAGE_TYPE_NOT_ALLOWED
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE
  return null
}
