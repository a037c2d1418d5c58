import { useEffect, useEffectEvent } from 'react'

/** The feed checks this long after a page lands whether it fills the window (spec section 9). */
export const FILL_CHECK_DELAY_MS = 500

/** True when the page is no taller than the window, so there is nothing to scroll. */
export function contentFillsViewport(doc: Document = document, win: Window = window): boolean {
  return doc.documentElement.scrollHeight > win.innerHeight
}

type FillViewportOptions = {
  /** False while a page loads, after the last page or after a failure. */
  enabled: boolean
  /** Changes whenever a page lands (the number of items shown). */
  itemCount: number
  onLoadMore: () => void
  delayMs?: number
}

/**
 * The feed's auto-load (spec section 4): 500 ms after a page lands, if the posts do not fill
 * the window yet, the next page is loaded; it repeats until they do or the feed ends. A tall
 * screen would otherwise show a short list with no scroll to load the rest.
 */
export function useFillViewport({ enabled, itemCount, onLoadMore, delayMs = FILL_CHECK_DELAY_MS }: FillViewportOptions): void {
  const check = useEffectEvent(() => {
    if (!contentFillsViewport()) onLoadMore()
  })

  useEffect(() => {
    if (!enabled) return
    const timer = window.setTimeout(check, delayMs)
    return () => window.clearTimeout(timer)
  }, [enabled, itemCount, delayMs])
}
