import { useEffect, type RefObject } from 'react'

/**
 * While `open`, closes on a pointer press outside every given element and on Escape.
 * Escape also hands focus back to `returnFocus`, so keyboard users are not stranded.
 */
export function useDismiss(open: boolean, onClose: () => void, inside: RefObject<HTMLElement | null>[], returnFocus?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent | MouseEvent) {
      const target = event.target as Node | null
      if (target && inside.some((ref) => ref.current?.contains(target))) return
      onClose()
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      onClose()
      returnFocus?.current?.focus()
    }
    document.addEventListener('mousedown', onPointerDown)
    document.addEventListener('touchstart', onPointerDown as (e: Event) => void)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('mousedown', onPointerDown)
      document.removeEventListener('touchstart', onPointerDown as (e: Event) => void)
      document.removeEventListener('keydown', onKeyDown)
    }
    // `inside` is a new array each render of refs that never change: following it would
    // subscribe again on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [open, onClose])
}
