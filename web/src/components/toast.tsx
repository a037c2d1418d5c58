import { useCallback, useEffect, useRef, useState } from 'react'
import { AlertIcon, CheckIcon } from './icons'

export const PROFILE_TOAST_MS = 3000

export type ToastMessage = { text: string; tone: 'success' | 'error' }

/** One toast at a time that hides itself after `durationMs`. */
export function useToast(durationMs: number = PROFILE_TOAST_MS) {
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  const show = useCallback(
    (text: string, tone: ToastMessage['tone'] = 'success') => {
      window.clearTimeout(timer.current)
      setToast({ text, tone })
      timer.current = window.setTimeout(() => setToast(null), durationMs)
    },
    [durationMs],
  )
  return { toast, show }
}

export function Toast({ toast }: { toast: ToastMessage | null }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      {toast && (
        <div
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-center gap-2 rounded-xl px-4 py-3 text-sm font-semibold shadow-float ${
            toast.tone === 'error' ? 'bg-red-700 text-white' : 'bg-emerald-700 text-white'
          }`}
        >
          {toast.tone === 'error' ? <AlertIcon /> : <CheckIcon />}
          {toast.text}
        </div>
      )}
    </div>
  )
}
