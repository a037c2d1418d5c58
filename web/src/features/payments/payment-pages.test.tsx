import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { booking, paidBooking } from '../../test-fixtures'
import { publicTour } from '../../test-tour-fixtures'
import { fakeServer, failure, json, renderRoutes, type Call } from '../../test-server'
import { CancelPage } from './cancel-page'
import { CheckoutPage } from './checkout-page'
import { ReceiptPage } from './receipt-page'
import { SandboxCheckoutPage } from './sandbox-checkout-page'
import { SuccessPage } from './success-page'
import { EsewaFailurePage, EsewaSuccessPage, KhaltiReturnPage } from './wallet-return-pages'

const routes = [
  { path: '/checkout/:bookingId', element: <CheckoutPage /> },
  { path: '/sandbox/checkout/:sessionId', element: <SandboxCheckoutPage /> },
  { path: '/success', element: <SuccessPage /> },
  { path: '/cancel', element: <CancelPage /> },
  { path: '/receipt/:bookingId', element: <ReceiptPage /> },
  { path: '/payments/khalti/return', element: <KhaltiReturnPage /> },
  { path: '/payments/esewa/success', element: <EsewaSuccessPage /> },
  { path: '/payments/esewa/failure', element: <EsewaFailurePage /> },
  { path: '/dashboard', element: <p>Dashboard</p> },
]

type Answers = Record<string, (call: Call) => Response | Promise<Response>>

const methods =
  (card: string, wallet = 'live') =>
  () =>
    json({ status: 'success', data: { card, khalti: wallet, esewa: wallet, nprPerUsd: wallet === 'none' ? null : 133.5 } })
const serve = (answers: Answers) =>
  fakeServer((call) => (({ 'GET /api/v1/payments/methods': methods('stripe'), ...answers }) as Answers)[`${call.method} ${call.url.pathname}`]?.(call))
const detail = (b: ReturnType<typeof booking>) => () => json({ status: 'success', data: b })
const sessionState =
  (paymentStatus: string, b = booking('b1', { bookingStatus: 'approved' })) =>
  () =>
    json({ status: 'success', data: { sessionId: 'sandbox_s1', paymentStatus, provider: 'sandbox', amount: b.totalAmount, currency: 'usd', booking: b } })

describe('CheckoutPage', () => {
  let assign: ReturnType<typeof vi.fn<(url: string) => void>>
  let alert: ReturnType<typeof vi.fn<(message?: string) => void>>
  beforeEach(() => {
    vi.unstubAllGlobals()
    assign = vi.fn<(url: string) => void>()
    alert = vi.fn<(message?: string) => void>()
    vi.stubGlobal('location', { ...window.location, assign })
    vi.spyOn(window, 'alert').mockImplementation(alert)
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => vi.restoreAllMocks())

  it('shows the checkout summary and, unpaid, both ways to pay', async () => {
    serve({ 'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })) })
    renderRoutes(routes, '/checkout/b1')
    const summary = await screen.findByRole('region', { name: 'Booking summary' })
    for (const text of [
      'Asha Traveller',
      'asha@example.com',
      'Pemba Sherpa',
      'pemba@example.com',
      'Saturday, 12 December 2026',
      '10:00',
      '2 people',
      'Price per person$45.00',
      'Total amount$90.00',
    ])
      expect(summary).toHaveTextContent(text)
    const pay = screen.getByRole('region', { name: 'Payment Required' })
    expect(within(pay).getByRole('button', { name: 'Pay with Stripe' })).toBeEnabled()
    expect(within(pay).getByRole('button', { name: 'Pay with Khalti' })).toBeEnabled()
    expect(within(pay).getByRole('button', { name: 'Pay with eSewa' })).toBeEnabled()
    expect(within(pay).getByLabelText('Wallet amount')).toHaveTextContent('Khalti and eSewa charge in rupees: NPR 12,015$90.00 at NPR 133.50 per US$1, rounded to the rupee.')
  })

  it('names the tour booked and, for a tour of moderate or high risk, shows its altitude check before paying', async () => {
    serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved', tour: { _id: 't1', title: 'Everest Base Camp in 12 days' } })),
      'GET /api/v1/users/tour/t1': () => json({ status: 'success', tour: publicTour('t1') }),
    })
    renderRoutes(routes, '/checkout/b1')
    const summary = await screen.findByRole('region', { name: 'Booking summary' })
    expect(within(summary).getByRole('link', { name: 'Everest Base Camp in 12 days' })).toHaveAttribute('href', '/tours/t1')
    const check = await within(summary).findByRole('region', { name: 'Altitude check' })
    expect(check).toHaveTextContent('Altitude risk: moderate')
    expect(check).toHaveTextContent('Day 2')
    expect(within(check).getByRole('link', { name: /altitude sickness/ })).toHaveAttribute('href', '/altitude-sickness')
  })

  it('adds no altitude check for a low-risk tour', async () => {
    const low = publicTour('t1', { acclimatisation: { risk: 'low', maxSleepAltitudeM: 2610, warnings: [] } })
    const calls = serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved', tour: { _id: 't1', title: 'Nagarkot sunrise' } })),
      'GET /api/v1/users/tour/t1': () => json({ status: 'success', tour: low }),
    })
    renderRoutes(routes, '/checkout/b1')
    await screen.findByRole('link', { name: 'Nagarkot sunrise' })
    await vi.waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/users/tour/t1')).toBe(true))
    expect(screen.queryByRole('region', { name: 'Altitude check' })).toBeNull()
  })

  it('offers only the wallets the server has', async () => {
    serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })),
      'GET /api/v1/payments/methods': () => json({ status: 'success', data: { card: 'stripe', khalti: 'none', esewa: 'sandbox', nprPerUsd: 133.5 } }),
    })
    renderRoutes(routes, '/checkout/b1')
    expect(await screen.findByRole('button', { name: 'Pay with eSewa' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Pay with Khalti' })).toBeNull()
    expect(screen.getByText('Test mode: the wallet checkouts are a sandbox and no money moves.')).toBeInTheDocument()
  })

  it('shows a multi-day trip’s first and last day, and refuses to take money for an expired or cancelled one', async () => {
    serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved', days: 3, endDate: '2026-12-14', totalAmount: 270 })),
      'GET /api/v1/tourists/details/b2': detail(booking('b2', { bookingStatus: 'expired' })),
    })
    renderRoutes(routes, '/checkout/b1')
    const summary = await screen.findByRole('region', { name: 'Booking summary' })
    for (const text of ['First daySaturday, 12 December 2026', 'Last dayMonday, 14 December 2026', 'Trip length3 days', 'Total amount$270.00'])
      expect(summary).toHaveTextContent(text)
    renderRoutes(routes, '/checkout/b2')
    expect(await screen.findByRole('region', { name: 'Booking expired' })).toHaveTextContent('Nothing has been charged.')
    expect(screen.queryAllByRole('button', { name: 'Pay with Stripe' })).toHaveLength(1)
  })

  it("shows 'Processing...' and sends the browser to the checkout the server opened", async () => {
    let answer: (r: Response) => void = () => {}
    serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })),
      'GET /api/v1/tourists/stripe/create-session/b1': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    renderRoutes(routes, '/checkout/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with Stripe' }))
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled()
    await act(async () => answer(json({ status: 'success', url: '/sandbox/checkout/sandbox_s1', sessionId: 'sandbox_s1' })))
    expect(assign).toHaveBeenCalledWith('/sandbox/checkout/sandbox_s1')
  })

  it("alerts 'Failed to initiate Stripe payment', or the server's reason", async () => {
    let status = 502
    serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })),
      'GET /api/v1/tourists/stripe/create-session/b1': () => (status === 502 ? new Response('', { status: 502 }) : failure(409, 'This booking is already paid')),
    })
    renderRoutes(routes, '/checkout/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with Stripe' }))
    expect(alert).toHaveBeenCalledWith('Failed to initiate Stripe payment')
    expect(screen.getByRole('button', { name: 'Pay with Stripe' })).toBeEnabled()
    status = 409
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Stripe' }))
    expect(alert).toHaveBeenLastCalledWith('This booking is already paid')
    expect(assign).not.toHaveBeenCalled()
  })

  it("sends the browser to Khalti's page, or says why not", async () => {
    let ok = true
    serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })),
      'POST /api/v1/payments/khalti/initiate/b1': () =>
        ok
          ? json({ status: 'success', url: 'https://test-pay.khalti.com/?pidx=p1', pidx: 'p1', amountNpr: 12015, nprPerUsd: 133.5 })
          : failure(502, 'Failed to initiate Khalti payment'),
    })
    renderRoutes(routes, '/checkout/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with Khalti' }))
    expect(assign).toHaveBeenCalledWith('https://test-pay.khalti.com/?pidx=p1')
    ok = false
    renderRoutes(routes, '/checkout/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with Khalti' }))
    expect(await screen.findByText('Failed to initiate Khalti payment')).toBeInTheDocument()
    expect(alert).not.toHaveBeenCalled()
  })

  it("posts eSewa's signed form to eSewa", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {})
    const fields = { amount: '12015', total_amount: '12015', transaction_uuid: 'u1', product_code: 'EPAYTEST', signature: 'sig=' }
    serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })),
      'POST /api/v1/payments/esewa/initiate/b1': () =>
        json({ status: 'success', url: 'https://rc-epay.esewa.com.np/api/epay/main/v2/form', fields, amountNpr: 12015, nprPerUsd: 133.5 }),
    })
    renderRoutes(routes, '/checkout/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with eSewa' }))
    expect(submit).toHaveBeenCalledTimes(1)
    const form = submit.mock.contexts[0] as HTMLFormElement
    expect(form.method).toBe('post')
    expect(form.action).toBe('https://rc-epay.esewa.com.np/api/epay/main/v2/form')
    expect(Object.fromEntries(new FormData(form))).toEqual(fields)
  })

  it('says card payments are not set up instead of offering a button that fails', async () => {
    const calls = serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })),
      'GET /api/v1/payments/methods': methods('none', 'none'),
    })
    renderRoutes(routes, '/checkout/b1')
    const pay = await screen.findByRole('region', { name: 'Payment Required' })
    expect(await within(pay).findByRole('status')).toHaveTextContent('Card payments are not set up on this server')
    expect(within(pay).queryByRole('button', { name: 'Pay with Stripe' })).not.toBeInTheDocument()
    expect(within(pay).queryByText(/handled by Stripe/)).not.toBeInTheDocument()
    expect(calls.filter((call) => call.url.pathname.includes('create-session'))).toHaveLength(0)
  })

  it('tells the traveller when the card checkout is the sandbox', async () => {
    serve({
      'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })),
      'GET /api/v1/payments/methods': methods('sandbox'),
    })
    renderRoutes(routes, '/checkout/b1')
    expect(await screen.findByText(/Test mode: the card checkout is a sandbox/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay with Stripe' })).toBeEnabled()
  })

  it("shows 'Payment Complete' for a paid booking", async () => {
    serve({ 'GET /api/v1/tourists/details/b1': detail(paidBooking('b1')) })
    renderRoutes(routes, '/checkout/b1')
    expect(await screen.findByRole('heading', { name: 'Payment Complete' })).toBeInTheDocument()
    expect(screen.getByText('Payment Successful! Your booking has been confirmed and payment has been processed.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay with Stripe' })).not.toBeInTheDocument()
  })

  it('explains why a pending or declined booking cannot be paid yet', async () => {
    serve({ 'GET /api/v1/tourists/details/b1': detail(booking('b1')), 'GET /api/v1/tourists/details/b2': detail(booking('b2', { bookingStatus: 'rejected' })) })
    const { router } = renderRoutes(routes, '/checkout/b1')
    expect(await screen.findByText(/You can pay once Pemba approves this booking/)).toBeInTheDocument()
    await act(() => router.navigate('/checkout/b2'))
    expect(await screen.findByText(/was declined by the guide and cannot be paid/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay with Stripe' })).not.toBeInTheDocument()
  })

  it("shows 'Booking not found' when the booking cannot be loaded (someone else's)", async () => {
    serve({ 'GET /api/v1/tourists/details/b1': () => failure(404, 'Booking not found') })
    renderRoutes(routes, '/checkout/b1')
    expect(await screen.findByRole('alert')).toHaveTextContent('Booking not found')
  })
})

describe('SandboxCheckoutPage', () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('is clearly a test: banner, fixed test card, and Pay goes through the server to the success page', async () => {
    const calls = serve({
      'GET /api/v1/payments/sandbox/sandbox_s1': sessionState('pending'),
      'POST /api/v1/payments/sandbox/sandbox_s1/pay': () => json({ status: 'success', message: 'Payment successful', redirect: '/success?session_id=sandbox_s1' }),
      'GET /api/v1/payments/session/sandbox_s1': sessionState('paid', paidBooking('b1')),
    })
    const { router } = renderRoutes(routes, '/sandbox/checkout/sandbox_s1')
    expect(screen.getByRole('note', { name: 'Test mode' })).toHaveTextContent('Test mode — no real charge')
    const card = await screen.findByLabelText('Card number')
    expect(card).toHaveValue('4242 4242 4242 4242')
    expect(card).toBeDisabled()
    expect(screen.getByRole('region', { name: 'What you are paying for' })).toHaveTextContent('Guided day with Pemba Sherpa')
    await userEvent.click(screen.getByRole('button', { name: 'Pay $90.00' }))
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/pay'))).toBe(true)
    expect(router.state.location.pathname).toBe('/success')
    expect(router.state.location.search).toBe('?session_id=sandbox_s1')
  })

  it('names a trip of several days by its days, first to last', async () => {
    const trip = booking('b1', { bookingStatus: 'approved', days: 5, endDate: '2026-12-16', totalAmount: 450 })
    serve({ 'GET /api/v1/payments/sandbox/sandbox_s1': sessionState('pending', trip) })
    renderRoutes(routes, '/sandbox/checkout/sandbox_s1')
    const paying = await screen.findByRole('region', { name: 'What you are paying for' })
    expect(paying).toHaveTextContent('5 days with Pemba Sherpa')
    expect(paying).not.toHaveTextContent('Guided day')
    expect(paying).toHaveTextContent('Sat, 12 Dec 2026 – Wed, 16 Dec 2026 at 10:00')
  })

  it('Cancel goes to the cancel page the server names', async () => {
    serve({
      'GET /api/v1/payments/sandbox/sandbox_s1': sessionState('pending'),
      'POST /api/v1/payments/sandbox/sandbox_s1/cancel': () => json({ status: 'success', message: 'Payment cancelled', redirect: '/cancel?booking_id=b1' }),
    })
    const { router } = renderRoutes(routes, '/sandbox/checkout/sandbox_s1')
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('heading', { name: 'Payment Cancelled' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?booking_id=b1')
  })

  it('goes straight to the success page when already paid, and explains a cancelled checkout', async () => {
    serve({
      'GET /api/v1/payments/sandbox/sandbox_s1': sessionState('paid', paidBooking('b1')),
      'GET /api/v1/payments/session/sandbox_s1': sessionState('paid', paidBooking('b1')),
      'GET /api/v1/payments/sandbox/sandbox_s2': sessionState('cancelled'),
    })
    const { router } = renderRoutes(routes, '/sandbox/checkout/sandbox_s1')
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    await act(() => router.navigate('/sandbox/checkout/sandbox_s2'))
    expect(await screen.findByText('This checkout was cancelled')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout/b1')
  })
})

describe('SuccessPage', () => {
  beforeEach(() => vi.unstubAllGlobals())
  afterEach(() => vi.useRealTimers())

  it("confirms with the server, then shows the real booking, 'What's Next' and the buttons", async () => {
    const calls = serve({ 'GET /api/v1/payments/session/sandbox_s1': sessionState('paid', paidBooking('b1')) })
    renderRoutes(routes, '/success?session_id=sandbox_s1')
    expect(screen.getByRole('heading', { name: 'Confirming your payment...' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    for (const text of ['Pemba Sherpa', 'Saturday, 12 December 2026', '10:00', '2 people', 'Amount paid$90.00', 'sandbox_pay1', 'Paid at2 Nov 2026, 14:05 GMT+5:45'])
      expect(document.body).toHaveTextContent(text)
    expect(screen.getByRole('link', { name: /Download Receipt/ })).toHaveAttribute('href', '/receipt/b1')
    expect(screen.getByRole('link', { name: 'View My Bookings' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/')
    expect(screen.getByRole('button', { name: /Share Booking/ })).toBeInTheDocument()
    const next = screen.getByRole('region', { name: "What's Next" })
    expect(within(next).getAllByRole('listitem')).toHaveLength(3)
    expect(next).toHaveTextContent('24 hours before')
    expect(calls).toHaveLength(1)
  })

  it('lists every day of a trip of several days', async () => {
    const trip = { ...paidBooking('b1'), days: 3, endDate: '2026-12-14' }
    serve({ 'GET /api/v1/payments/session/sandbox_s1': sessionState('paid', trip) })
    renderRoutes(routes, '/success?session_id=sandbox_s1')
    const days = await screen.findByRole('list', { name: 'Days' })
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((day) => day.textContent),
    ).toEqual(['Day 1: Saturday, 12 December 2026', 'Day 2: Sunday, 13 December 2026', 'Day 3: Monday, 14 December 2026'])
  })

  it('keeps checking while the provider has not confirmed, then shows success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let state = 'pending'
    const calls = serve({ 'GET /api/v1/payments/session/cs_1': () => sessionState(state, state === 'paid' ? paidBooking('b1') : booking('b1', { bookingStatus: 'approved' }))() })
    renderRoutes(routes, '/success?session_id=cs_1')
    expect(await screen.findByRole('heading', { name: 'Waiting for confirmation' })).toBeInTheDocument()
    expect(screen.getByText(/We are still waiting for the payment provider to confirm/)).toBeInTheDocument()
    state = 'paid'
    await act(async () => vi.advanceTimersByTime(3000))
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(calls.length).toBeGreaterThanOrEqual(2)
  })

  it("shows the server's message when the payment cannot be confirmed", async () => {
    serve({ 'GET /api/v1/payments/session/nope': () => failure(404, 'Checkout not found') })
    renderRoutes(routes, '/success?session_id=nope')
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })
})

describe('CancelPage', () => {
  it('says nothing was charged and offers the way back to pay, support by mail, and home', () => {
    renderRoutes(routes, '/cancel?booking_id=b1')
    expect(screen.getByRole('heading', { name: 'Payment Cancelled' })).toBeInTheDocument()
    expect(screen.getByText('No charges were made to your account')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Need Help?' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try Payment Again' })).toHaveAttribute('href', '/checkout/b1')
    expect(screen.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:support@yatra\.np\?subject=/))
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/')
  })

  it('offers the bookings list when it does not know the booking', () => {
    renderRoutes(routes, '/cancel')
    expect(screen.queryByRole('link', { name: 'Try Payment Again' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View My Bookings' })).toHaveAttribute('href', '/dashboard')
  })
})

describe('ReceiptPage', () => {
  beforeEach(() => vi.unstubAllGlobals())
  afterEach(() => vi.restoreAllMocks())

  it('renders the receipt and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    serve({ 'GET /api/v1/tourists/details/b1': detail(paidBooking('b1')) })
    renderRoutes(routes, '/receipt/b1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument()
    const receipt = screen.getByRole('article')
    for (const text of [
      'Asha Traveller',
      'Pemba Sherpa',
      '+977 9800000000',
      'Guided day with Pemba Sherpa',
      'Saturday, 12 December 2026 at 10:00',
      '$45.00 × 2 people',
      'Total paid (USD)$90.00',
      'sandbox_pay1',
      'Test payment',
    ])
      expect(receipt).toHaveTextContent(text)
    await userEvent.click(screen.getByRole('button', { name: /Print \/ Save as PDF/ }))
    expect(print).toHaveBeenCalled()
  })

  it('shows a tour’s itinerary under its receipt: each day, where it sleeps and how high', async () => {
    serve({
      'GET /api/v1/tourists/details/b1': detail(paidBooking('b1', { tour: { _id: 't1', title: 'Everest Base Camp in 12 days' } })),
      'GET /api/v1/users/tour/t1': () => json({ status: 'success', tour: publicTour('t1') }),
    })
    renderRoutes(routes, '/receipt/b1')
    const itinerary = await screen.findByRole('table', { name: 'The itinerary of Everest Base Camp in 12 days' })
    const rows = within(itinerary).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['1Fly to LuklaPhakding2,610 m', '2Up to NamcheNamche Bazaar3,440 m Flagged', '3Back to Lukla——'])
    expect(screen.getByRole('article')).toHaveTextContent('Tour: Everest Base Camp in 12 days, with Pemba Sherpa')
  })

  it('has no receipt for an unpaid booking', async () => {
    serve({ 'GET /api/v1/tourists/details/b1': detail(booking('b1', { bookingStatus: 'approved' })) })
    renderRoutes(routes, '/receipt/b1')
    expect(await screen.findByRole('heading', { name: 'No receipt yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/checkout/b1')
  })
})

describe('wallet return pages', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(() => vi.restoreAllMocks())
  const confirmation = (paymentStatus: string, message: string) => () =>
    json({
      status: 'success',
      message,
      data: {
        sessionId: 'p1',
        paymentStatus,
        provider: 'khalti',
        method: 'khalti',
        amount: 90,
        currency: 'npr',
        amountNpr: 12015,
        nprPerUsd: 133.5,
        booking: paymentStatus === 'paid' ? paidBooking('b1') : booking('b1', { bookingStatus: 'approved' }),
      },
    })

  it('confirms a Khalti payment with the server and shows it paid, in rupees', async () => {
    const calls = serve({ 'POST /api/v1/payments/khalti/confirm': confirmation('paid', 'Payment successful. Your trip is confirmed.') })
    renderRoutes(routes, '/payments/khalti/return?pidx=p1&status=Completed&purchase_order_id=b1')
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(screen.getByText('Amount paid').nextSibling).toHaveTextContent('NPR 12,015.00')
    expect(calls.at(-1)?.body).toEqual({ pidx: 'p1' })
  })

  it('shows a cancelled or expired Khalti payment as failed, with the way back', async () => {
    serve({ 'POST /api/v1/payments/khalti/confirm': confirmation('cancelled', 'The Khalti payment was cancelled. Nothing was charged; you can pay again.') })
    renderRoutes(routes, '/payments/khalti/return?pidx=p1&status=User%20canceled')
    expect(await screen.findByRole('heading', { name: 'The Khalti payment did not go through' })).toBeInTheDocument()
    expect(screen.getByText('The Khalti payment was cancelled. Nothing was charged; you can pay again.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try Payment Again' })).toHaveAttribute('href', '/checkout/b1')
  })

  it('keeps waiting while the wallet has not completed, and shows the server refusing', async () => {
    serve({
      'POST /api/v1/payments/khalti/confirm': confirmation('pending', 'Khalti has not completed this payment yet.'),
      'POST /api/v1/payments/esewa/confirm': () => failure(400, "The eSewa response's signature does not match"),
    })
    renderRoutes(routes, '/payments/khalti/return?pidx=p1')
    expect(await screen.findByRole('heading', { name: 'Waiting for confirmation' })).toBeInTheDocument()
    renderRoutes(routes, '/payments/esewa/success?data=abc+def')
    expect(await screen.findByRole('alert')).toHaveTextContent("The eSewa response's signature does not match")
  })

  it("sends eSewa's data as it came, '+' included", async () => {
    const calls = serve({ 'POST /api/v1/payments/esewa/confirm': confirmation('paid', 'Payment successful. Your trip is confirmed.') })
    renderRoutes(routes, '/payments/esewa/success?data=ab+c%2Bd')
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(calls.at(-1)?.body).toEqual({ data: 'ab+c+d' })
  })

  it('says an eSewa failure charged nothing', async () => {
    serve({})
    renderRoutes(routes, '/payments/esewa/failure?booking_id=b1')
    expect(await screen.findByRole('heading', { name: 'The eSewa payment did not go through' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try Payment Again' })).toHaveAttribute('href', '/checkout/b1')
  })
})
