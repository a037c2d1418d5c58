import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { ArrowRightIcon, ChatIcon } from '../../components/icons'
import { OfflineNote } from '../../components/offline-note'
import { PageShell } from '../../components/page-shell'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { useAuth } from '../../lib/auth-store'
import { keepConversations } from '../../lib/offline/offline-copies'
import { useOfflinePack, useOnline } from '../../lib/offline/use-offline-pack'
import { useCachedQuery } from '../../lib/use-cached-query'
import { conversationsKey, conversationsTags, listConversations, type Conversation } from './api/list-conversations'
import { lastMessagePreview, partyName, shortTime } from './conversation-view'
import { msg, useT } from '../../i18n/messages'
import { useIntlLocale } from '../../i18n/language'
import { formatLocalNumber } from '../../lib/intl-formats'

export const NO_CONVERSATIONS = msg('messages.noConversations')

/** /messages: my conversations, newest activity first, each with its unread count. */
export function MessagesPage() {
  const { role } = useAuth()
  const t = useT()
  const query = useCachedQuery({ key: conversationsKey(), tags: conversationsTags, load: () => listConversations() })
  // Times move on while the page is open.
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000)
    return () => window.clearInterval(timer)
  }, [])

  const online = useOnline()
  const saved = useOfflinePack()?.conversations
  useEffect(() => {
    if (online && query.status === 'success' && query.data) keepConversations(query.data)
  }, [online, query.status, query.data])
  // With no signal (or none reaching the server) the conversations last seen stand in, said to be a copy.
  const offlineCopy = saved && (!online || (!query.data && query.error)) ? saved : null

  let body: ReactNode
  if (offlineCopy)
    body = (
      <>
        <OfflineNote savedAt={offlineCopy.savedAt} copy>
          {t('offline.messagesCopy')}
        </OfflineNote>
        <ul className="card divide-y divide-slate-100 overflow-hidden" aria-label={t('messages.conversations')}>
          {offlineCopy.list.map((c) => (
            <ConversationItem key={c._id} conversation={c} now={now} />
          ))}
        </ul>
      </>
    )
  else if (query.status === 'loading') body = <LoadingCard label={t('messages.loadingConversations')} />
  else if (!query.data && query.error) body = <ErrorCard message={query.error} onRetry={query.reload} />
  else if (!query.data || query.data.length === 0)
    body = (
      <EmptyCard icon={<ChatIcon />} title={t(NO_CONVERSATIONS)}>
        {role === 'guide' ? (
          <p>{t('messages.guideEmpty')}</p>
        ) : (
          <>
            <p>{t('messages.touristEmpty')}</p>
            <Link to="/guides" className="btn-primary mt-5">
              {t('messages.findAGuide')} <ArrowRightIcon />
            </Link>
          </>
        )}
      </EmptyCard>
    )
  else
    body = (
      <ul className="card divide-y divide-slate-100 overflow-hidden" aria-label={t('messages.conversations')}>
        {query.data.map((c) => (
          <ConversationItem key={c._id} conversation={c} now={now} />
        ))}
      </ul>
    )

  return (
    <PageShell eyebrow={t('messages.messages')} title={t('messages.messages')} description={role === 'guide' ? t('messages.guideDescription') : t('messages.touristDescription')}>
      <div className="mx-auto max-w-3xl">{body}</div>
    </PageShell>
  )
}

function ConversationItem({ conversation: c, now }: { conversation: Conversation; now: Date }) {
  const name = partyName(c)
  const unread = c.unreadCount > 0
  const t = useT()
  // Re-renders with the reader's digits when they switch language.
  useIntlLocale()
  const at = c.lastMessage?.createdAt ?? c.lastMessageAt
  return (
    <li>
      <Link
        to={`/messages/${c._id}`}
        className={`flex items-center gap-3 p-4 hover:bg-slate-50 sm:gap-4 sm:p-5 ${unread ? 'bg-himal-50/60' : ''}`}
        aria-label={unread ? t('messages.unreadLabel', { name, count: c.unreadCount }) : name}
      >
        <Avatar src={c.group ? null : c.otherParty?.profilePicture} name={name} className="h-12 w-12 shrink-0 text-base" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            <p className={`truncate ${unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}`}>{name}</p>
            <time dateTime={at} className="shrink-0 text-xs text-slate-500">
              {shortTime(at, now)}
            </time>
          </div>
          <div className="mt-0.5 flex items-center justify-between gap-3">
            <p className={`truncate text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-600'}`}>{lastMessagePreview(c)}</p>
            {unread && (
              <span aria-hidden="true" className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-marigold-500 px-1.5 text-[11px] font-bold text-white">
                {c.unreadCount > 99 ? `${formatLocalNumber(99)}+` : formatLocalNumber(c.unreadCount)}
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  )
}
