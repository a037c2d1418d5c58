import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeServer, json, renderRoutes } from '../../test-server'
import { destination, guideCard } from '../../test-fixtures'
import { HomePage } from './home-page'

const routes = [
  { path: '/', element: <HomePage /> },
  { path: '/search', element: <p>Search page</p> },
  { path: '/guides', element: <p>All guides</p> },
]

function serve() {
  return fakeServer(({ url }) => {
    if (url.pathname === '/api/v1/users/guides') {
      const category = url.searchParams.get('category') ?? 'all'
      return json({ guides: [guideCard(`${category}-1`), guideCard(`${category}-2`)], totalPages: 1, nextCursor: null })
    }
    if (url.pathname === '/api/v1/users/destinations') {
      const page = Number(url.searchParams.get('page'))
      return json({ destinations: [destination(`p${page}`)], totalPages: 2 })
    }
    return undefined
  })
}

describe('HomePage', () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('shows six top-rated guides with View All Guides', async () => {
    const calls = serve()
    renderRoutes(routes, '/')
    expect(await screen.findByRole('article', { name: 'Pemba Sherpa all-1' })).toBeInTheDocument()
    const guides = calls.find((c) => c.url.pathname === '/api/v1/users/guides')!
    expect(guides.url.searchParams.get('limit')).toBe('6')
    expect(screen.getByRole('link', { name: /View All Guides/ })).toHaveAttribute('href', '/guides')
  })

  it('searches with the text and the chosen chip; empty text does nothing', async () => {
    serve()
    const { router } = renderRoutes(routes, '/')
    const chips = screen.getByRole('group', { name: 'Guide categories' })
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Trekking', 'Cultural Tours', 'Adventure', 'Wildlife', 'Food', 'Historical', 'Nature'])
    await userEvent.click(screen.getByRole('button', { name: 'Explore' }))
    expect(router.state.location.pathname).toBe('/')

    await userEvent.click(within(chips).getByRole('button', { name: 'Cultural Tours' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search guides' }), 'Patan temples')
    await userEvent.click(screen.getByRole('button', { name: 'Explore' }))
    expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=Patan+temples&category=cultural')
  })

  it('Enter in the search box searches too', async () => {
    serve()
    const { router } = renderRoutes(routes, '/')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search guides' }), 'everest{Enter}')
    expect(router.state.location.search).toBe('?q=everest&category=all')
  })

  it('the chosen chip also narrows the top-rated guides', async () => {
    serve()
    renderRoutes(routes, '/')
    await screen.findByRole('article', { name: 'Pemba Sherpa all-1' })
    await userEvent.click(screen.getByRole('button', { name: 'Wildlife' }))
    expect(await screen.findByRole('heading', { name: 'Top-rated Wildlife guides' })).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Pemba Sherpa wildlife-1' })).toBeInTheDocument()
  })

  it('shows destinations with the fixed texts, and Load More appends the next page until the last', async () => {
    serve()
    renderRoutes(routes, '/')
    const first = await screen.findByRole('article', { name: 'Place p1' })
    expect(within(first).getByText('Top Rated')).toBeInTheDocument()
    expect(within(first).getByText('3-5 days')).toBeInTheDocument()
    expect(within(first).getByText('Best time: Apr-Jun')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Load More Destinations' }))
    expect(await screen.findByRole('article', { name: 'Place p2' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Place p1' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load More Destinations' })).toBeNull()
  })

  it('gives the landing card the Top Rated badge whatever the rating', async () => {
    fakeServer(({ url }) =>
      url.pathname === '/api/v1/users/destinations'
        ? json({ destinations: [destination('low', { rating: 3.9 })], totalPages: 1 })
        : json({ guides: [], totalPages: 0, nextCursor: null }),
    )
    renderRoutes(routes, '/')
    expect(within(await screen.findByRole('article', { name: 'Place low' })).getByText('Top Rated')).toBeInTheDocument()
  })

  it('has three testimonials and the AI buddy promo', async () => {
    serve()
    renderRoutes(routes, '/')
    expect(within(screen.getByRole('region', { name: 'Trips they still talk about' })).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByRole('button', { name: /Chat with Tourist Buddy/ })).toBeInTheDocument()
  })
})
