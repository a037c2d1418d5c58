import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import { Link } from 'react-router'
import { AlertIcon, ChatIcon, CloseIcon, CompassIcon, FlagIcon, MountainIcon, PencilIcon, RefreshIcon, SearchIcon, SendIcon, UserIcon } from '../../components/icons'
import { askBuddy, type BuddyCard } from '../../features/buddy/ask-buddy'
import { QUESTION_MAX, chatRequest, loadConversation, saveConversation, type BuddyMessage } from '../../features/buddy/conversation'
import { useT } from '../../i18n/messages'
import { useChosenCurrency } from '../../lib/currency-choice'
import { useDismiss } from '../../lib/use-dismiss'

const CARD_ICONS = { guide: UserIcon, tour: FlagIcon, destination: MountainIcon, blog: PencilIcon } as const
const CARD_LABELS = { guide: 'buddy.cardGuide', tour: 'buddy.cardTour', destination: 'buddy.cardDestination', blog: 'buddy.cardBlog' } as const

/**
 * The Buddy's conversation (issue 16), loaded the first time it is opened (tourist-buddy.tsx).
 * It stays mounted once opened, hidden while closed, so a half-written question and an
 * answer on its way survive closing it.
 */
export function BuddyPanel({ open, onClose, buttonRef }: { open: boolean; onClose: () => void; buttonRef: RefObject<HTMLButtonElement | null> }) {
  const [messages, setMessages] = useState<BuddyMessage[]>(() => loadConversation())
  const [draft, setDraft] = useState('')
  const [pending, setPending] = useState(false)
  const [streamed, setStreamed] = useState('')
  const [error, setError] = useState<string | null>(null)
  const t = useT()
  const currency = useChosenCurrency()
  const panelRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const logRef = useRef<HTMLDivElement>(null)
  const asking = useRef<AbortController | null>(null)
  useDismiss(open, onClose, [buttonRef, panelRef], buttonRef)

  useEffect(() => saveConversation(messages), [messages])

  // In the commit that shows the panel: it mounts when its code arrives, and focus must not
  // wait for the passive effects after that commit (a keystroke then would be lost).
  useLayoutEffect(() => {
    if (open) inputRef.current?.focus()
  }, [open])

  // The newest words stay in view while the answer arrives.
  useEffect(() => {
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [messages, streamed, pending, error, open])

  useEffect(() => () => asking.current?.abort(), [])

  async function ask(history: BuddyMessage[]) {
    asking.current?.abort()
    const controller = new AbortController()
    asking.current = controller
    setPending(true)
    setStreamed('')
    setError(null)
    const result = await askBuddy(chatRequest(history, currency), (piece) => setStreamed((text) => text + piece), controller.signal)
    if (controller.signal.aborted) return
    setPending(false)
    setStreamed('')
    if (result.ok) {
      const { reply, cards, searchUrl } = result.data
      setMessages([...history, { role: 'assistant', content: reply, cards, searchUrl }])
    } else {
      setError(result.message)
    }
  }

  function send(event: FormEvent) {
    event.preventDefault()
    const question = draft.trim()
    if (question === '' || pending) return
    const history: BuddyMessage[] = [...messages, { role: 'user', content: question }]
    setMessages(history)
    setDraft('')
    void ask(history)
  }

  function startOver() {
    asking.current?.abort()
    setMessages([])
    setPending(false)
    setStreamed('')
    setError(null)
    inputRef.current?.focus()
  }

  const lastIsQuestion = messages.at(-1)?.role === 'user'

  if (!open) return null
  // Its top stays below the site header (4.5 rem at most): on a short phone screen, or with
  // the keyboard up, the conversation scrolls rather than cover the header and its menu.
  return (
    <div
      ref={panelRef}
      id="tourist-buddy"
      role="dialog"
      aria-labelledby="tourist-buddy-title"
      className="fixed right-4 bottom-16 z-50 flex max-h-[calc(100dvh-9.5rem)] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-float sm:right-6 sm:max-w-md"
    >
      <div className="flex items-center gap-3 bg-gradient-to-r from-himal-700 to-himal-600 px-4 py-3 text-white">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-marigold-400 text-xl text-himal-950">
          <ChatIcon />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="tourist-buddy-title" className="font-semibold">
            {t('app.buddyName')}
          </h2>
          <p className="text-xs text-himal-100">{t('buddy.tagline')}</p>
        </div>
        {messages.length > 0 && (
          <button
            type="button"
            onClick={startOver}
            aria-label={t('buddy.newChat')}
            title={t('buddy.newChat')}
            className="flex h-9 w-9 items-center justify-center rounded-lg text-lg hover:bg-white/15"
          >
            <RefreshIcon />
          </button>
        )}
        <button type="button" onClick={onClose} aria-label={t('app.buddyClose')} className="flex h-9 w-9 items-center justify-center rounded-lg text-xl hover:bg-white/15">
          <CloseIcon />
        </button>
      </div>
      <div ref={logRef} role="log" aria-label={t('buddy.conversation')} className="h-80 min-h-0 flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4 sm:h-96">
        <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm text-slate-700 shadow-sm">{t('buddy.greeting')}</p>
        {messages.map((message, index) =>
          message.role === 'user' ? (
            <p key={index} className="ml-auto max-w-[85%] rounded-2xl rounded-tr-sm bg-himal-700 px-4 py-3 text-sm whitespace-pre-line text-white">
              <span className="sr-only">{t('buddy.you')}: </span>
              {message.content}
            </p>
          ) : (
            <Answer key={index} message={message} onFollow={onClose} />
          ),
        )}
        {pending && streamed !== '' && <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm whitespace-pre-line text-slate-700 shadow-sm">{streamed}</p>}
        {pending && streamed === '' && (
          <p role="status" className="flex w-fit items-center gap-2 rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm text-slate-600 shadow-sm">
            <span aria-hidden="true" className="flex gap-1">
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-himal-600 [animation-delay:-0.3s]" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-himal-600 [animation-delay:-0.15s]" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-himal-600" />
            </span>
            {t('buddy.typing')}
          </p>
        )}
        {error && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="flex items-start gap-2">
              <AlertIcon className="mt-0.5 shrink-0" /> {error}
            </p>
            {lastIsQuestion && (
              <button type="button" onClick={() => void ask(messages)} className="mt-2 font-semibold text-red-900 underline underline-offset-2">
                {t('buddy.retry')}
              </button>
            )}
          </div>
        )}
      </div>
      <form onSubmit={send} className="flex items-center gap-2 border-t border-slate-200 p-3">
        <label htmlFor="tourist-buddy-input" className="sr-only">
          {t('buddy.messageLabel')}
        </label>
        <input
          ref={inputRef}
          id="tourist-buddy-input"
          type="text"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={QUESTION_MAX}
          placeholder={t('buddy.placeholder')}
          className="field-input"
          autoComplete="off"
        />
        <button
          type="submit"
          aria-label={t('buddy.send')}
          disabled={pending || draft.trim() === ''}
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-himal-700 text-lg text-white hover:bg-himal-800 disabled:opacity-50"
        >
          <SendIcon />
        </button>
      </form>
    </div>
  )
}

/** One of the Buddy's answers: its text, then links to the guides, destinations and posts it used. */
function Answer({ message, onFollow }: { message: BuddyMessage; onFollow: () => void }) {
  const t = useT()
  const cards = message.cards ?? []
  return (
    <div className="max-w-[92%] space-y-2">
      <p className="rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm whitespace-pre-line text-slate-700 shadow-sm">{message.content}</p>
      {(cards.length > 0 || message.searchUrl) && (
        <ul aria-label={t('buddy.links')} className="space-y-1.5">
          {cards.map((card) => (
            <li key={`${card.type}-${card.id}`}>
              <CardLink card={card} onFollow={onFollow} />
            </li>
          ))}
          {message.searchUrl && (
            <li>
              <Link
                to={message.searchUrl}
                onClick={onFollow}
                className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold text-himal-800 underline-offset-2 hover:underline focus-visible:underline"
              >
                <SearchIcon aria-hidden="true" /> {t('buddy.search')}
              </Link>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}

function CardLink({ card, onFollow }: { card: BuddyCard; onFollow: () => void }) {
  const t = useT()
  const Icon = CARD_ICONS[card.type] ?? CompassIcon
  return (
    <Link
      to={card.url}
      onClick={onFollow}
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm transition hover:border-himal-300 hover:bg-himal-50"
    >
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-himal-50 text-himal-700">
        <Icon aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs text-slate-500">{t(CARD_LABELS[card.type])}</span>
        <span className="block truncate font-semibold text-slate-800">{card.title}</span>
      </span>
    </Link>
  )
}
