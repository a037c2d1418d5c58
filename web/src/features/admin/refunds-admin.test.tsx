import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { fakeServer, json, renderRoutes, type Call } from '../../test-server'
import { AdminPage } from './admin-page'

const routes = [{ path: '/admin', element: <AdminPage /> }]

const WAITING = {
  refundId: 'r1',
  bookingId: 'b1',
  provider: 'esewa',
  amount: 80,
  amountNpr: 10680,
  paymentReference: '0007ZXQ',
  travellerName: 'Asha Traveller',
  travellerEmail: 'asha@example.com',
  guideName: 'Pemba Sherpa',
  tripDates: '12 Mar 2027',
  createdAt: '2026-11-20T10:00:00Z',
}

/** The fake server with one refund waiting until it is recorded; `answer` answers the recording. */
function serverWithOneRefund(answer: (call: Call) => Response) {
  let waiting = [WAITING]
  const recorded: Call[] = []
  fakeServer((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/v1/admin/refunds') return json({ status: 'success', data: waiting })
    if (call.method === 'POST' && call.url.pathname === '/api/v1/admin/refunds/r1/done') {
      recorded.push(call)
      const response = answer(call)
      if (response.ok) waiting = []
      return response
    }
    return undefined
  })
  return recorded
}

describe('admin refunds by hand', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    saveSession({ token: 't', refreshToken: 'r', role: 'admin' })
  })

  it('shows what to refund in rupees and where, and records it with the reference only once given', async () => {
    const recorded = serverWithOneRefund(() => json({ status: 'success', message: 'Refund recorded' }))
    renderRoutes(routes, '/admin?tab=refunds')

    const item = within(await screen.findByRole('list', { name: 'Refunds to make' })).getByRole('listitem', { name: 'Asha Traveller' })
    expect(item).toHaveTextContent('NPR 10,680')
    expect(item).toHaveTextContent('$80.00')
    expect(item).toHaveTextContent('Trip with Pemba Sherpa, 12 Mar 2027')
    expect(item).toHaveTextContent('eSewa payment: 0007ZXQ')
    await userEvent.click(within(item).getByRole('button', { name: 'Mark refunded' }))
    const dialog = screen.getByRole('dialog', { name: 'Record the refund to Asha Traveller' })
    await userEvent.type(within(dialog).getByLabelText('eSewa refund reference'), '   ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent("Enter eSewa's reference for the refund")
    expect(recorded).toHaveLength(0)

    await userEvent.type(within(dialog).getByLabelText('eSewa refund reference'), ' 0009RX4 ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }))

    expect(await screen.findByText('Refund of NPR 10,680 to Asha Traveller recorded')).toBeInTheDocument()
    expect(recorded.map((call) => call.body)).toEqual([{ reference: '0009RX4' }])
    expect(await screen.findByText('No refund is waiting to be made by hand')).toBeInTheDocument()
  })

  it("keeps the dialog open with the server's message when recording fails", async () => {
    serverWithOneRefund(() => json({ status: 'error', message: 'This refund is not waiting to be made by hand' }, 409))
    renderRoutes(routes, '/admin?tab=refunds')

    await userEvent.click(await screen.findByRole('button', { name: 'Mark refunded' }))
    const dialog = screen.getByRole('dialog', { name: 'Record the refund to Asha Traveller' })
    await userEvent.type(within(dialog).getByLabelText('eSewa refund reference'), '0009RX4')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }))

    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('This refund is not waiting to be made by hand'))
    expect(within(dialog).getByLabelText('eSewa refund reference')).toHaveValue('0009RX4')
  })

  it('says so when nothing waits', async () => {
    fakeServer(({ method, url }) => (method === 'GET' && url.pathname === '/api/v1/admin/refunds' ? json({ status: 'success', data: [] }) : undefined))
    renderRoutes(routes, '/admin?tab=refunds')
    expect(await screen.findByText('No refund is waiting to be made by hand')).toBeInTheDocument()
  })
})
