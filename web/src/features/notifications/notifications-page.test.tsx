import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { notification } from '../../test-fixtures'
import { fakeServer, failure, json, renderRoutes } from '../../test-server'
import { NotificationsPage } from './notifications-page'

const routes = [
  { path: '/notification', element: <NotificationsPage /> },
  { path: '/checkout/:id', element: <p>Checkout</p> },
]

describe('NotificationsPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-01T10:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it("lists a traveller's notifications with time ago and unread styling, and marks one read", async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = fakeServer((call) => {
      if (call.url.pathname === '/api/v1/notifications/tourist')
        return json({
          status: 'success',
          data: [
            notification('n1'),
            notification('n2', { isRead: true, kind: 'booking_paid', touristMessage: 'Payment received ($90.00).', paymentStatus: 'paid', createdAt: '2026-10-30T10:00:00Z' }),
          ],
        })
      if (call.url.pathname === '/api/v1/notifications/n1/read') return json({ status: 'success', message: 'Notification marked as read' })
      return undefined
    })
    renderRoutes(routes, '/notification')
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(first).toHaveTextContent('Unread: Pemba Sherpa approved your trip on 12 Dec 2026. You can pay now.')
    expect(first).toHaveTextContent('2 hours ago')
    expect(within(first).getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/checkout/b1')
    expect(second).toHaveTextContent('Payment received ($90.00).')
    expect(second).toHaveTextContent('2 days ago')
    expect(within(second).queryByRole('button', { name: /Mark as Read/ })).not.toBeInTheDocument()
    expect(screen.getByText('1 unread')).toBeInTheDocument()

    await userEvent.click(within(first).getByRole('button', { name: /Mark as Read/ }))
    expect(calls.find((c) => c.method === 'PATCH')?.url.pathname).toBe('/api/v1/notifications/n1/read')
    expect(await screen.findByText('All caught up')).toBeInTheDocument()
    expect(within(first).queryByRole('button', { name: /Mark as Read/ })).not.toBeInTheDocument()
    expect(first).not.toHaveTextContent('Unread:')
  })

  it("shows a guide's own messages, and marks all read at once", async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'guide' })
    const calls = fakeServer((call) => {
      if (call.url.pathname === '/api/v1/notifications/guide')
        return json({
          status: 'success',
          data: [
            notification('n1', {
              kind: 'booking_request',
              guideMessage: 'New booking request from Asha Traveller for 12 Dec 2026 at 10:00 (2 people).',
              touristMessage: '',
              status: 'pending',
            }),
            notification('n2', { kind: 'booking_paid', guideMessage: 'Asha Traveller paid $90.00.', touristMessage: '' }),
          ],
        })
      if (call.url.pathname === '/api/v1/notifications/read-all') return json({ status: 'success', message: 'All notifications marked as read' })
      return undefined
    })
    renderRoutes(routes, '/notification')
    expect(await screen.findByText('New booking request from Asha Traveller for 12 Dec 2026 at 10:00 (2 people).')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'View request' })[0]).toHaveAttribute('href', '/request')
    await userEvent.click(screen.getByRole('button', { name: /Mark all as read/ }))
    expect(calls.some((c) => c.method === 'PATCH' && c.url.pathname === '/api/v1/notifications/read-all')).toBe(true)
    expect(await screen.findByText('All caught up')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Mark as Read/ })).not.toBeInTheDocument()
  })

  it('has an empty state', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    fakeServer(() => json({ status: 'success', data: [] }))
    renderRoutes(routes, '/notification')
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument()
  })

  it('logs a load error and leaves the list empty, with a gentle message', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeServer(() => failure(500, 'Something went wrong'))
    renderRoutes(routes, '/notification')
    expect(await screen.findByText("We couldn't load your notifications just now.")).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument()
    expect(error).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })
})
