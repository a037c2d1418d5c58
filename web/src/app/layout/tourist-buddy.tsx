import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { AlertIcon, ChatIcon, CloseIcon, SpinnerIcon } from '../../components/shell-icons'
import { loadTexts, useT } from '../../i18n/messages'
import { OPEN_BUDDY_EVENT } from '../../lib/open-buddy'

type PanelProps = { open: boolean; onClose: () => void }

// The conversation's code and words are fetched when the Buddy is first wanted, not with every page.
const loadPanel = () => Promise.all([import('./buddy-panel'), loadTexts(['buddy'])]).then(([panel]) => panel)
// A chunk that cannot be fetched (no signal before the app was cached, or an old page after a
// release) says so in the panel's place instead of failing the whole page.
const BuddyPanel = lazy(() =>
  loadPanel()
    .then((m) => ({ default: m.BuddyPanel }))
    .catch(() => ({ default: BuddyUnavailable })),
)

/** Where the panel opens, for what stands in for it while it loads or when it cannot. */
function BuddyNotice({ open, onClose, failed }: PanelProps & { failed: boolean }) {
  const t = useT()
  if (!open) return null
  return (
    <div
      id="tourist-buddy"
      role={failed ? 'alert' : 'status'}
      className="fixed right-4 bottom-16 z-50 flex w-[calc(100vw-2rem)] max-w-sm items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-float sm:right-6"
    >
      <span className={`mt-0.5 text-lg ${failed ? 'text-red-700' : 'text-himal-700'}`}>{failed ? <AlertIcon /> : <SpinnerIcon />}</span>
      <p className="flex-1">{t(failed ? 'app.buddyUnavailable' : 'app.buddyLoading')}</p>
      {failed && (
        <button type="button" onClick={onClose} aria-label={t('app.buddyClose')} className="flex h-8 w-8 items-center justify-center rounded-lg text-lg hover:bg-slate-100">
          <CloseIcon />
        </button>
      )}
    </div>
  )
}

function BuddyUnavailable(props: PanelProps) {
  return <BuddyNotice {...props} failed />
}

/**
 * Floating assistant (issue 16): answers from Yatra's own guides, destinations and posts,
 * streaming the reply as it arrives, with links to what it used. The conversation is kept
 * for the browser session; the landing page's "Chat with Tourist Buddy" opens it too.
 */
export function TouristBuddy() {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const t = useT()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => setOpen(false), [])

  useEffect(() => {
    const openPanel = () => {
      setWanted(true)
      setOpen(true)
    }
    window.addEventListener(OPEN_BUDDY_EVENT, openPanel)
    return () => window.removeEventListener(OPEN_BUDDY_EVENT, openPanel)
  }, [])

  return (
    <>
      {wanted && (
        <Suspense fallback={<BuddyNotice open={open} onClose={close} failed={false} />}>
          <BuddyPanel open={open} onClose={close} buttonRef={buttonRef} />
        </Suspense>
      )}
      <button
        ref={buttonRef}
        type="button"
        onClick={() => {
          setWanted(true)
          setOpen((v) => !v)
        }}
        // Fetched on the way to a click, so the panel opens without a wait.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
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
