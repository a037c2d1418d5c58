import { msg } from '../i18n/messages'

/** The server's limit for a guide's or traveller's bio (server/src/profile.rs, `BIO_MAX`). */
export const BIO_MAX = 2000

export const BIO_TOO_LONG = msg('common.bioTooLong')

/**
 * The bio's length as the server counts it: characters (code points), not UTF-16 units, so
 * a Devanagari or emoji bio gets the same verdict in both places.
 */
export function bioLength(bio: string): number {
  return [...bio.replace(/\r\n?/g, '\n')].length
}

/** How many characters past the limit, 0 when the bio fits. */
export function bioOverBy(bio: string): number {
  return Math.max(0, bioLength(bio) - BIO_MAX)
}
