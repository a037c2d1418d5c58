import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../../lib/auth-store'
import { booking } from '../../../test-fixtures'
import { fakeServer, failure, json, renderRoutes, type Call } from '../../../test-server'
import { BookingModal } from './booking-modal'
import type { BookableGuide } from './booking-request'
import { loadTexts } from '../../../i18n/messages'

beforeAll(() => loadTexts(['guides']))

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

// The guide is busy on Sunday 13 December 2026.
const available = () => json({ status: 'success', data: { unavailable: ['2026-12-13'] } })

function serve(answer: (call: Call) => Response = () => requested()) {
  return fakeServer((call) => {
    if (call.url.pathname === '/api/v1/tourists/booking/request') return answer(call)
    if (call.url.pathname === '/api/v1/users/guide/g1/availability') return available()
    return undefined
  })
}

const dialog = () => screen.getByRole('dialog', { name: 'Book Pemba' })

// Each test clicks through a 42-day grid in jsdom, slow on a loaded machine.
describe('BookingModal', { timeout: 20_000 }, () => {
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
    expect(within(dialog()).queryByRole('grid')).not.toBeInTheDocument()
  })

  it('starts at 10:00 for one day and one person, and prices rate × people × days', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    serve()
    renderRoutes(routes(), '/guides/g1')
    expect(screen.getByLabelText('Start time')).toHaveValue('10:00')
    expect(screen.getByLabelText('Group size')).toHaveValue(1)
    expect(screen.getByLabelText('Group size')).toHaveAttribute('max', '20')
    expect(screen.getByLabelText('Trip length in days')).toHaveValue(1)
    expect(screen.getByLabelText('Trip length in days')).toHaveAttribute('max', '30')
    const summary = screen.getByRole('region', { name: 'Price summary' })
    expect(summary).toHaveTextContent('$45.00 per person per day × 1 person × 1 day')
    await userEvent.click(screen.getByRole('button', { name: 'One person more' }))
    await userEvent.click(screen.getByRole('button', { name: 'One person more' }))
    await userEvent.click(screen.getByRole('button', { name: 'One day more' }))
    await userEvent.click(screen.getByRole('button', { name: 'One day more' }))
    expect(summary).toHaveTextContent('$45.00 per person per day × 3 people × 3 days$405.00')
    expect(summary).toHaveTextContent('Total$405.00')
  })

  it('shows the month from today in Nepal, with earlier days and the guide’s unavailable days disabled', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = serve()
    renderRoutes(routes(), '/guides/g1')
    const grid = screen.getByRole('grid', { name: 'First day, December 2026' })
    expect(within(grid).getByRole('button', { name: 'Wednesday, 9 December 2026, not bookable' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(grid).getByRole('button', { name: 'Thursday, 10 December 2026' })).not.toHaveAttribute('aria-disabled')
    expect(await within(grid).findByRole('button', { name: 'Sunday, 13 December 2026, unavailable' })).toHaveAttribute('aria-disabled', 'true')
    const asked = calls.find((c) => c.url.pathname === '/api/v1/users/guide/g1/availability')
    expect(asked?.url.searchParams.get('from')).toBe('2026-12-10')
    expect(asked?.url.searchParams.get('to')).toBe('2027-12-10')
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }))
    expect(screen.getByRole('grid', { name: 'First day, January 2027' })).toBeInTheDocument()
  })

  it('moves through the days with the keyboard and picks with Enter', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    serve()
    renderRoutes(routes(), '/guides/g1')
    await screen.findByRole('button', { name: /Sunday, 13 December 2026, unavailable/ })
    const today = screen.getByRole('button', { name: 'Thursday, 10 December 2026' })
    expect(today).toHaveAttribute('tabindex', '0')
    today.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('button', { name: 'Thursday, 17 December 2026' })).toHaveFocus()
    await userEvent.keyboard('{PageDown}')
    expect(screen.getByRole('button', { name: 'Sunday, 17 January 2027' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Sunday, 17 January 2027, first day of your trip' }).closest('td')).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText(/Your trip:/)).toHaveTextContent('Your trip: Sun, 17 Jan 2027')
  })

  it('says a trip crossing an unavailable day cannot be asked for, before sending, and takes one around it', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = serve()
    renderRoutes(routes(), '/guides/g1')
    await screen.findByRole('button', { name: /Sunday, 13 December 2026, unavailable/ })
    await userEvent.click(screen.getByRole('button', { name: 'Friday, 11 December 2026' }))
    await userEvent.click(screen.getByRole('button', { name: 'One day more' }))
    await userEvent.click(screen.getByRole('button', { name: 'One day more' }))
    const warning = 'The guide is not available on Sun, 13 Dec 2026. Choose days around it.'
    expect(screen.getByText(warning)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sunday, 13 December 2026, unavailable, inside your trip' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(warning)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Monday, 14 December 2026' }))
    expect(screen.getByText(/Your trip:/)).toHaveTextContent('Your trip: Mon, 14 Dec 2026 to Wed, 16 Dec 2026')
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('Booking requested successfully!')
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ selectedDate: '2026-12-14', days: 3 })
  })

  it("says 'Please select a date' until a first day is picked, and counts the message to 1,000", async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = serve()
    renderRoutes(routes(), '/guides/g1')
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Please select a date')
    expect(screen.getByRole('group', { name: 'First day' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Thursday, 10 December 2026' })).toHaveFocus()

    await userEvent.click(screen.getByRole('button', { name: 'Thursday, 10 December 2026' }))
    const message = screen.getByLabelText(/Message to Pemba/)
    await userEvent.click(message)
    await userEvent.paste('x'.repeat(1001))
    expect(screen.getByText('1,001 / 1,000 characters')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Your message to the guide can be at most 1,000 characters')
    expect(message).toHaveFocus()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('sends the request with days, message and an idempotency key, says so, and closes 2 s later', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = serve()
    renderRoutes(routes(), '/guides/g1')
    await userEvent.click(screen.getByRole('button', { name: 'Thursday, 10 December 2026' }))
    await userEvent.clear(screen.getByLabelText('Group size'))
    await userEvent.type(screen.getByLabelText('Group size'), '4')
    await userEvent.type(screen.getByLabelText(/Message to Pemba/), '  Slow pace please  ')
    vi.useFakeTimers()
    await act(async () => {
      screen.getByRole('button', { name: 'Request Booking' }).click()
    })
    await act(async () => {})
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Booking requested successfully!')
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toEqual({ guideId: 'g1', selectedDate: '2026-12-10', selectedTime: '10:00', groupSize: 4, days: 1, message: 'Slow pace please', pricePerPerson: 45 })
    expect(posts[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(posts[0].headers.get('Authorization')).toBe('Bearer t')
    expect(screen.getByText('Modal open')).toBeInTheDocument()
    await act(async () => vi.advanceTimersByTime(2000))
    expect(screen.getByText('Modal closed')).toBeInTheDocument()
  })

  it("shows the server's message, and a retry of the same opening sends the same key", async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    let answers = 0
    const calls = serve(() => (++answers === 1 ? failure(409, 'You have already asked this guide for this date. Please wait for their answer.') : requested(200)))
    renderRoutes(routes(), '/guides/g1')
    await userEvent.click(screen.getByRole('button', { name: 'Thursday, 24 December 2026' }))
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('You have already asked this guide for this date. Please wait for their answer.')
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('Booking requested successfully!')
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts[1].headers.get('Idempotency-Key')).toBe(posts[0].headers.get('Idempotency-Key'))
  })

  it('still lets the traveller ask when the free days cannot be loaded', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    fakeServer((call) => (call.url.pathname.endsWith('/availability') ? failure(500, 'Database unavailable') : requested()))
    renderRoutes(routes(), '/guides/g1')
    expect(await within(dialog()).findByText(/Database unavailable. You can still send a request/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Thursday, 24 December 2026' }))
    await userEvent.click(screen.getByRole('button', { name: 'Request Booking' }))
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('Booking requested successfully!')
  })

  it('shows a busy button while sending, so a double click sends once', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    let answer: (r: Response) => void = () => {}
    const calls = fakeServer((call) => (call.method === 'GET' ? available() : new Promise<Response>((resolve) => (answer = resolve))))
    renderRoutes(routes(), '/guides/g1')
    await userEvent.click(screen.getByRole('button', { name: 'Thursday, 24 December 2026' }))
    await userEvent.dblClick(screen.getByRole('button', { name: 'Request Booking' }))
    const busy = await screen.findByRole('button', { name: /Sending request/ })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    await act(async () => answer(requested()))
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('does not offer a form for a guide without a daily rate', () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    renderRoutes(routes({ ...pemba, pricePerDay: null }), '/guides/g1')
    expect(within(dialog()).getByText(/has not set a daily rate yet/)).toBeInTheDocument()
    expect(within(dialog()).queryByRole('button', { name: 'Request Booking' })).not.toBeInTheDocument()
  })
})
