import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { BellIcon, ChatIcon, ChevronDownIcon, UserIcon } from '../../components/icons'
import { msg, translate, useT } from '../../i18n/messages'
import { useUnreadCount, useUnreadMessagesCount } from '../../lib/unread-count'
import { useDismiss } from '../../lib/use-dismiss'
import { getMe } from '../../features/auth/api/get-me'
import { logOut } from '../../features/auth/api/log-out'

type ProfileMenuProps = { role: string; onLoggedOut: () => void }

/** Profile page routes: the spec leaves them unshown, so Yatra picks these. */
export const GUIDE_PROFILE_PATH = '/guide/profile'
export const TOURIST_PROFILE_PATH = '/tourist/profile'
/** The saved guides and destinations (issue 16). */
export const SAVED_PATH = '/saved'

export function profileMenuItems(role: string): { to: string; label: string }[] {
  if (role === 'admin')
    return [
      { to: '/admin', label: msg('app.menuAdmin') },
      { to: SAVED_PATH, label: msg('app.menuSaved') },
    ]
  return [
    { to: role === 'tourist' ? TOURIST_PROFILE_PATH : GUIDE_PROFILE_PATH, label: msg('app.menuProfile') },
    { to: role === 'tourist' ? '/dashboard' : '/guideDash', label: msg('app.menuDashboard') },
    ...(role === 'guide' ? [{ to: '/request', label: msg('app.menuTourRequests') }] : []),
    { to: '/messages', label: msg('app.menuMessages') },
    { to: '/notification', label: msg('app.menuNotifications') },
    { to: '/blog/dashboard', label: msg('app.menuBlog') },
    // Beyond the spec (issue 16): after its items, so theirs keep their places.
    { to: SAVED_PATH, label: msg('app.menuSaved') },
    // A guide's own tours (Yatra's, beyond the spec).
    ...(role === 'guide' ? [{ to: '/guide/tours', label: msg('app.menuMyTours') }] : []),
  ]
}

/** 'Notifications, 2 unread': how the count is read out wherever it is shown. */
export function unreadLabel(count: number | null): string {
  return count ? translate('app.notificationsUnread', { count }) : translate('app.menuNotifications')
}

/** 'Messages, 2 unread'. */
export function unreadMessagesLabel(count: number | null): string {
  return count ? translate('app.messagesUnread', { count }) : translate('app.menuMessages')
}

/** The badge's text: the count, capped so it stays a badge. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count))

function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-5 min-w-5 items-center justify-center rounded-full bg-marigold-500 px-1 text-[11px] leading-none font-bold text-white ${className}`}
    >
      {badgeText(count)}
    </span>
  )
}

export function ProfileMenu({ role, onLoggedOut }: ProfileMenuProps) {
  const [open, setOpen] = useState(false)
  const t = useT()
  const notified = role === 'guide' || role === 'tourist'
  const unread = useUnreadCount(notified)
  const unreadMessages = useUnreadMessagesCount(notified)
  const unreadId = useId()
  const [firstName, setFirstName] = useState<string | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, [buttonRef, panelRef], buttonRef)

  useEffect(() => {
    let live = true
    getMe().then((me) => {
      if (live && me) setFirstName(me.firstName)
    })
    return () => {
      live = false
    }
  }, [role])

  async function handleLogout() {
    setOpen(false)
    await logOut()
    onLoggedOut()
  }

  return (
    <div className="relative flex items-center gap-2">
      {notified && (
        <Link
          to="/messages"
          aria-label={unreadMessagesLabel(unreadMessages)}
          className="relative hidden h-10 w-10 items-center justify-center rounded-full text-xl text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:flex"
        >
          <ChatIcon />
          {!!unreadMessages && <UnreadBadge count={unreadMessages} className="absolute -top-0.5 -right-0.5 ring-2 ring-white" />}
        </Link>
      )}
      {notified && (
        <Link
          to="/notification"
          aria-label={unreadLabel(unread)}
          className="relative hidden h-10 w-10 items-center justify-center rounded-full text-xl text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:flex"
        >
          <BellIcon />
          {!!unread && <UnreadBadge count={unread} className="absolute -top-0.5 -right-0.5 ring-2 ring-white" />}
        </Link>
      )}
      {/* Said once when the count changes, and read with the menu button as its description. */}
      <span id={unreadId} className="sr-only" aria-live="polite">
        {[unread ? t('app.unreadNotifications', { count: unread }) : '', unreadMessages ? t('app.unreadMessages', { count: unreadMessages }) : ''].filter(Boolean).join(', ')}
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="profile-menu"
        aria-describedby={unread || unreadMessages ? unreadId : undefined}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 text-sm font-medium whitespace-nowrap text-slate-700 shadow-sm hover:border-slate-300"
      >
        <span className="relative flex h-8 w-8 items-center justify-center rounded-full bg-himal-700 text-base text-white">
          <UserIcon />
          {/* From sm up the bell beside the menu carries the count. */}
          {!!(unread || unreadMessages) && <UnreadBadge count={(unread ?? 0) + (unreadMessages ?? 0)} className="absolute -top-1.5 -right-1.5 ring-2 ring-white sm:hidden" />}
        </span>
        {/* Text stays '<role> Account'; only the role's first letter is capitalised visually. */}
        <span>{t.rich('app.roleAccount', { role, r: (chunks) => <span className="capitalize">{chunks}</span> })}</span>
        <ChevronDownIcon className={`hidden text-base text-slate-500 transition-transform sm:block ${open ? 'rotate-180' : ''}`} />
      </button>

      {open && (
        <div ref={panelRef} id="profile-menu" className="absolute top-full right-0 mt-2 w-60 origin-top-right rounded-2xl border border-slate-200 bg-white p-2 shadow-xl">
          {firstName && (
            <p className="border-b border-slate-100 px-3 pt-2 pb-3 text-sm text-slate-500">
              {t.rich('app.signedInAs', { name: firstName, b: (chunks) => <span className="font-semibold text-slate-800">{chunks}</span> })}
            </p>
          )}
          <ul className="py-1" aria-label={t('app.accountMenu')}>
            {profileMenuItems(role).map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={close}
                  aria-label={
                    item.to === '/notification' && unread ? unreadLabel(unread) : item.to === '/messages' && unreadMessages ? unreadMessagesLabel(unreadMessages) : undefined
                  }
                  className="flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-himal-50 hover:text-himal-800"
                >
                  {t(item.label)}
                  {item.to === '/notification' && !!unread && <UnreadBadge count={unread} />}
                  {item.to === '/messages' && !!unreadMessages && <UnreadBadge count={unreadMessages} />}
                </Link>
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-100 pt-1">
            <button type="button" onClick={handleLogout} className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50">
              {t('app.logout')}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
