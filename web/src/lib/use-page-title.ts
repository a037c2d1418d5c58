import { useEffect } from 'react'
import { translate } from '../i18n/messages'

/** The landing page's title, and every page's while its own is not known yet (in English; `common.siteTitle` in the reader's language). */
export const SITE_TITLE = 'Yatra — Local guides in Nepal'

/** `<title>` for a page: 'Guides | Yatra'; the site's own title for `null`. */
export function pageTitle(title: string | null): string {
  return title ? `${title} | Yatra` : translate('common.siteTitle')
}

/**
 * Sets the tab's title while the page is shown. The server writes the same title into
 * the HTML of guide, destination and blog pages, so a shared link and the tab agree.
 */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}
