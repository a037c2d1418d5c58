import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { booking } from '../../test-fixtures'
import { failure, fakeServer, json, renderRoutes } from '../../test-server'
import { TourRequestsPage } from './tour-requests-page'
import { mayShareEmergencyInfo } from './trip-emergency-details'

const routes = [{ path: '/request', element: <TourRequestsPage /> }]
const paid = booking('b2', { bookingStatus: 'approved', paymentStatus: 'paid', selectedDate: '2099-03-01', endDate: '2099-03-02', days: 2 })
const info = {
  contactName: 'Maya Rai',
  contactPhone: '+977 9841000000',
  contactEmail: 'maya@example.com',
  insuranceProvider: 'Himalayan Assure',
  insurancePolicyNumber: 'HA-1',
  insuranceEmergencyPhone: '',
}

function serve(emergency: () => Response) {
  return fakeServer((call) => {
    if (call.url.pathname === '/api/v1/guides/bookings') return json({ status: 'success', data: [paid] })
    if (call.url.pathname === '/api/v1/guides/booking/b2/emergency-info') return emergency()
    return undefined
  })
}

describe('the traveller’s emergency details on the guide’s trip', { timeout: 20_000 }, () => {
  it('are asked for only for a paid trip not yet over', () => {
    expect(mayShareEmergencyInfo(paid, '2099-03-02')).toBe(true)
    expect(mayShareEmergencyInfo(paid, '2099-03-03')).toBe(false)
    expect(mayShareEmergencyInfo({ ...paid, paymentStatus: 'unpaid' }, '2099-01-01')).toBe(false)
    expect(mayShareEmergencyInfo({ ...paid, bookingStatus: 'cancelled' }, '2099-01-01')).toBe(false)
  })

  it('show the contact with call and mail links, and the insurance', async () => {
    serve(() => json({ status: 'success', data: { travellerName: 'Asha Traveller', emergencyInfo: info } }))
    renderRoutes(routes, '/request')
    const details = await screen.findByRole('region', { name: 'Emergency details' })
    expect(await within(details).findByRole('link', { name: '+977 9841000000' })).toHaveAttribute('href', 'tel:+9779841000000')
    expect(within(details).getByRole('link', { name: 'maya@example.com' })).toHaveAttribute('href', 'mailto:maya@example.com')
    expect(details).toHaveTextContent('Himalayan Assure')
    expect(details).toHaveTextContent('HA-1')
  })

  it('say when the traveller gave none', async () => {
    const empty = Object.fromEntries(Object.keys(info).map((k) => [k, '']))
    serve(() => json({ status: 'success', data: { travellerName: 'Asha Traveller', emergencyInfo: empty } }))
    renderRoutes(routes, '/request')
    const details = await screen.findByRole('region', { name: 'Emergency details' })
    expect(await within(details).findByText('The traveller has not given emergency details.')).toBeInTheDocument()
  })

  it('are not shown outside the trip’s days (the server refuses)', async () => {
    let asked = 0
    serve(() => {
      asked += 1
      return failure(403, 'Emergency details are shared only during a paid trip')
    })
    renderRoutes(routes, '/request')
    await screen.findByRole('region', { name: 'Approved' })
    await screen.findByText('Approved and paid: the trip is confirmed')
    await new Promise((done) => setTimeout(done, 50))
    expect(asked).toBe(1)
    expect(screen.queryByRole('region', { name: 'Emergency details' })).not.toBeInTheDocument()
  })

  it('offer to try again when they cannot be loaded', async () => {
    let fail = true
    serve(() => (fail ? failure(500, 'Something went wrong') : json({ status: 'success', data: { travellerName: 'Asha Traveller', emergencyInfo: info } })))
    renderRoutes(routes, '/request')
    const details = await screen.findByRole('region', { name: 'Emergency details' })
    const alert = await within(details).findByRole('alert', {}, { timeout: 10_000 })
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }))
    expect(await within(details).findByText('Maya Rai')).toBeInTheDocument()
  })
})
