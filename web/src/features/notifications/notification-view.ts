import { translate } from '../../i18n/messages'
import type { Notification, NotifiedRole } from './api/list-notifications'
import { localDateFormat } from '../../lib/intl-formats'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

// English keeps the day-first date it always had; other languages write their own.
const dateOnly = (then: number) => localDateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(then))

/** How long ago an instant was: 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago', then the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime()
  if (Number.isNaN(then)) return ''
  const ago = Math.max(0, now - then)
  if (ago < MINUTE) return translate('notifications.justNow')
  if (ago < HOUR) return translate('notifications.minutesAgo', { count: Math.floor(ago / MINUTE) })
  if (ago < DAY) return translate('notifications.hoursAgo', { count: Math.floor(ago / HOUR) })
  if (ago < 2 * DAY) return translate('notifications.yesterday')
  if (ago < 7 * DAY) return translate('notifications.daysAgo', { count: Math.floor(ago / DAY) })
  return dateOnly(then)
}

/** What this role reads: a guide's notifications carry guideMessage, a traveller's touristMessage. */
export function notificationMessage(n: Notification, role: NotifiedRole): string {
  const own = role === 'guide' ? n.guideMessage : n.touristMessage
  return own.trim() || n.guideMessage.trim() || n.touristMessage.trim() || translate('notifications.anUpdate')
}

export type NotificationLink = { to: string; label: string }

/**
 * Where a notification leads. A guide: booking news to Tour Requests, verification news to the
 * dashboard. A traveller: an approved, unpaid trip to its checkout, other booking news to the
 * dashboard.
 */
export function notificationLink(n: Notification, role: NotifiedRole): NotificationLink | null {
  if (n.kind === 'verification') return role === 'guide' ? { to: '/guideDash', label: translate('notifications.viewDashboard') } : null
  // A licence ending soon or ended (issue 15): the way to submit the renewed one.
  if (n.kind === 'licence') return role === 'guide' ? { to: '/kycform', label: translate('notifications.submitRenewedLicence') } : null
  if (role === 'guide') return { to: '/request', label: translate('notifications.viewRequest') }
  if (n.bookingId && n.status === 'approved' && n.paymentStatus !== 'paid') return { to: `/checkout/${n.bookingId}`, label: translate('notifications.payNow') }
  return { to: '/dashboard', label: translate('notifications.viewBooking') }
}
