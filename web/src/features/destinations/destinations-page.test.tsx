import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeServer, json, renderRoutes } from '../../test-server'
import { destination } from '../../test-fixtures'
import { DestinationsPage } from './destinations-page'
import { LOCAL_SAVED_KEY } from '../../lib/local-saved'

const routes = [
  { path: '/destinations', element: <DestinationsPage /> },
  { path: '/destination/:id', element: <p>Destination page</p> },
]

function serve() {
  return fakeServer(({ url }) => {
    if (url.pathname !== '/api/v1/users/destinations') return undefined
    const page = Number(url.searchParams.get('page'))
    return page === 1
      ? json({ destinations: [destination('high', { rating: 4.5 }), destination('low', { rating: 4.4 })], totalPages: 2 })
      : json({ destinations: [destination('more')], totalPages: 2 })
  })
}

describe('DestinationsPage', () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('shows Loading destinations... first, then cards of six per page with their texts', async () => {
    const calls = serve()
    renderRoutes(routes, '/destinations')
    expect(screen.getByRole('heading', { level: 1, name: 'Popular Destinations' })).toBeInTheDocument()
    expect(screen.getByText('Loading destinations...')).toBeInTheDocument()
    const card = await screen.findByRole('article', { name: 'Place high' })
    expect(calls[0].url.searchParams.get('limit')).toBe('6')
    expect(within(card).getByText('Pokhara, Gandaki Province')).toBeInTheDocument()
    expect(within(card).getByText('1,200 reviews')).toBeInTheDocument()
    expect(within(card).getByText('3-5 days')).toBeInTheDocument()
    expect(within(card).getByText(/Lakeside walks at dawn/)).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Learn More about Place high' })).toHaveAttribute('href', '/destination/high')
  })

  it('gives Top Rated only from a rating of 4.5', async () => {
    serve()
    renderRoutes(routes, '/destinations')
    expect(within(await screen.findByRole('article', { name: 'Place high' })).getByText('Top Rated')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Place low' })).queryByText('Top Rated')).toBeNull()
  })

  it('Load More Destinations appends the next page and disappears on the last', async () => {
    serve()
    renderRoutes(routes, '/destinations')
    await screen.findByRole('article', { name: 'Place high' })
    await userEvent.click(screen.getByRole('button', { name: 'Load More Destinations' }))
    expect(await screen.findByRole('article', { name: 'Place more' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Load More Destinations' })).toBeNull()
  })

  it('keeps favourites in local storage', async () => {
    serve()
    const first = renderRoutes(routes, '/destinations')
    const heart = await screen.findByRole('button', { name: 'Favourite Place high' })
    expect(heart).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(heart)
    expect(heart).toHaveAttribute('aria-pressed', 'true')
    expect(JSON.parse(localStorage.getItem(LOCAL_SAVED_KEY)!)).toEqual(['high'])
    first.unmount()

    renderRoutes(routes, '/destinations')
    expect(await screen.findByRole('button', { name: 'Favourite Place high' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('copies the link when there is no share sheet and says so', async () => {
    serve()
    const writeText = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } })
    renderRoutes(routes, '/destinations')
    await userEvent.click(await screen.findByRole('button', { name: 'Share Place high' }))
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/destination/high`)
  })

  it('opens the destination when the card is clicked, but not from its buttons', async () => {
    serve()
    const { router } = renderRoutes(routes, '/destinations')
    await userEvent.click(await screen.findByRole('button', { name: 'Favourite Place low' }))
    expect(router.state.location.pathname).toBe('/destinations')
    await userEvent.click(within(screen.getByRole('article', { name: 'Place low' })).getByText('Pokhara, Gandaki Province'))
    expect(router.state.location.pathname).toBe('/destination/low')
  })

  it('shows the error text on failure', async () => {
    fakeServer(() => new Response('down', { status: 502 }))
    renderRoutes(routes, '/destinations')
    expect(await screen.findByText('Failed to load destinations')).toBeInTheDocument()
  })
})
