export const LINK_COPIED = 'Link copied to clipboard!'

export type ShareOutcome = 'shared' | 'copied' | 'failed'

/**
 * Shares through the device's share sheet when there is one (spec section 7); a failed or
 * dismissed share is only logged. Without one, the link is copied and the spec's alert says so.
 */
export async function shareLink(share: { title: string; text: string; url: string }, nav: Navigator = navigator, alert: (message: string) => void = (message) => window.alert(message)): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share(share)
      return 'shared'
    } catch (error) {
      console.info('Share did not complete', error)
      return 'failed'
    }
  }
  try {
    await nav.clipboard.writeText(share.url)
    alert(LINK_COPIED)
    return 'copied'
  } catch (error) {
    console.error('Could not copy the link', error)
    alert(`Copy this link to share it: ${share.url}`)
    return 'failed'
  }
}
