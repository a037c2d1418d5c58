import { useEffect, useEffectEvent } from 'react'

/** Load the next page once the bottom of the page is this close (spec section 9). */
export const INFINITE_SCROLL_THRESHOLD_PX = 200

/** How far the bottom of the document is below the bottom of the window. */
export function distanceToBottom(doc: Document = document, win: Window = window): number {
  return doc.documentElement.scrollHeight - (win.scrollY + win.innerHeight)
}

type InfiniteScrollOptions = {
  /** False while a page loads, after the last page or after a failure: nothing is asked. */
  enabled: boolean
  onLoadMore: () => void
  threshold?: number
}

/**
 * Calls `onLoadMore` when the window is scrolled within `threshold` px of the bottom. It
 * also checks whenever it is enabled again (after each page lands), so a page too short to
 * scroll keeps loading until it fills the window or the list ends.
 */
export function useInfiniteScroll({ enabled, onLoadMore, threshold = INFINITE_SCROLL_THRESHOLD_PX }: InfiniteScrollOptions): void {
  const check = useEffectEvent(() => {
    if (distanceToBottom() <= threshold) onLoadMore()
  })

  useEffect(() => {
    if (!enabled) return
    // After the new page has been laid out.
    const onChange = () => check()
    const frame = requestAnimationFrame(onChange)
    window.addEventListener('scroll', onChange, { passive: true })
    window.addEventListener('resize', onChange)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onChange)
      window.removeEventListener('resize', onChange)
    }
  }, [enabled])
}
