import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { ArrowLeftIcon, ChatIcon, SpinnerIcon } from '../../components/icons'
import { OfflineNote } from '../../components/offline-note'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { CONVERSATIONS_TAG } from '../../lib/cache-tags'
import { useLiveMessages } from '../../lib/unread-count'
import { keepThread } from '../../lib/offline/offline-copies'
import { useOfflinePack, useOnline } from '../../lib/offline/use-offline-pack'
import { useCachedQuery } from '../../lib/use-cached-query'
import { conversationsKey, conversationsTags, listConversations, type Conversation } from './api/list-conversations'
import { listMessages, MESSAGES_LOAD_FAILED, type Message } from './api/list-messages'
import { markConversationRead } from './api/mark-conversation-read'
import { sendMessage } from './api/send-message'
import { Composer } from './composer'
import { groupMembersLine, mergeMessages, myId, partyName, senderName, shortTime } from './conversation-view'
import { formatTripDate } from '../../lib/booking'
import { msg, useT } from '../../i18n/messages'
import { MakeOfferButton, OfferCard, useConversationOffers } from '../offers/conversation-offers'
import type { Offer } from '../offers/api/offers'

export const CONVERSATION_NOT_FOUND = msg('messages.conversationNotFound')

/** Older messages load when the reader scrolls this close to the top (px). */
const NEAR_TOP = 120
/** New messages scroll into view when the reader is this close to the bottom (px). */
const NEAR_BOTTOM = 160

type Thread = {
  messages: Message[]
  /** The older page's cursor; null when the oldest message is shown. */
  cursor: string | null
  status: 'loading' | 'ready' | 'error' | 'missing'
  error?: string
  loadingOlder: boolean
  olderError?: string
}

const LOADING: Thread = { messages: [], cursor: null, status: 'loading', loadingOlder: false }

/**
 * /messages/{id}: a conversation, newest at the bottom. Older pages load on scrolling up;
 * new messages arrive live; the conversation is marked read while it is open.
 */
export function ConversationPage() {
  const { id = '' } = useParams()
  const [search] = useSearchParams()
  const cache = useClientCache()
  const t = useT()
  const list = useCachedQuery({ key: conversationsKey(), tags: conversationsTags, load: () => listConversations() })
  const online = useOnline()
  const saved = useOfflinePack()?.conversations
  const conversation = list.data?.find((c) => c._id === id) ?? saved?.list.find((c) => c._id === id)
  const [thread, setThread] = useState<Thread>(LOADING)
  // Offers are made in a conversation with one traveller; each is drawn at its message.
  const offers = useConversationOffers(id, !!conversation && !conversation.group)
  const [attempt, setAttempt] = useState(0)
  const scroller = useRef<HTMLDivElement>(null)
  // How the view should move after the next render: to the bottom, or kept where it was
  // while older messages are put above.
  const pendingScroll = useRef<{ kind: 'bottom' } | { kind: 'keep'; height: number; top: number } | null>(null)

  const markRead = useCallback(() => {
    void markConversationRead(id).then((result) => result.ok && invalidate(cache, CONVERSATIONS_TAG))
  }, [cache, id])

  useEffect(() => {
    let live = true
    setThread(LOADING)
    void listMessages(id).then((result) => {
      if (!live) return
      if (!result.ok) {
        setThread({ ...LOADING, status: result.status === 404 ? 'missing' : 'error', error: result.message })
        return
      }
      pendingScroll.current = { kind: 'bottom' }
      setThread((t) => ({ ...t, messages: mergeMessages(t.messages, result.data.messages), cursor: result.data.nextCursor, status: 'ready' }))
      keepThread(id, result.data.messages)
      markRead()
    })
    return () => {
      live = false
    }
  }, [id, attempt, markRead])

  useLiveMessages((live) => {
    if (live.conversationId !== id) return
    const box = scroller.current
    const nearBottom = !box || box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM
    const mine = conversation ? live.message.senderId === myId(conversation) : false
    if (nearBottom || mine) pendingScroll.current = { kind: 'bottom' }
    setThread((t) => ({ ...t, messages: mergeMessages(t.messages, [live.message]) }))
    // Only the guide sends offers: their message may carry one, whose card follows.
    if (conversation && live.message.senderId === conversation.guideId) offers.reload()
    if (!mine && document.visibilityState === 'visible') markRead()
  })

  // Read what arrived while the tab was hidden once it is shown again.
  useEffect(() => {
    const shown = () => document.visibilityState === 'visible' && markRead()
    document.addEventListener('visibilitychange', shown)
    return () => document.removeEventListener('visibilitychange', shown)
  }, [markRead])

  useLayoutEffect(() => {
    const box = scroller.current
    const pending = pendingScroll.current
    if (!box || !pending) return
    pendingScroll.current = null
    box.scrollTop = pending.kind === 'bottom' ? box.scrollHeight : pending.top + (box.scrollHeight - pending.height)
  }, [thread.messages])

  const loadOlder = useCallback(async () => {
    if (thread.loadingOlder || !thread.cursor || thread.status !== 'ready') return
    const cursor = thread.cursor
    setThread((t) => ({ ...t, loadingOlder: true, olderError: undefined }))
    const result = await listMessages(id, cursor)
    const box = scroller.current
    if (box) pendingScroll.current = { kind: 'keep', height: box.scrollHeight, top: box.scrollTop }
    setThread((t) =>
      result.ok
        ? { ...t, loadingOlder: false, messages: mergeMessages(t.messages, result.data.messages), cursor: result.data.nextCursor }
        : { ...t, loadingOlder: false, olderError: result.message },
    )
  }, [id, thread.cursor, thread.loadingOlder, thread.status])

  async function send(text: string) {
    const result = await sendMessage(id, text)
    if (result.ok) {
      pendingScroll.current = { kind: 'bottom' }
      setThread((t) => ({ ...t, messages: mergeMessages(t.messages, [result.data]) }))
      invalidate(cache, CONVERSATIONS_TAG)
    }
    return result
  }

  /** An offer just sent: its card at once, and its message with the newest ones. */
  async function offerSent(offer: Offer) {
    offers.replace(offer)
    const result = await listMessages(id)
    if (!result.ok) return
    pendingScroll.current = { kind: 'bottom' }
    setThread((t) => ({ ...t, messages: mergeMessages(t.messages, result.data.messages) }))
    invalidate(cache, CONVERSATIONS_TAG)
  }

  /** A message, or the offer it was sent with. */
  const item = (m: Message) => {
    const offer = offers.byMessage.get(m._id)
    const mine = !!conversation && m.senderId === myId(conversation)
    if (offer) return <OfferCard key={m._id} offer={offer} mine={mine} onChanged={offers.replace} />
    return <Bubble key={m._id} message={m} mine={mine} sender={conversation ? senderName(conversation, m.senderId) : name} group={!!conversation?.group} />
  }

  if (thread.status === 'missing')
    return (
      <div className="px-4 py-16">
        <ErrorCard message={t(CONVERSATION_NOT_FOUND)} detail={t('messages.conversationGone')} asPageTitle onRetry={() => setAttempt((n) => n + 1)}>
          <Link to="/messages" className="btn-secondary">
            {t('messages.allMessages')}
          </Link>
        </ErrorCard>
      </div>
    )

  const name = conversation ? partyName(conversation) : t('messages.conversation')
  // With no signal the messages last seen stand in, said to be a copy; nothing can be sent.
  const savedThread = saved?.threads[id]
  const offlineCopy = savedThread && (!online || thread.status === 'error') ? savedThread : null
  return (
    // Room at the bottom below lg, where the floating SOS and assistant buttons would cover the composer.
    <div className="mx-auto flex h-[calc(100dvh-4.5rem)] min-h-96 max-w-3xl flex-col px-0 pb-22 sm:px-6 sm:pt-4 lg:pb-4">
      <div className="card flex min-h-0 flex-1 flex-col overflow-hidden rounded-none sm:rounded-2xl">
        <Header
          conversation={conversation}
          name={name}
          action={
            conversation && !conversation.group && conversation.otherParty && conversation.myId === conversation.guideId && online ? (
              <MakeOfferButton conversationId={id} travellerName={conversation.otherParty.firstName} onSent={(offer) => void offerSent(offer)} />
            ) : null
          }
        />
        <div
          ref={scroller}
          onScroll={(e) => e.currentTarget.scrollTop < NEAR_TOP && void loadOlder()}
          className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-5"
          role="log"
          aria-label={t('messages.messagesWith', { name })}
          aria-live="polite"
          tabIndex={0}
        >
          {offlineCopy && (
            <>
              <OfflineNote savedAt={offlineCopy.savedAt} copy>
                {t('offline.messagesCopy')}
              </OfflineNote>
              <ol className="space-y-2">{mergeMessages([], offlineCopy.messages).map(item)}</ol>
            </>
          )}
          {!offlineCopy && thread.status === 'loading' && <LoadingCard label={t('messages.loadingMessages')} />}
          {!offlineCopy && !online && thread.status === 'error' && <p className="py-8 text-center text-sm text-slate-600">{t('offline.threadNotSaved')}</p>}
          {!offlineCopy && online && thread.status === 'error' && <ErrorCard message={thread.error ?? t(MESSAGES_LOAD_FAILED)} onRetry={() => setAttempt((n) => n + 1)} />}
          {!offlineCopy && thread.status === 'ready' && (
            <>
              <Older thread={thread} onLoad={() => void loadOlder()} />
              {thread.messages.length === 0 ? (
                <p className="flex flex-col items-center gap-2 py-16 text-center text-sm text-slate-500">
                  <ChatIcon className="text-3xl" /> {t('messages.noMessagesYetDot')}
                </p>
              ) : (
                <ol className="space-y-2">{thread.messages.map(item)}</ol>
              )}
            </>
          )}
        </div>
        {(thread.status !== 'error' || offlineCopy || !online) && (
          <Composer
            label={conversation?.group ? t('messages.messageGroup') : t('messages.messageName', { name: conversation?.otherParty?.firstName ?? '' }).trim()}
            onSend={send}
            disabledReason={online ? undefined : t('offline.sendingNeedsConnection')}
            initialText={search.get('draft') ?? ''}
          />
        )}
      </div>
    </div>
  )
}

function Header({ conversation, name, action }: { conversation: Conversation | undefined; name: string; action: ReactNode }) {
  const other = conversation?.group ? null : conversation?.otherParty
  const guide = other?.role === 'guide'
  const t = useT()
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-3 sm:px-5">
      <Link to="/messages" className="btn-ghost px-2 py-1.5" aria-label={t('messages.allMessages')}>
        <ArrowLeftIcon />
      </Link>
      <Avatar src={other?.profilePicture} name={name} className="h-10 w-10 shrink-0 text-sm" />
      <div className="min-w-0 flex-1">
        <h1 className="truncate font-semibold text-slate-900">
          {guide && other ? (
            <Link to={`/guides/${other._id}`} className="hover:text-himal-700 hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h1>
        {conversation?.group ? (
          <>
            <p className="text-xs text-slate-500">{t('messages.groupSubtitle', { date: formatTripDate(conversation.group.startDate) })}</p>
            <p className="text-xs text-slate-600">{groupMembersLine(conversation)}</p>
          </>
        ) : (
          conversation && <p className="text-xs text-slate-500">{guide ? t('messages.tourGuide') : t('messages.traveller')}</p>
        )}
      </div>
      {action}
    </header>
  )
}

function Older({ thread, onLoad }: { thread: Thread; onLoad: () => void }) {
  const t = useT()
  if (thread.loadingOlder)
    return (
      <p role="status" className="flex items-center justify-center gap-2 pb-3 text-sm text-slate-500">
        <SpinnerIcon className="animate-spin" /> {t('messages.loadingOlder')}
      </p>
    )
  if (thread.olderError)
    return (
      <p role="alert" className="flex flex-wrap items-center justify-center gap-2 pb-3 text-sm text-red-700">
        {thread.olderError}
        <button type="button" className="btn-ghost px-2 py-1 text-sm" onClick={onLoad}>
          {t('messages.tryAgain')}
        </button>
      </p>
    )
  if (!thread.cursor) return null
  return (
    <p className="pb-3 text-center">
      <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={onLoad}>
        {t('messages.showOlder')}
      </button>
    </p>
  )
}

/** One message; in a group, others' messages show who wrote them. */
function Bubble({ message, mine, sender, group }: { message: Message; mine: boolean; sender: string; group: boolean }) {
  const t = useT()
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${mine ? 'rounded-br-md bg-himal-700 text-white' : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200'}`}
      >
        {group && !mine ? <p className="text-xs font-semibold text-himal-700">{sender}</p> : <span className="sr-only">{mine ? t('messages.youSender') : sender}: </span>}
        {/* Text as written: React escapes it, and line breaks are kept. */}
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{message.text}</p>
        <p className={`mt-1 text-right text-[11px] ${mine ? 'text-himal-100' : 'text-slate-500'}`}>
          <time dateTime={message.createdAt}>{shortTime(message.createdAt)}</time>
        </p>
      </div>
    </li>
  )
}
