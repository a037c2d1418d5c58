import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { booking, paidBooking } from '../../test-fixtures'
import { fakeServer, json, renderRoutes } from '../../test-server'
import type { GuideDashboard } from './api/get-guide-dashboard'
import { GuideDashboardPage } from './guide-dashboard-page'
import { TouristDashboardPage } from './tourist-dashboard-page'

describe('TouristDashboardPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-10T04:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  const routes = [{ path: '/dashboard', element: <TouristDashboardPage /> }]

  it('groups trips by state, with Pay now for approved unpaid ones and a receipt for paid ones', async () => {
    const guide = (first: string) => ({ _id: `g-${first}`, firstName: first, lastName: 'Guide', email: `${first}@example.com`, profilePicture: null, phone: null })
    fakeServer((call) =>
      call.url.pathname === '/api/v1/tourists/bookings'
        ? json({
            status: 'success',
            data: [
              booking('waiting', { guide: guide('Waiting') }),
              booking('to-pay', { bookingStatus: 'approved', guide: { ...guide('Approved'), phone: '+977 9811111111' } }),
              paidBooking('upcoming', { selectedDate: '2026-12-20', guide: guide('Upcoming') }),
              paidBooking('past', { selectedDate: '2026-11-20', guide: guide('Past') }),
              booking('declined', { bookingStatus: 'rejected', guide: guide('Declined') }),
            ],
          })
        : undefined,
    )
    renderRoutes(routes, '/dashboard')
    const awaiting = await screen.findByRole('region', { name: 'Awaiting the guide' })
    expect(awaiting).toHaveTextContent('Waiting Guide')
    expect(awaiting).toHaveTextContent('Awaiting guide')

    const approved = screen.getByRole('region', { name: 'Approved' })
    expect(within(approved).getByRole('link', { name: /Pay now/ })).toHaveAttribute('href', '/checkout/to-pay')
    expect(within(approved).getByRole('link', { name: /\+977 9811111111/ })).toHaveAttribute('href', 'tel:+9779811111111')
    expect(approved).toHaveTextContent('Unpaid')

    const paid = screen.getByRole('region', { name: 'Paid' })
    expect(within(paid).getByRole('heading', { name: 'Upcoming' })).toBeInTheDocument()
    expect(within(paid).getByRole('heading', { name: 'Past' })).toBeInTheDocument()
    expect(within(paid).getAllByRole('link', { name: 'View receipt' }).map((a) => a.getAttribute('href'))).toEqual(['/receipt/upcoming', '/receipt/past'])
    expect(within(paid).queryByRole('link', { name: /Pay now/ })).not.toBeInTheDocument()

    const declined = screen.getByRole('region', { name: 'Declined' })
    expect(declined).toHaveTextContent('Declined Guide')
    expect(within(declined).getByRole('link', { name: 'Declined Guide' })).toHaveAttribute('href', '/guides/g-Declined')
  })

  it('invites a traveller with no trips to find a guide', async () => {
    fakeServer(() => json({ status: 'success', data: [] }))
    renderRoutes(routes, '/dashboard')
    expect(await screen.findByText('No trips yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Find a guide/ })).toHaveAttribute('href', '/guides')
  })
})

describe('GuideDashboardPage', () => {
  beforeEach(() => vi.unstubAllGlobals())
  const routes = [{ path: '/guideDash', element: <GuideDashboardPage /> }]

  const dashboard = (overrides: Partial<GuideDashboard> = {}): GuideDashboard => ({
    pendingRequests: [booking('p1'), booking('p2'), booking('p3'), booking('p4')],
    upcomingTrips: [paidBooking('u1', { selectedDate: '2026-12-20' })],
    earnings: { total: 1234.5, thisMonth: 90, paidTrips: 7, currency: 'usd' },
    averageRating: 4.75,
    reviewCount: 12,
    status: 'verified',
    verification: 'approved',
    verificationNote: '',
    ...overrides,
  })

  const serve = (data: GuideDashboard) => fakeServer((call) => (call.url.pathname === '/api/v1/guides/dashboard' ? json({ status: 'success', data }) : undefined))

  it('shows requests waiting, upcoming trips, earnings and rating', async () => {
    serve(dashboard())
    renderRoutes(routes, '/guideDash')
    const glance = await screen.findByRole('group', { name: 'At a glance' })
    expect(glance).toHaveTextContent('Requests waiting4')
    expect(glance).toHaveTextContent('Upcoming trips1')
    expect(glance).toHaveTextContent('4.8')
    expect(glance).toHaveTextContent('12 reviews')
    const waiting = screen.getByRole('region', { name: 'Requests waiting' })
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(3)
    expect(within(waiting).getByRole('link', { name: /Answer requests/ })).toHaveAttribute('href', '/request')
    expect(within(waiting).getByRole('link', { name: 'and 1 more' })).toHaveAttribute('href', '/request')
    expect(screen.getByRole('region', { name: 'Upcoming trips' })).toHaveTextContent('Sun, 20 Dec 2026 at 10:00 · 2 people')
    const earnings = screen.getByRole('region', { name: 'Earnings' })
    expect(earnings).toHaveTextContent('Total earned$1,234.50')
    expect(earnings).toHaveTextContent('This month$90.00')
    expect(earnings).toHaveTextContent('Paid trips7')
    expect(screen.getByText(/Verified guide/)).toBeInTheDocument()
  })

  it("offers 'Verify Now' to an unverified guide who has submitted nothing", async () => {
    serve(dashboard({ status: 'unverified', verification: 'none', pendingRequests: [], upcomingTrips: [] }))
    renderRoutes(routes, '/guideDash')
    expect(await screen.findByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/kycform')
    expect(screen.getByText(/Verification Required!/)).toBeInTheDocument()
    expect(screen.getByText('No requests are waiting for your answer.')).toBeInTheDocument()
  })

  it("says the certificates are waiting for review once submitted", async () => {
    serve(dashboard({ status: 'unverified', verification: 'submitted' }))
    renderRoutes(routes, '/guideDash')
    expect(await screen.findByText(/waiting for review/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Verify Now' })).not.toBeInTheDocument()
  })

  it("shows the admin's note after a rejection", async () => {
    serve(dashboard({ status: 'unverified', verification: 'rejected', verificationNote: 'The licence photo is unreadable.' }))
    renderRoutes(routes, '/guideDash')
    expect(await screen.findByText(/Reason: The licence photo is unreadable\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Submit certificates again' })).toHaveAttribute('href', '/kycform')
  })
})
