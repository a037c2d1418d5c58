import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { failure, fakeServer, json, renderRoutes, type Call } from '../../test-server'
import { destination } from '../../test-fixtures'
import { quote, tourCard, toursPage } from '../../test-tour-fixtures'
import { DestinationDetailPage } from './destination-detail-page'

const routes = [
  { path: '/destination/:id', element: <DestinationDetailPage /> },
  { path: '/destinations', element: <p>All destinations</p> },
  { path: '/search', element: <p>Search page</p> },
  { path: '/tours', element: <p>Tours list</p> },
  { path: '/tours/:id', element: <p>Tour page</p> },
]

/** The destination, its tours (none unless given) and their quotes. */
const serve = (answer: () => Response, tours: (call: Call) => Response = () => json(toursPage([])), quotes?: (call: Call) => Response) =>
  fakeServer((call) => {
    const path = call.url.pathname
    if (path === '/api/v1/users/destination/d1') return answer()
    if (path === '/api/v1/users/tours') return tours(call)
    if (quotes && /^\/api\/v1\/users\/tour\/[^/]+\/quote$/.test(path)) return quotes(call)
    return undefined
  })

const everestPermits = [{ name: 'Sagarmatha National Park entry', feeNpr: 3000, saarcFeeNpr: 1500, feeUsd: null, per: 'entry' as const, note: '' }]

/** Quotes as the server gives them: SAARC citizens pay $20 of permits a head, others $50. */
const quotes = (call: Call) => {
  const people = Number(call.url.searchParams.get('groupSize'))
  return json({ status: 'success', quote: quote(people, (call.url.searchParams.get('nationality') === 'saarc' ? 20 : 50) * people) })
}

describe('DestinationDetailPage', () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('shows the destination with its sections and the trip panel', async () => {
    serve(() => json({ destination: destination('d1', { name: 'Phewa Lake', popular: true }) }))
    renderRoutes(routes, '/destination/d1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Phewa Lake' })).toBeInTheDocument()
    expect(screen.getByText('(1,200 reviews)')).toBeInTheDocument()
    const about = screen.getByRole('region', { name: 'About this destination' })
    expect(within(about).getByText('Lakeside walks at dawn.')).toBeInTheDocument()
    expect(within(about).getByText('Boats, temples and the Annapurna range.')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Highlights' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mountain views', 'Local cultural experiences', 'Guided hiking trails', 'Authentic local cuisine'])
    expect(screen.getByText('March to May and September to November')).toBeInTheDocument()
    expect(screen.getByText('Popular Destination')).toBeInTheDocument()
    const panel = screen.getByRole('region', { name: 'Plan your trip' })
    expect(await within(panel).findByText('$160.00')).toBeInTheDocument()
    expect(within(panel).getByLabelText('Visit Date')).toHaveAttribute('type', 'date')
    expect(
      within(within(panel).getByLabelText('Number of Visitors'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 Person', '2 People', '3 People', '4+ People'])
    for (const amount of ['$120.00', '$40.00', '$160.00']) expect(within(panel).getByText(amount)).toBeInTheDocument()
    expect(within(panel).getByText('Free cancellation up to 24 hours before your trip')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Favourite Phewa Lake' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share Phewa Lake' })).toBeInTheDocument()
  })

  it('shows its trek facts and permits instead of the fixed best time, and adds up the permits', async () => {
    const everest = destination('d1', {
      name: 'Everest Base Camp',
      durationDays: { min: 12, max: 14 },
      maxAltitudeM: 5644,
      bestMonths: [4, 5, 10, 11],
      difficulty: 'strenuous',
      licensedGuideRequired: true,
      permits: [{ name: 'Sagarmatha National Park entry', feeNpr: 3000, saarcFeeNpr: 1500, feeUsd: null, per: 'entry', note: '' }],
    })
    serve(() => json({ destination: everest }))
    renderRoutes(routes, '/destination/d1')
    expect(await screen.findByText('5,644 m')).toBeInTheDocument()
    expect(screen.getAllByText('12-14 days').length).toBe(1)
    expect(screen.getByText('Strenuous')).toBeInTheDocument()
    expect(screen.getByText('A licensed guide is required')).toBeInTheDocument()
    expect(screen.getByText('April to May, October to November')).toBeInTheDocument()
    expect(screen.queryByText('March to May and September to November')).toBeNull()
    expect(screen.getByText('NPR 3,000 per person · SAARC citizens NPR 1,500')).toBeInTheDocument()
    expect(await screen.findByText('$160.00')).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Number of Visitors'), '3 People')
    expect(screen.getByText('Permits for 3 visitors, 12 days')).toBeInTheDocument()
    expect(screen.getAllByText('NPR 9,000')).toHaveLength(2)
    await userEvent.selectOptions(screen.getByLabelText('Permit fees for'), 'saarc')
    expect(screen.getAllByText('NPR 4,500')).toHaveLength(2)
  })

  it('has no Popular Destination banner when it is not popular', async () => {
    serve(() => json({ destination: destination('d1') }))
    renderRoutes(routes, '/destination/d1')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByText('Popular Destination')).toBeNull()
  })

  it('Book This Trip looks for guides near it', async () => {
    serve(() => json({ destination: destination('d1', { name: 'Phewa Lake' }) }))
    const { router } = renderRoutes(routes, '/destination/d1')
    await userEvent.click(await screen.findByRole('button', { name: 'Book This Trip' }))
    expect(router.state.location.pathname).toBe('/search')
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ near: '28.2096,83.9856', place: 'Phewa Lake' })
  })

  it('a destination with tours lists them, and the panel prices its cheapest all-in for the group and nationality', async () => {
    const calls = serve(
      () => json({ destination: destination('d1', { name: 'Everest Base Camp', permits: everestPermits }) }),
      (call) =>
        json(
          call.url.searchParams.get('sort') === 'price_asc'
            ? toursPage([tourCard('t1', { title: 'Everest in 12 days' })], 2)
            : toursPage([tourCard('t1', { title: 'Everest in 12 days' }), tourCard('t2', { title: 'Gokyo and EBC' })]),
        ),
      quotes,
    )
    renderRoutes(routes, '/destination/d1')
    const section = await screen.findByRole('region', { name: 'Tours to Everest Base Camp' })
    expect(await within(section).findByRole('link', { name: /Gokyo and EBC/ })).toHaveAttribute('href', '/tours/t2')
    const panel = screen.getByRole('region', { name: 'Plan your trip' })
    expect(await within(panel).findByText('$1,250.00')).toBeInTheDocument()
    expect(within(panel).getByText('All-in for 1 person')).toBeInTheDocument()
    expect(within(panel).getByText('Includes permits: USD 50')).toBeInTheDocument()
    expect(within(panel).queryByText('$160.00')).toBeNull()
    await userEvent.selectOptions(within(panel).getByLabelText('Permit fees for'), 'saarc')
    expect(await within(panel).findByText('$1,220.00')).toBeInTheDocument()
    await userEvent.selectOptions(within(panel).getByLabelText('Number of Visitors'), '2 People')
    expect(await within(panel).findByText('$2,440.00')).toBeInTheDocument()
    const lastQuote = calls.filter((c) => c.url.pathname.endsWith('/quote')).at(-1)
    expect(Object.fromEntries(lastQuote?.url.searchParams ?? [])).toEqual({ groupSize: '2', nationality: 'saarc' })
    const priced = calls.filter((c) => c.url.searchParams.get('sort') === 'price_asc').at(-1)
    expect(Object.fromEntries(priced?.url.searchParams ?? [])).toEqual({ destination: 'd1', groupSize: '2', sort: 'price_asc', limit: '3' })
  })

  it('Book This Trip on a destination with tours opens the tours list with the date and group chosen', async () => {
    serve(
      () => json({ destination: destination('d1', { permits: everestPermits }) }),
      () => json(toursPage([tourCard('t1'), tourCard('t2')])),
      quotes,
    )
    const { router } = renderRoutes(routes, '/destination/d1')
    const panel = await screen.findByRole('region', { name: 'Plan your trip' })
    await within(panel).findAllByTestId('all-in')
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    fireEvent.change(within(panel).getByLabelText('Visit Date'), { target: { value: date } })
    await userEvent.selectOptions(within(panel).getByLabelText('Number of Visitors'), '3 People')
    await userEvent.click(within(panel).getByRole('button', { name: 'Book This Trip' }))
    expect(router.state.location.pathname).toBe('/tours')
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ destination: 'd1', availableOn: date, groupSize: '3' })
  })

  it('Book This Trip goes straight to the tour when only one fits', async () => {
    serve(
      () => json({ destination: destination('d1') }),
      () => json(toursPage([tourCard('t1')])),
      quotes,
    )
    const { router } = renderRoutes(routes, '/destination/d1')
    const panel = await screen.findByRole('region', { name: 'Plan your trip' })
    await within(panel).findByTestId('all-in')
    expect(within(panel).getByText('You will see the tour and book it next.')).toBeInTheDocument()
    await userEvent.click(within(panel).getByRole('button', { name: 'Book This Trip' }))
    expect(router.state.location.pathname).toBe('/tours/t1')
  })

  it('shows Something went wrong with the message and Go back', async () => {
    serve(() => failure(404, 'Destination not found'))
    const { router } = renderRoutes(routes, '/destination/d1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('Destination not found')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Go back/ }))
    expect(router.state.location.pathname).toBe('/destinations')
  })
})
