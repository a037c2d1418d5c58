import type { Notification, NotifiedRole } from './api/list-notifications'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

/** How long ago an instant was: 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago', then the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime()
  if (Number.isNaN(then)) return ''
  const ago = Math.max(0, now - then)
  if (ago < MINUTE) return 'just now'
  if (ago < HOUR) return plural(Math.floor(ago / MINUTE), 'minute')
  if (ago < DAY) return plural(Math.floor(ago / HOUR), 'hour')
  if (ago < 2 * DAY) return 'yesterday'
  if (ago < 7 * DAY) return plural(Math.floor(ago / DAY), 'day')
  return dateOnly.format(new Date(then))
}

/** What this role reads: a guide's notifications carry guideMessage, a traveller's touristMessage. */
export function notificationMessage(n: Notification, role: NotifiedRole): string {
  const own = role === 'guide' ? n.guideMessage : n.touristMessage
  return own.trim() || n.guideMessage.trim() || n.touristMessage.trim() || 'You have an update.'
}

export type NotificationLink = { to: string; label: string }

/**
 * Where a notification leads. A guide: booking news to Tour Requests, verification news to the
 * dashboard. A traveller: an approved, unpaid trip to its checkout, other booking news to the
 * dashboard.
 */
export function notificationLink(n: Notification, role: NotifiedRole): NotificationLink | null {
  if (n.kind === 'verification') return role === 'guide' ? { to: '/guideDash', label: 'View dashboard' } : null
  if (role === 'guide') return { to: '/request', label: 'View request' }
  if (n.bookingId && n.status === 'approved' && n.paymentStatus !== 'paid') return { to: `/checkout/${n.bookingId}`, label: 'Pay now' }
  return { to: '/dashboard', label: 'View booking' }
}
