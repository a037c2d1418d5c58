import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Booking } from '../../lib/booking'
import { booking, paidBooking } from '../../test-fixtures'
import { failure, fakeServer, json, renderRoutes, type Call } from '../../test-server'
import type { GuideDashboard } from './api/get-guide-dashboard'
import { GuideDashboardPage } from './guide-dashboard-page'
import { TouristDashboardPage } from './tourist-dashboard-page'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['bookings']))

describe('TouristDashboardPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-10T04:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  const routes = [{ path: '/dashboard', element: <TouristDashboardPage /> }]

  const guide = (first: string) => ({ _id: `g-${first}`, firstName: first, lastName: 'Guide', email: `${first}@example.com`, profilePicture: null, phone: null })

  it('groups trips by state and says each in words, with Pay now, receipts and reviews where they belong', async () => {
    fakeServer((call) =>
      call.url.pathname === '/api/v1/tourists/bookings'
        ? json({
            status: 'success',
            data: [
              booking('waiting', { guide: guide('Waiting'), expiresAt: '2026-12-12T02:00:00Z', selectedDate: '2026-12-20', days: 3, message: 'We walk slowly.' }),
              booking('to-pay', { bookingStatus: 'approved', guide: { ...guide('Approved'), phone: '+977 9811111111' }, expiresAt: '2026-12-11T04:00:00Z' }),
              paidBooking('upcoming', { selectedDate: '2026-12-20', freeCancellationUntil: '2026-12-19T04:15:00Z', guide: guide('Upcoming') }),
              paidBooking('past', { bookingStatus: 'completed', selectedDate: '2026-11-20', guide: guide('Past') }),
              paidBooking('called-off', {
                bookingStatus: 'cancelled',
                paymentStatus: 'refunded',
                cancelledBy: 'guide',
                cancellationReason: 'Snow on the pass',
                refundAmount: 90,
                guide: guide('Cancelling'),
              }),
              booking('declined', { bookingStatus: 'rejected', guide: guide('Declined') }),
              booking('lapsed', { bookingStatus: 'expired', guide: guide('Lapsed') }),
            ],
          })
        : undefined,
    )
    renderRoutes(routes, '/dashboard')
    const awaiting = await screen.findByRole('region', { name: 'Awaiting the guide' })
    expect(awaiting).toHaveTextContent('Waiting Guide')
    expect(awaiting).toHaveTextContent('Pending: waiting for the guide’s answer')
    expect(awaiting).toHaveTextContent('Expires in 1 day 22 hours')
    expect(awaiting).toHaveTextContent('3 days, starting at')
    expect(awaiting).toHaveTextContent('until Tue, 22 Dec 2026')
    expect(awaiting).toHaveTextContent('We walk slowly.')
    expect(within(awaiting).getByRole('button', { name: 'Cancel the trip with Waiting Guide' })).toBeInTheDocument()

    const approved = screen.getByRole('region', { name: 'Approved' })
    expect(within(approved).getByRole('link', { name: /Pay now/ })).toHaveAttribute('href', '/checkout/to-pay')
    expect(within(approved).getByRole('link', { name: /\+977 9811111111/ })).toHaveAttribute('href', 'tel:+9779811111111')
    expect(approved).toHaveTextContent('Unpaid')
    expect(approved).toHaveTextContent('Approved: pay by 11 Dec 2026, 09:45 GMT+5:45')

    const paid = screen.getByRole('region', { name: 'Paid' })
    expect(paid).toHaveTextContent('Free cancellation until 19 Dec 2026, 10:00 GMT+5:45.')
    expect(within(paid).getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/receipt/upcoming')
    expect(within(paid).queryByRole('link', { name: /Pay now/ })).not.toBeInTheDocument()
    expect(within(paid).queryByRole('link', { name: /Review/ })).not.toBeInTheDocument()

    const past = screen.getByRole('region', { name: 'Past trips' })
    expect(past).toHaveTextContent('Completed: the trip is over')
    expect(within(past).getByRole('link', { name: 'Review Past Guide' })).toHaveAttribute('href', '/guides/g-Past#review')
    expect(within(past).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument()

    const cancelled = screen.getByRole('region', { name: 'Cancelled' })
    expect(cancelled).toHaveTextContent('Cancelled by the guide')
    expect(cancelled).toHaveTextContent('Reason: Snow on the pass')
    expect(cancelled).toHaveTextContent('Refunded: $90.00 went back to your card.')
    expect(within(cancelled).getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/receipt/called-off')
    // The guide let them down: guides and tours free that day are a click away.
    expect(within(cancelled).getByRole('link', { name: 'Guides free on Sat, 12 Dec 2026' })).toHaveAttribute('href', '/guides?date=2026-12-12')
    expect(within(cancelled).getByRole('link', { name: 'Tours with a guide free then' })).toHaveAttribute('href', '/tours?availableOn=2026-12-12')

    const closed = screen.getByRole('region', { name: 'Rejected and expired' })
    expect(closed).toHaveTextContent('Rejected: the guide could not take this trip')
    expect(closed).toHaveTextContent('Expired')
    expect(within(closed).getByRole('link', { name: 'Declined Guide' })).toHaveAttribute('href', '/guides/g-Declined')
    expect(screen.getAllByRole('link', { name: /Review/ })).toHaveLength(1)
  })

  /** One trip, as the server keeps it: a successful cancellation changes what later reads see. */
  function serveOne(trip: Booking, cancel: (call: Call) => Response) {
    let current = trip
    return fakeServer(async (call) => {
      if (call.url.pathname === '/api/v1/tourists/bookings') return json({ status: 'success', data: [current] })
      if (call.url.pathname === `/api/v1/bookings/${trip._id}/cancel`) {
        const answer = cancel(call)
        if (answer.ok) current = (await answer.clone().json()).data
        return answer
      }
      return failure(404, 'Not found')
    })
  }

  it('states the full refund before a cancellation 10 days ahead, sends the reason and shows the refund pending', async () => {
    const trip = paidBooking('b1', { selectedDate: '2026-12-20', groupSize: 4, days: 3, totalAmount: 540, freeCancellationUntil: '2026-12-19T04:15:00Z', guide: guide('Pemba') })
    const calls = serveOne(trip, () =>
      json({
        status: 'success',
        message: 'Booking cancelled',
        data: { ...trip, bookingStatus: 'cancelled', paymentStatus: 'refund_pending', cancelledBy: 'tourist', cancellationReason: 'Flight moved', refundAmount: 540 },
      }),
    )
    renderRoutes(routes, '/dashboard')
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the trip with Pemba Guide' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel this trip?' })
    expect(dialog).toHaveTextContent('You will get $540.00 back')
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Flight moved')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel trip' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Booking cancelled')
    const sent = calls.find((c) => c.method === 'POST')
    expect(sent?.body).toEqual({ reason: 'Flight moved' })
    const cancelled = screen.getByRole('region', { name: 'Cancelled' })
    expect(cancelled).toHaveTextContent('Cancelled by you')
    expect(cancelled).toHaveTextContent('Refund pending: $540.00 is on its way back to your card.')
  })

  it('says there is no refund less than 24 hours before the trip, and keeps the reason when the server refuses', async () => {
    // Now is 09:45 on 10 Dec in Kathmandu: 23 h 15 min before 09:00 on the 11th.
    const trip = paidBooking('b1', { selectedDate: '2026-12-11', selectedTime: '09:00', totalAmount: 90, freeCancellationUntil: '2026-12-10T03:15:00Z', guide: guide('Pemba') })
    serveOne(trip, () => failure(409, 'This booking can no longer be cancelled'))
    renderRoutes(routes, '/dashboard')
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the trip with Pemba Guide' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel this trip?' })
    expect(dialog).toHaveTextContent('No refund: less than 24 hours before the trip')
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Ill')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel trip' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This booking can no longer be cancelled')
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('Ill')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the trip' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('names the tour of a tour booking, linking to its page', async () => {
    fakeServer((call) =>
      call.url.pathname === '/api/v1/tourists/bookings'
        ? json({
            status: 'success',
            data: [
              booking('tour', { tour: { _id: 't1', title: 'Everest Base Camp in 12 days' }, selectedDate: '2026-12-20', days: 12 }),
              booking('day', { selectedDate: '2026-12-22' }),
            ],
          })
        : undefined,
    )
    renderRoutes(routes, '/dashboard')
    const awaiting = await screen.findByRole('region', { name: 'Awaiting the guide' })
    const [tourTrip, dayTrip] = within(awaiting).getAllByRole('listitem', { name: /Trip with/ })
    expect(tourTrip).toHaveTextContent('Tour: Everest Base Camp in 12 days')
    expect(within(tourTrip).getByRole('link', { name: 'Everest Base Camp in 12 days' })).toHaveAttribute('href', '/tours/t1')
    expect(dayTrip).not.toHaveTextContent('Tour:')
  })

  it('invites a traveller with no trips to find a guide', async () => {
    fakeServer(() => json({ status: 'success', data: [] }))
    renderRoutes(routes, '/dashboard')
    expect(await screen.findByText('No trips yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Find a guide/ })).toHaveAttribute('href', '/guides')
  })
})

describe('GuideDashboardPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-10T04:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())
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

  const serve = (data: GuideDashboard, blocked: string[] = []) =>
    fakeServer((call) => {
      if (call.url.pathname === '/api/v1/guides/dashboard') return json({ status: 'success', data })
      if (call.url.pathname === '/api/v1/guides/availability' && call.method === 'GET') return json({ status: 'success', data: { blockedDates: blocked } })
      if (call.url.pathname === '/api/v1/guides/earnings') return json({ status: 'success', data: earnings })
      if (call.url.pathname === '/api/v1/guides/payout-details') return json({ status: 'success', data: payoutDetails })
      if (call.url.pathname === '/api/v1/guides/trust') return json({ status: 'success', data: trust })
      return undefined
    })

  const threshold = (name: string, required: number, actual: number | null, met: boolean) => ({ name, required, actual, met })
  const trust = {
    reliability: { responseRate: 0.8, medianResponseMinutes: 150, cancellationRate: 0, completedTrips: 9, since: '2024-01-10T08:00:00Z' },
    badges: [],
    thresholds: [
      threshold('rating', 4.7, 4.75, true),
      threshold('reviews', 5, 12, true),
      threshold('response_rate', 0.9, 0.8, false),
      threshold('cancellation_rate', 0.01, 0, true),
      threshold('licence', 1, 1, true),
      threshold('completed_trips', 3, 2, false),
    ],
    computedOn: '2026-12-10',
  }

  const entry = { bookingId: 'b1', tripDate: '2026-12-01', travellerName: 'Claire Dubois', method: '', reference: '', createdAt: '2026-11-20T10:00:00Z' }
  const earnings = {
    pending: 34,
    available: 68,
    paidOut: 20,
    holdDays: 3,
    commissionPercent: 15,
    entries: [
      { ...entry, _id: 'p1', kind: 'payout', amount: -20, commission: 0, tripDate: null, travellerName: null, bookingId: null, method: 'khalti', reference: 'KH-77' },
      { ...entry, _id: 'e1', kind: 'earning', amount: 68, commission: 12 },
    ],
  }
  const payoutDetails = { method: 'khalti', accountName: 'Rita Gurung', bankName: '', accountNumber: '9800000001' }

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
    expect(screen.getByRole('region', { name: 'Upcoming trips' })).toHaveTextContent('Sun, 20 Dec 2026 · 1 day from 10:00 · 2 people')
    const balances = await screen.findByRole('region', { name: 'Earnings' })
    expect(await within(balances).findByText('$68.00')).toBeInTheDocument()
    expect(balances).toHaveTextContent('Available to pay out$68.00')
    expect(balances).toHaveTextContent('Pending$34.00')
    expect(balances).toHaveTextContent('Paid out$20.00')
    expect(balances).toHaveTextContent("less Yatra's 15% commission. It becomes available 3 days after the trip ends.")
    expect(await within(balances).findByText(/Payouts go to Khalti wallet •••• 0001 \(Rita Gurung\)/)).toBeInTheDocument()
    expect(within(balances).getByRole('link', { name: 'Change' })).toHaveAttribute('href', '/guide/profile#payout-details')
    const payouts = screen.getByRole('region', { name: 'Payout history' })
    expect(payouts).toHaveTextContent('Paid out to your Khalti wallet')
    expect(payouts).toHaveTextContent('Reference KH-77')
    expect(payouts).toHaveTextContent('-$20.00')
    expect(screen.getByRole('region', { name: 'Trip earnings' })).toHaveTextContent('Trip on Tue, 1 Dec 2026 with Claire Dubois')
    expect(screen.getByRole('region', { name: 'Trip earnings' })).toHaveTextContent('$80.00 paid, less $12.00 Yatra commission+$68.00')
    expect(screen.getByText(/Verified guide/)).toBeInTheDocument()
  })

  it('shows which Trusted guide thresholds the guide meets and which they miss', async () => {
    serve(dashboard())
    renderRoutes(routes, '/guideDash')
    const panel = await screen.findByRole('region', { name: 'Trusted guide' })
    expect(await within(panel).findByText(/2 thresholds are not met yet/)).toBeInTheDocument()
    expect(panel).toHaveTextContent('Replies within 3 hours · 80% answered in a day')
    expect(panel).toHaveTextContent('90% of requests and first messages answered within 24 hoursYours: 80%')
    expect(panel).toHaveTextContent('At least 3 completed trips in the last 12 monthsYours: 2')
    expect(panel).toHaveTextContent('A valid guide licenceYours: valid')
    expect(within(panel).getAllByLabelText('Not met yet')).toHaveLength(2)
    expect(panel).toHaveTextContent('computed on Dec 10, 2026')
  })

  it('names the tour a request or an upcoming trip is for', async () => {
    serve(dashboard({ pendingRequests: [booking('p1', { tour: { _id: 't1', title: 'Poon Hill sunrise' } })], upcomingTrips: [] }))
    renderRoutes(routes, '/guideDash')
    expect(await screen.findByRole('link', { name: 'Poon Hill sunrise' })).toHaveAttribute('href', '/tours/t1')
  })

  it('shows a pending request’s days, end date, message and the time left to answer', async () => {
    serve(dashboard({ pendingRequests: [booking('p1', { expiresAt: '2026-12-12T02:00:00Z', selectedDate: '2026-12-20', days: 3, message: 'Two of us are vegetarian.' })] }))
    renderRoutes(routes, '/guideDash')
    const waiting = await screen.findByRole('region', { name: 'Requests waiting' })
    expect(waiting).toHaveTextContent('Sun, 20 Dec 2026 – Tue, 22 Dec 2026 · 3 days from 10:00 · 2 people')
    expect(waiting).toHaveTextContent('“Two of us are vegetarian.”')
    expect(waiting).toHaveTextContent('Expires in 1 day 22 hours')
  })

  it('blocks and frees days, shows trip days as taken, and saves them', async () => {
    const calls = serve(dashboard({ upcomingTrips: [paidBooking('u1', { selectedDate: '2026-12-20', days: 2 })] }), ['2026-12-12'])
    calls.length = 0
    renderRoutes(routes, '/guideDash')
    const calendar = await screen.findByRole('region', { name: 'Your calendar' })
    const day = (name: string) => within(calendar).getByRole('button', { name })
    expect(await within(calendar).findByText('1 day off.')).toBeInTheDocument()
    expect(day('Saturday, 12 December 2026, day off').closest('td')).toHaveAttribute('aria-selected', 'true')
    expect(day('Monday, 21 December 2026, a trip is booked')).toHaveAttribute('aria-disabled', 'true')
    expect(day('Wednesday, 9 December 2026, not open for booking')).toHaveAttribute('aria-disabled', 'true')
    expect(within(calendar).getByRole('button', { name: 'Save days off' })).toBeDisabled()

    await userEvent.click(day('Saturday, 12 December 2026, day off'))
    await userEvent.click(day('Thursday, 24 December 2026, free'))
    await userEvent.click(day('Friday, 25 December 2026, free'))
    await userEvent.click(day('Monday, 21 December 2026, a trip is booked'))
    expect(calendar).toHaveTextContent('2 days off. Not saved yet.')

    fakeServer((call) => {
      calls.push(call)
      return call.method === 'PUT'
        ? json({ status: 'success', message: 'Availability updated', data: { blockedDates: ['2026-12-24', '2026-12-25'] } })
        : json({ status: 'success', data: { blockedDates: ['2026-12-24', '2026-12-25'] } })
    })
    await userEvent.click(within(calendar).getByRole('button', { name: 'Save days off' }))
    expect(await within(calendar).findByRole('status')).toHaveTextContent('Saved. 2 days off.')
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ blockedDates: ['2026-12-24', '2026-12-25'] })
  })

  it('keeps unsaved days off on screen when saving fails, with the server’s reason', async () => {
    serve(dashboard(), [])
    renderRoutes(routes, '/guideDash')
    const calendar = await screen.findByRole('region', { name: 'Your calendar' })
    await userEvent.click(await within(calendar).findByRole('button', { name: 'Thursday, 24 December 2026, free' }))
    fakeServer(() => failure(400, 'Past dates cannot be blocked'))
    await userEvent.click(within(calendar).getByRole('button', { name: 'Save days off' }))
    expect(await within(calendar).findByRole('alert')).toHaveTextContent('Past dates cannot be blocked')
    expect(within(calendar).getByRole('button', { name: 'Thursday, 24 December 2026, day off' })).toBeInTheDocument()
    expect(calendar).toHaveTextContent('1 day off. Not saved yet.')
  })

  it("offers 'Verify Now' to an unverified guide who has submitted nothing", async () => {
    serve(dashboard({ status: 'unverified', verification: 'none', pendingRequests: [], upcomingTrips: [] }))
    renderRoutes(routes, '/guideDash')
    expect(await screen.findByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/kycform')
    expect(screen.getByText(/Verification Required!/)).toBeInTheDocument()
    expect(screen.getByText('No requests are waiting for your answer.')).toBeInTheDocument()
  })

  it('says the certificates are waiting for review once submitted', async () => {
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
