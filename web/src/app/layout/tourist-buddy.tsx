import { useCallback, useRef, useState, type FormEvent } from 'react'
import { ChatIcon, CloseIcon, SendIcon } from '../../components/icons'
import { useDismiss } from '../../lib/use-dismiss'

const GREETING = "Hello! I'm your AI travel buddy. How can I help you plan your Nepal adventure today?"

/** Floating assistant. A non-functional shell by spec: typing and sending do nothing. */
export function TouristBuddy() {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, [buttonRef, panelRef], buttonRef)

  const ignoreSend = (e: FormEvent) => e.preventDefault()

  return (
    <>
      {open && (
        <div
          ref={panelRef}
          id="tourist-buddy"
          role="dialog"
          aria-labelledby="tourist-buddy-title"
          className="fixed right-4 bottom-16 z-50 flex max-h-[calc(100dvh-5rem)] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-float sm:right-6"
        >
          <div className="flex items-center gap-3 bg-gradient-to-r from-himal-700 to-himal-600 px-4 py-3 text-white">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-marigold-400 text-xl text-himal-950">
              <ChatIcon />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id="tourist-buddy-title" className="font-semibold">Tourist Buddy</h2>
              <p className="text-xs text-himal-100">Your AI travel companion</p>
            </div>
            <button
              type="button"
              onClick={close}
              aria-label="Close Tourist Buddy"
              className="flex h-9 w-9 items-center justify-center rounded-lg text-xl hover:bg-white/15"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="h-64 space-y-3 overflow-y-auto bg-slate-50 p-4" aria-live="polite">
            <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm text-slate-700 shadow-sm">{GREETING}</p>
          </div>
          <form onSubmit={ignoreSend} className="flex items-center gap-2 border-t border-slate-200 p-3">
            <label htmlFor="tourist-buddy-input" className="sr-only">
              Message Tourist Buddy
            </label>
            <input id="tourist-buddy-input" type="text" placeholder="Ask about treks, permits, weather..." className="field-input" autoComplete="off" />
            <button type="submit" aria-label="Send message" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-himal-700 text-lg text-white hover:bg-himal-800">
              <SendIcon />
            </button>
          </form>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="tourist-buddy"
        aria-label={open ? 'Close Tourist Buddy' : 'Open Tourist Buddy'}
        className="flex h-10 items-center gap-2 rounded-full bg-himal-700 px-3 text-xl text-white transition hover:bg-himal-800 sm:px-4"
      >
        {open ? <CloseIcon /> : <ChatIcon />}
        <span className="hidden text-sm font-semibold sm:inline">Tourist Buddy</span>
      </button>
    </>
  )
}
