/** Sharing a page: the device share sheet when there is one, else copying the link (spec section 8). */
import { msg } from '../i18n/messages'

// Text ids: show them with `t` or `translate`.
export const LINK_COPIED = msg('common.linkCopied')
export const COPY_FAILED = msg('common.copyFailed')
/** The share text is the start of the description (spec section 9). */
export const SHARE_TEXT_LENGTH = 100

export type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed'

/** The first 100 characters (whole characters, never half an emoji). */
export function shareText(description: string): string {
  return Array.from(description).slice(0, SHARE_TEXT_LENGTH).join('')
}

/**
 * Shares with the device share sheet when there is one (a failed or dismissed share is
 * only logged); otherwise copies the link, for the page to say 'Link copied to clipboard!'.
 */
export async function shareOrCopy(data: { title: string; text: string; url: string }, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share(data)
      return 'shared'
    } catch (err) {
      console.log('Share did not complete', err)
      return 'dismissed'
    }
  }
  try {
    await nav.clipboard.writeText(data.url)
    return 'copied'
  } catch (err) {
    console.error('Could not copy the link', err)
    return 'failed'
  }
}
