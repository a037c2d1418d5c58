import { LINK_COPIED, shareOrCopy } from '../../lib/share'
import { translate } from '../../i18n/messages'

/**
 * Shares the booked trip through the share sheet (spec section 7); a failed or dismissed
 * share is only logged. Without one, the link is copied and the spec's alert says so.
 */
export async function shareLink(
  share: { title: string; text: string; url: string },
  nav: Navigator = navigator,
  alert: (message: string) => void = (message) => window.alert(message),
): Promise<'shared' | 'copied' | 'failed'> {
  const outcome = await shareOrCopy(share, nav)
  if (outcome === 'copied') alert(translate(LINK_COPIED))
  if (outcome === 'failed') alert(translate('payments.copyThisLink', { url: share.url }))
  return outcome === 'dismissed' ? 'failed' : outcome
}
