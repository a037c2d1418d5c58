import { useEffect, useEffectEvent, type RefObject } from 'react'

/** The feed checks this long after a page lands whether it fills the window (spec section 9). */
export const FILL_CHECK_DELAY_MS = 500

/**
 * True when the posts reach below the window, so scrolling loads the rest. The list's own
 * end is measured, not the page's: the page is always at least a window tall (the footer
 * never moves into view), so its height says nothing about the posts.
 */
export function contentFillsViewport(list: Element | null, win: Window = window): boolean {
  return list === null || list.getBoundingClientRect().bottom > win.innerHeight
}

type FillViewportOptions = {
  /** False while a page loads, after the last page or after a failure. */
  enabled: boolean
  /** Changes whenever a page lands (the number of items shown). */
  itemCount: number
  onLoadMore: () => void
  /** The list of posts, whose end must reach below the window. */
  list: RefObject<Element | null>
  delayMs?: number
}

/**
 * The feed's auto-load (spec section 4): 500 ms after a page lands, if the posts do not fill
 * the window yet, the next page is loaded; it repeats until they do or the feed ends. A tall
 * screen would otherwise show a short list with no scroll to load the rest.
 */
export function useFillViewport({ enabled, itemCount, onLoadMore, list, delayMs = FILL_CHECK_DELAY_MS }: FillViewportOptions): void {
  const check = useEffectEvent(() => {
    if (!contentFillsViewport(list.current)) onLoadMore()
  })

  useEffect(() => {
    if (!enabled) return
    const timer = window.setTimeout(check, delayMs)
    return () => window.clearTimeout(timer)
  }, [enabled, itemCount, delayMs])
}
