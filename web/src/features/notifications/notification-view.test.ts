import { describe, expect, it } from 'vitest'
import { chooseLanguage } from '../../i18n/messages'
import { notification } from '../../test-fixtures'
import { notificationLink, notificationMessage, timeAgo } from './notification-view'

describe('timeAgo', () => {
  const now = Date.parse('2026-11-10T12:00:00Z')
  it.each([
    ['2026-11-10T11:59:30Z', 'just now'],
    ['2026-11-10T11:59:00Z', '1 minute ago'],
    ['2026-11-10T11:15:00Z', '45 minutes ago'],
    ['2026-11-10T11:00:00Z', '1 hour ago'],
    ['2026-11-09T13:00:00Z', '23 hours ago'],
    ['2026-11-09T11:00:00Z', 'yesterday'],
    ['2026-11-07T12:00:00Z', '3 days ago'],
    ['2026-10-01T12:00:00Z', '1 Oct 2026'],
    // A clock a little behind the server's is not 'in the future'.
    ['2026-11-10T12:00:05Z', 'just now'],
  ])('%s is %s', (iso, text) => {
    expect(timeAgo(iso, now)).toBe(text)
  })
})

describe('notificationMessage', () => {
  it("shows the role's own message", () => {
    const n = notification('n1', { guideMessage: 'For the guide', touristMessage: 'For the traveller' })
    expect(notificationMessage(n, 'guide')).toBe('For the guide')
    expect(notificationMessage(n, 'tourist')).toBe('For the traveller')
    expect(notificationMessage(notification('n2', { guideMessage: 'Only this', touristMessage: '' }), 'tourist')).toBe('Only this')
  })
})

describe('notificationLink', () => {
  it('sends a guide to Tour Requests, or the dashboard for verification news', () => {
    expect(notificationLink(notification('n1', { kind: 'booking_request', status: 'pending' }), 'guide')).toEqual({ to: '/request', label: 'View request' })
    expect(notificationLink(notification('n1', { kind: 'verification', bookingId: null }), 'guide')).toEqual({ to: '/guideDash', label: 'View dashboard' })
  })

  it('sends a guide whose licence ends to submit the renewed one', () => {
    expect(notificationLink(notification('n1', { kind: 'licence', bookingId: null, status: 'expiring' }), 'guide')).toEqual({ to: '/kycform', label: 'Submit renewed licence' })
  })

  it('sends a traveller to pay an approved, unpaid trip, else to the dashboard', () => {
    expect(notificationLink(notification('n1'), 'tourist')).toEqual({ to: '/checkout/b1', label: 'Pay now' })
    expect(notificationLink(notification('n1', { kind: 'booking_paid', paymentStatus: 'paid' }), 'tourist')).toEqual({ to: '/dashboard', label: 'View booking' })
    expect(notificationLink(notification('n1', { kind: 'booking_rejected', status: 'rejected' }), 'tourist')).toEqual({ to: '/dashboard', label: 'View booking' })
  })
})

describe('in Nepali', () => {
  it('says how long ago in Nepali words and digits', async () => {
    await chooseLanguage('ne')
    const now = Date.parse('2026-03-01T12:00:00Z')
    expect(timeAgo('2026-03-01T11:55:00Z', now)).toBe('५ मिनेटअघि')
    expect(notificationLink(notification('n1', { kind: 'booking_request', status: 'pending' }), 'guide')).toEqual({ to: '/request', label: 'अनुरोध हेर्नुहोस्' })
    await chooseLanguage('en')
  })
})
