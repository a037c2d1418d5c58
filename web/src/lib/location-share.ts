import { translate } from '../i18n/messages'
import type { Coordinates } from './geolocation'

export type LocationShare = Coordinates & { mapLink: string }

export function buildLocationShare(coords: Coordinates): LocationShare {
  return { ...coords, mapLink: `https://www.google.com/maps?q=${coords.latitude},${coords.longitude}` }
}

export function shareText(mapLink: string): string {
  return translate('common.hereIsMyLocation', { mapLink })
}

/** Share links for four social and messaging services, each carrying the map link. */
export function buildShareLinks(mapLink: string): { service: string; url: string }[] {
  const text = encodeURIComponent(shareText(mapLink))
  const url = encodeURIComponent(mapLink)
  return [
    { service: 'WhatsApp', url: `https://wa.me/?text=${text}` },
    { service: 'Facebook', url: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { service: 'Twitter/X', url: `https://twitter.com/intent/tweet?text=${text}` },
    { service: 'Telegram', url: `https://t.me/share/url?url=${url}&text=${encodeURIComponent(translate('common.hereIsMyLocationShort'))}` },
  ]
}

/**
 * Uses the device share sheet when there is one (a failed or dismissed share is only
 * logged); otherwise alerts the share links.
 */
export async function shareLocation(location: LocationShare): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: translate('common.myLocation'), text: shareText(location.mapLink), url: location.mapLink })
    } catch (err) {
      console.log('Location share did not complete', err)
    }
    return
  }
  const lines = buildShareLinks(location.mapLink).map((link) => `${link.service}: ${link.url}`)
  window.alert(`${translate('common.shareYourLocation')}\n\n${lines.join('\n\n')}`)
}
