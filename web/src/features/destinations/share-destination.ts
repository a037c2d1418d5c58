import type { Destination } from '../../lib/list-destinations'

export const LINK_COPIED = 'Link copied to clipboard!'
export const COPY_FAILED = 'Could not copy the link. Copy it from the address bar instead.'
/** The share text is the start of the description (spec section 9). */
export const SHARE_TEXT_LENGTH = 100

export type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed'

export function shareText(description: string): string {
  return description.slice(0, SHARE_TEXT_LENGTH)
}

/** The address of a destination's page, to share. */
export function destinationUrl(destinationId: string, origin: string = window.location.origin): string {
  return `${origin}/destination/${destinationId}`
}

/**
 * Shares a destination with the device share sheet when there is one (a failed or
 * dismissed share is only logged, spec section 8); otherwise copies its link, and the page
 * says 'Link copied to clipboard!'.
 */
export async function shareDestination(destination: Pick<Destination, '_id' | 'name' | 'description'>, nav: Navigator = navigator): Promise<ShareOutcome> {
  const url = destinationUrl(destination._id)
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title: destination.name, text: shareText(destination.description), url })
      return 'shared'
    } catch (err) {
      console.log('Destination share did not complete', err)
      return 'dismissed'
    }
  }
  try {
    await nav.clipboard.writeText(url)
    return 'copied'
  } catch (err) {
    console.error('Could not copy the destination link', err)
    return 'failed'
  }
}
