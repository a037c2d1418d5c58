import { useEffect, useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { BellIcon, CardIcon, CheckIcon, CloseIcon, InboxIcon, ShieldIcon, SpinnerIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { EmptyCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { msg, useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { formatMoment } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { NOTIFICATIONS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { listNotifications, notificationsKey, notificationsTags, type Notification, type NotifiedRole } from './api/list-notifications'
import { markAllRead } from './api/mark-all-read'
import { markNotificationRead } from './api/mark-notification-read'
import { notificationLink, notificationMessage, timeAgo } from './notification-view'

export const NO_NOTIFICATIONS = msg('notifications.none')
export const NOTIFICATIONS_UNAVAILABLE = msg('notifications.unavailable')

const KIND_ICONS: Record<string, ReactNode> = {
  booking_request: <InboxIcon />,
  booking_approved: <CheckIcon />,
  booking_rejected: <CloseIcon />,
  booking_paid: <CardIcon />,
  verification: <ShieldIcon />,
}

/** /notification: a guide's or a traveller's notifications, newest first, each to mark read. */
export function NotificationsPage() {
  const { role: storedRole } = useAuth()
  const role: NotifiedRole = storedRole === 'guide' ? 'guide' : 'tourist'
  const cache = useClientCache()
  const query = useCachedQuery({ key: notificationsKey(role), tags: notificationsTags, load: () => listNotifications(role) })
  const { toast, show } = useToast()
  const t = useT()
  // Marked read here; read never turns back to unread, so this holds whatever the list says.
  const [read, setRead] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState<string | 'all' | null>(null)
  // Time ago moves on while the page is open.
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000)
    return () => window.clearInterval(timer)
  }, [])

  // Spec section 8: load errors are logged and the list is left empty.
  useEffect(() => {
    if (query.error) console.error(`Notifications could not be loaded: ${query.error}`)
  }, [query.error])

  const items = (query.data ?? []).map((n) => (read.has(n._id) ? { ...n, isRead: true } : n))
  const unread = items.filter((n) => !n.isRead)

  async function markOne(n: Notification) {
    if (busy) return
    setBusy(n._id)
    const result = await markNotificationRead(n._id)
    setBusy(null)
    if (!result.ok) return show(t(result.message), 'error')
    setRead((r) => new Set(r).add(n._id))
    invalidate(cache, NOTIFICATIONS_TAG)
  }

  async function markAll() {
    if (busy) return
    setBusy('all')
    const result = await markAllRead()
    setBusy(null)
    if (!result.ok) return show(t(result.message), 'error')
    setRead((r) => new Set([...r, ...items.map((n) => n._id)]))
    invalidate(cache, NOTIFICATIONS_TAG)
  }

  // Following a notification's link reads it; the page it opens is what it was about.
  function opened(n: Notification) {
    if (n.isRead) return
    setRead((r) => new Set(r).add(n._id))
    void markNotificationRead(n._id).then((result) => result.ok && invalidate(cache, NOTIFICATIONS_TAG))
  }

  let body: ReactNode
  if (query.status === 'loading') body = <LoadingCard label={t('notifications.loading')} />
  else if (items.length === 0 && query.error)
    body = (
      <EmptyCard icon={<BellIcon />} title={t(NOTIFICATIONS_UNAVAILABLE)}>
        <p>{t('notifications.safe')}</p>
        <button type="button" className="btn-primary mt-5" onClick={query.reload} disabled={query.isFetching}>
          {t('notifications.tryAgain')}
        </button>
      </EmptyCard>
    )
  else if (items.length === 0)
    body = (
      <EmptyCard icon={<BellIcon />} title={t(NO_NOTIFICATIONS)}>
        <p>{role === 'guide' ? t('notifications.emptyGuide') : t('notifications.emptyTourist')}</p>
      </EmptyCard>
    )
  else
    body = (
      <>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {unread.length === 0 ? t('notifications.allCaughtUp') : t('notifications.unread', { count: unread.length })}
          </p>
          {unread.length > 0 && (
            <button type="button" className="btn-secondary" onClick={markAll} disabled={busy !== null} aria-busy={busy === 'all'}>
              {busy === 'all' ? <SpinnerIcon /> : <CheckIcon />} {t('notifications.markAll')}
            </button>
          )}
        </div>
        <ul className="card divide-y divide-slate-100 overflow-hidden" aria-label={t('notifications.title')}>
          {items.map((n) => (
            <Item key={n._id} n={n} role={role} now={now} busy={busy === n._id} disabled={busy !== null} onRead={() => markOne(n)} onOpen={() => opened(n)} />
          ))}
        </ul>
      </>
    )

  return (
    <PageShell eyebrow={t('notifications.title')} title={t('notifications.title')} description={t('notifications.description')}>
      <div className="mx-auto max-w-3xl">{body}</div>
      <Toast toast={toast} />
    </PageShell>
  )
}

type ItemProps = { n: Notification; role: NotifiedRole; now: number; busy: boolean; disabled: boolean; onRead: () => void; onOpen: () => void }

function Item({ n, role, now, busy, disabled, onRead, onOpen }: ItemProps) {
  const link = notificationLink(n, role)
  const messageId = useId()
  const t = useT()
  return (
    <li className={`flex gap-3 border-l-4 p-4 sm:gap-4 sm:p-5 ${n.isRead ? 'border-transparent bg-white' : 'border-himal-500 bg-himal-50/60'}`}>
      <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg ${n.isRead ? 'bg-slate-100 text-slate-500' : 'bg-himal-100 text-himal-700'}`}>
        {KIND_ICONS[n.kind] ?? <BellIcon />}
      </span>
      <div className="min-w-0 flex-1">
        <p id={messageId} className={`text-sm ${n.isRead ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
          {!n.isRead && <span className="sr-only">{t('notifications.unreadPrefix')} </span>}
          {notificationMessage(n, role)}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          <time dateTime={n.createdAt} title={formatMoment(n.createdAt)}>
            {timeAgo(n.createdAt, now)}
          </time>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:gap-x-4">
          {link && (
            <Link to={link.to} className="text-link text-sm" onClick={onOpen} aria-describedby={messageId}>
              {link.label}
            </Link>
          )}
          {!n.isRead && (
            <button type="button" className="btn-ghost px-2 py-1.5 text-sm" onClick={onRead} disabled={disabled} aria-busy={busy} aria-describedby={messageId}>
              {busy ? <SpinnerIcon /> : <CheckIcon />} {t('notifications.markRead')}
            </button>
          )}
        </div>
      </div>
      {/* On a phone the bar and bold text mark it; the dot would only take room. */}
      {!n.isRead && <span className="mt-1.5 hidden h-2.5 w-2.5 shrink-0 rounded-full bg-marigold-500 sm:block" aria-hidden="true" />}
    </li>
  )
}
