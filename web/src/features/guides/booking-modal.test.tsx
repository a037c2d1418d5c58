import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { booking } from '../../test-fixtures'
import { fakeServer, failure, json, renderRoutes, type Call } from '../../test-server'
import { BookingModal, type BookableGuide } from './booking-modal'

const pemba: BookableGuide = { guideId: 'g1', firstName: 'Pemba', lastName: 'Sherpa', pricePerDay: 45 }

function Page({ guide = pemba }: { guide?: BookableGuide }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <p>{open ? 'Modal open' : 'Modal closed'}</p>
      <BookingModal open={open} onClose={() => setOpen(false)} guide={guide} />
    </>
  )
}

const routes = (guide?: BookableGuide) => [
  { path: '/guides/g1', element: <Page guide={guide} /> },
  { path: '/login', element: <p>Login page</p> },
  { path: '/dashboard', element: <p>Dashboard</p> },
]

const requested = (status = 201) => json({ status: 'success', message: 'Booking requested successfully!', data: booking('b1') }, status)

function serve(answer: (call: Call) => Response = () => requested()) {
  return fakeServer((call) => (call.url.pathname === '/api/v1/tourists/booking/request' ? answer(call) : undefined))
}

const dialog = () => screen.getByRole('dialog', { name: 'Book Pemba' })

describe('BookingModal', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    // Mid-morning on 10 Dec 2026 in Kathmandu.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-10T04:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('asks a signed-out visitor to log in, with a link', async () => {
    renderRoutes(routes(), '/guides/g1')
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('You must be logged in to book a guide')
    await userEvent.click(within(dialog()).getByRole('link', { name: 'Log in' }))
    expect(screen.getByText('Login page')).toBeInTheDocument()
  })

  it('tells a guide that only travellers book', () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'guide' })
    renderRoutes(routes(), '/guides/g1')
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Only travellers can book a guide')
    expect(within(dialog()).queryByLabelText('Date')).not.toBeInTheDocument()
  })

  it('starts at 10:00 for one person and prices the group as it changes', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    renderRoutes(routes(), '/guides/g1')
    expect(screen.getByLabelText('Start time')).toHaveValue('10:00')
    expect(screen.getByLabelText('Group size')).toHaveValue(1)
    expect(screen.getByLabelText('Group size')).toHaveAttribute('max', '20')
    expect(screen.getByLabelText('Date')).toHaveAttribute('min', '2026-12-10')
    const summary = screen.getByRole('region', { name: 'Price summary' })
    expect(summary).toHaveTextContent('$45.00 × 1 person')
    await userEvent.click(screen.getByRole('button', { name: 'One person more' }))
    await userEvent.click(screen.getByRole('button', { name: 'One person more' }))
    expect(summary).toHaveTextContent('$45.00 × 3 people$135.00')
    expect(summary).toHaveTextContent('Total$135.00')
  })

  it("says 'Please select a date', then 'Date must be today or in the future' (today in Nepal)", async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = serve()
    renderRoutes(routes(), '/guides/g1')
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Please select a date')
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Date')).toHaveFocus()

    await userEvent.type(screen.getByLabelText('Date'), '2026-12-09')
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Date must be today or in the future')
    expect(calls).toHaveLength(0)
  })

  it('sends the request with an idempotency key, says so, and closes 2 s later', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = serve()
    renderRoutes(routes(), '/guides/g1')
    await userEvent.type(screen.getByLabelText('Date'), '2026-12-10')
    await userEvent.clear(screen.getByLabelText('Group size'))
    await userEvent.type(screen.getByLabelText('Group size'), '4')
    vi.useFakeTimers()
    await act(async () => {
      screen.getByRole('button', { name: 'Request Booking' }).click()
    })
    await act(async () => {})
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Booking requested successfully!')
    expect(calls).toHaveLength(1)
    expect(calls[0].body).toEqual({ guideId: 'g1', selectedDate: '2026-12-10', selectedTime: '10:00', groupSize: 4, pricePerPerson: 45 })
    expect(calls[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(calls[0].headers.get('Authorization')).toBe('Bearer t')
    expect(screen.getByText('Modal open')).toBeInTheDocument()
    await act(async () => vi.advanceTimersByTime(2000))
    expect(screen.getByText('Modal closed')).toBeInTheDocument()
  })

  it("shows the server's message, and a retry of the same opening sends the same key", async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    let answers = 0
    const calls = serve(() => (++answers === 1 ? failure(409, 'You have already asked this guide for this date. Please wait for their answer.') : requested(200)))
    renderRoutes(routes(), '/guides/g1')
    await userEvent.type(screen.getByLabelText('Date'), '2026-12-24')
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('You have already asked this guide for this date. Please wait for their answer.')
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('Booking requested successfully!')
    expect(calls[1].headers.get('Idempotency-Key')).toBe(calls[0].headers.get('Idempotency-Key'))
  })

  it('shows a busy button while sending, so a double click sends once', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    let answer: (r: Response) => void = () => {}
    const calls = fakeServer(() => new Promise<Response>((resolve) => (answer = resolve)))
    renderRoutes(routes(), '/guides/g1')
    await userEvent.type(screen.getByLabelText('Date'), '2026-12-24')
    await userEvent.dblClick(screen.getByRole('button', { name: 'Request Booking' }))
    const busy = await screen.findByRole('button', { name: /Sending request/ })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    await act(async () => answer(requested()))
    expect(calls).toHaveLength(1)
  })

  it('does not offer a form for a guide without a daily rate', () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    renderRoutes(routes({ ...pemba, pricePerDay: null }), '/guides/g1')
    expect(within(dialog()).getByText(/has not set a daily rate yet/)).toBeInTheDocument()
    expect(within(dialog()).queryByRole('button', { name: 'Request Booking' })).not.toBeInTheDocument()
  })
})
