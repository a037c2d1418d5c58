import { useCallback, useRef, useState, type FormEvent } from 'react'
import { ChatIcon, CloseIcon, SendIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { useDismiss } from '../../lib/use-dismiss'

/** Floating assistant. A non-functional shell by spec: typing and sending do nothing. */
export function TouristBuddy() {
  const [open, setOpen] = useState(false)
  const t = useT()
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
              <h2 id="tourist-buddy-title" className="font-semibold">{t('app.buddyName')}</h2>
              <p className="text-xs text-himal-100">{t('app.buddyTagline')}</p>
            </div>
            <button
              type="button"
              onClick={close}
              aria-label={t('app.buddyClose')}
              className="flex h-9 w-9 items-center justify-center rounded-lg text-xl hover:bg-white/15"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="h-64 space-y-3 overflow-y-auto bg-slate-50 p-4" aria-live="polite">
            <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm text-slate-700 shadow-sm">{t('app.buddyGreeting')}</p>
          </div>
          <form onSubmit={ignoreSend} className="flex items-center gap-2 border-t border-slate-200 p-3">
            <label htmlFor="tourist-buddy-input" className="sr-only">
              {t('app.buddyMessageLabel')}
            </label>
            <input id="tourist-buddy-input" type="text" placeholder={t('app.buddyPlaceholder')} className="field-input" autoComplete="off" />
            <button type="submit" aria-label={t('app.buddySend')} className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-himal-700 text-lg text-white hover:bg-himal-800">
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
        aria-label={open ? t('app.buddyClose') : t('app.buddyOpen')}
        className="flex h-10 items-center gap-2 rounded-full bg-himal-700 px-3 text-xl text-white transition hover:bg-himal-800 sm:px-4"
      >
        {open ? <CloseIcon /> : <ChatIcon />}
        <span className="hidden text-sm font-semibold sm:inline">{t('app.buddyName')}</span>
      </button>
    </>
  )
}
