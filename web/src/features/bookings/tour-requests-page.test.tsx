import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { booking } from '../../test-fixtures'
import { fakeServer, failure, json, renderRoutes, type Call } from '../../test-server'
import { TourRequestsPage } from './tour-requests-page'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['bookings']))

const routes = [{ path: '/request', element: <TourRequestsPage /> }]

function serve(list: () => Response, decide?: (call: Call) => Response | Promise<Response>) {
  return fakeServer((call) => {
    if (call.url.pathname === '/api/v1/guides/bookings') return list()
    if (call.url.pathname === '/api/v1/guides/booking/status' && decide) return decide(call)
    if (call.url.pathname === '/api/v1/users/offers') return json({ status: 'success', offers: [], total: 0, totalPages: 0 })
    return undefined
  })
}

const bookings =
  (...data: ReturnType<typeof booking>[]) =>
  () =>
    json({ status: 'success', data })

describe('TourRequestsPage', { timeout: 20_000 }, () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('lists Pending, Approved and Rejected requests with the traveller, date, time, group and total', async () => {
    serve(
      bookings(
        booking('b1'),
        booking('b2', { bookingStatus: 'approved', paymentStatus: 'paid', selectedDate: '2026-12-20', groupSize: 3, totalAmount: 135 }),
        booking('b3', {
          bookingStatus: 'rejected',
          tourist: { _id: 't2', firstName: 'Claire', lastName: 'Dubois', email: 'claire@example.com', profilePicture: null, phone: null },
        }),
      ),
    )
    renderRoutes(routes, '/request')
    const pending = await screen.findByRole('region', { name: 'Pending' })
    const card = within(pending).getByRole('listitem')
    expect(card).toHaveTextContent('Asha Traveller')
    expect(within(card).getByRole('link', { name: 'asha@example.com' })).toHaveAttribute('href', 'mailto:asha@example.com')
    expect(card).toHaveTextContent('Sat, 12 Dec 2026')
    expect(card).toHaveTextContent('10:00')
    expect(card).toHaveTextContent('2 people')
    expect(card).toHaveTextContent('$90.00')
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeEnabled()
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeEnabled()

    const approved = screen.getByRole('region', { name: 'Approved' })
    expect(approved).toHaveTextContent('3 people')
    expect(approved).toHaveTextContent('Paid')
    expect(within(approved).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()

    // Rejected (with expired) is collapsible, and starts folded away.
    const rejected = screen.getByRole('region', { name: 'Rejected and expired' })
    const toggle = within(rejected).getByRole('button', { name: /Rejected and expired/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText('Claire Dubois')).not.toBeVisible()
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('Claire Dubois')).toBeVisible()
  })

  it('shows a request’s days, message and expiry, and cancels an approved trip stating the traveller’s refund', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-10T04:00:00Z'))
    const paid = booking('b2', { bookingStatus: 'approved', paymentStatus: 'paid', selectedDate: '2026-12-20', days: 3, totalAmount: 540 })
    let listed = [booking('b1', { expiresAt: '2026-12-12T02:00:00Z', selectedDate: '2026-12-20', days: 2, message: 'Can we start from Lukla?' }), paid]
    const calls = fakeServer((call) => {
      if (call.url.pathname === '/api/v1/guides/bookings') return json({ status: 'success', data: listed })
      if (call.url.pathname === '/api/v1/bookings/b2/cancel') {
        const done = booking('b2', { ...paid, bookingStatus: 'cancelled', paymentStatus: 'refund_pending', cancelledBy: 'guide', cancellationReason: 'Injured', refundAmount: 540 })
        listed = [listed[0], done]
        return json({ status: 'success', message: 'Booking cancelled', data: done })
      }
      return undefined
    })
    renderRoutes(routes, '/request')
    const pending = await screen.findByRole('region', { name: 'Pending' })
    expect(pending).toHaveTextContent('2 days, starting at')
    expect(pending).toHaveTextContent('until Mon, 21 Dec 2026')
    expect(pending).toHaveTextContent('Can we start from Lukla?')
    expect(pending).toHaveTextContent('Pending: waiting for your answer')
    expect(pending).toHaveTextContent('Expires in 1 day 22 hours')
    expect(within(pending).queryByRole('button', { name: /Cancel the trip/ })).not.toBeInTheDocument()

    await userEvent.click(within(screen.getByRole('region', { name: 'Approved' })).getByRole('button', { name: 'Cancel the trip with Asha Traveller' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel this trip?' })
    expect(dialog).toHaveTextContent('The traveller will get $540.00 back in full.')
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Injured')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel trip' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Booking cancelled')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Injured' })
    const cancelled = screen.getByRole('region', { name: 'Cancelled' })
    await userEvent.click(within(cancelled).getByRole('button', { name: /Cancelled/ }))
    expect(cancelled).toHaveTextContent('Cancelled by you')
    expect(cancelled).toHaveTextContent('Refund pending: $540.00 is on its way back to the traveller’s card.')
    vi.useRealTimers()
  })

  it("approves with a busy button, says 'Booking approved successfully' for 5 s and moves the card", async () => {
    let answer: (r: Response) => void = () => {}
    let listed = [booking('b1')]
    const calls = serve(
      () => json({ status: 'success', data: listed }),
      () => new Promise<Response>((resolve) => (answer = resolve)),
    )
    renderRoutes(routes, '/request')
    const pending = await screen.findByRole('region', { name: 'Pending' })
    await userEvent.click(within(pending).getByRole('button', { name: 'Approve' }))
    expect(within(pending).getByRole('button', { name: 'Approving...' })).toBeDisabled()
    expect(within(pending).getByRole('button', { name: 'Reject' })).toBeDisabled()
    const decision = calls.find((c) => c.method === 'PATCH')!
    expect(decision.body).toEqual({ bookingId: 'b1', action: 'approve' })

    vi.useFakeTimers({ shouldAdvanceTime: true })
    const approvedBooking = booking('b1', { bookingStatus: 'approved' })
    listed = [approvedBooking]
    await act(async () => answer(json({ status: 'success', message: 'Booking approved successfully', data: approvedBooking })))
    expect(await screen.findByRole('status')).toHaveTextContent('Booking approved successfully')
    expect(within(screen.getByRole('region', { name: 'Approved' })).getByText('Asha Traveller')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Pending' })).toHaveTextContent('No requests waiting for your answer.')
    await act(async () => vi.advanceTimersByTime(4900))
    expect(screen.getByRole('status')).toHaveTextContent('Booking approved successfully')
    await act(async () => vi.advanceTimersByTime(200))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    vi.useRealTimers()
  })

  it("shows the server's reason when a decision is refused", async () => {
    serve(bookings(booking('b1')), () => failure(409, 'You already have an approved trip on 12 Dec 2026. Reject this request, or keep the other trip.'))
    renderRoutes(routes, '/request')
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an approved trip on 12 Dec 2026. Reject this request, or keep the other trip.')
  })

  it("falls back to 'Failed to update booking status' when the answer has no message", async () => {
    serve(bookings(booking('b1')), () => new Response('oops', { status: 500 }))
    renderRoutes(routes, '/request')
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update booking status')
  })

  it("shows 'No Bookings Yet' and refreshes on demand", async () => {
    let listed: ReturnType<typeof booking>[] = []
    const calls = serve(() => json({ status: 'success', data: listed }))
    renderRoutes(routes, '/request')
    expect(await screen.findByText('No Bookings Yet')).toBeInTheDocument()
    listed = [booking('b9')]
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByRole('region', { name: 'Pending' })).toHaveTextContent('Asha Traveller')
    expect(calls.filter((c) => c.url.pathname === '/api/v1/guides/bookings')).toHaveLength(2)
  })

  it("says 'Failed to fetch bookings' when the list cannot load", async () => {
    serve(() => new Response('down', { status: 503 }))
    renderRoutes(routes, '/request')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch bookings')
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })
})
