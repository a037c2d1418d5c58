import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeServer, json, renderRoutes, type Call } from '../../test-server'
import { destination, guideCard } from '../../test-fixtures'
import { SearchPage } from './search-page'

const routes = [{ path: '/search', element: <SearchPage /> }]

function serve({
  guides = (call: Call) => json({ guides: [guideCard(`p${call.url.searchParams.get('page')}`)], page: 1, hasMore: false }),
  destinations = [destination('phewa')],
} = {}) {
  return fakeServer((call) => {
    if (call.url.pathname === '/api/v1/users/search') return guides(call)
    if (call.url.pathname === '/api/v1/users/destinations') return json({ destinations, totalPages: 1 })
    return undefined
  })
}

const searchCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/v1/users/search')

describe('SearchPage', () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('titles the results, sends words and category, 12 per page', async () => {
    const calls = serve()
    renderRoutes(routes, '/search?q=pokhara&category=trekking')
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results for "pokhara"' })).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Pemba Sherpa p1' })).toBeInTheDocument()
    const params = searchCalls(calls)[0].url.searchParams
    expect(Object.fromEntries(params)).toEqual({ query: 'pokhara', category: 'trekking', page: '1', limit: '12' })
    expect(screen.getByRole('searchbox', { name: 'Search guides' })).toHaveValue('pokhara')
  })

  it('leaves out category all', async () => {
    const calls = serve()
    renderRoutes(routes, '/search?q=momo&category=all')
    await screen.findByRole('article', { name: 'Pemba Sherpa p1' })
    expect(searchCalls(calls)[0].url.searchParams.has('category')).toBe(false)
  })

  it('loads more while the server says more follow', async () => {
    const calls = serve({ guides: (call) => json({ guides: [guideCard(`p${call.url.searchParams.get('page')}`)], page: 1, hasMore: call.url.searchParams.get('page') === '1' }) })
    renderRoutes(routes, '/search?q=trek')
    await screen.findByRole('article', { name: 'Pemba Sherpa p1' })
    await userEvent.click(screen.getByRole('button', { name: 'Load more guides' }))
    expect(await screen.findByRole('article', { name: 'Pemba Sherpa p2' })).toBeInTheDocument()
    expect(searchCalls(calls).map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2'])
    expect(screen.queryByRole('button', { name: 'Load more guides' })).toBeNull()
  })

  it('searches near a point with its name as the title, and shows distances', async () => {
    const calls = serve({ guides: () => json({ guides: [guideCard('near', { distanceKm: 2.3 })], page: 1, hasMore: false }) })
    renderRoutes(routes, '/search?near=28.2096,83.9856&radius=25&place=Phewa%20Lake')
    expect(screen.getByRole('heading', { level: 1, name: 'Guides near Phewa Lake' })).toBeInTheDocument()
    expect(await screen.findByText('2.3 km away')).toBeInTheDocument()
    expect(Object.fromEntries(searchCalls(calls)[0].url.searchParams)).toMatchObject({ lat: '28.2096', lng: '83.9856', radiusKm: '25' })
  })

  it('narrows by address for a place without a point', async () => {
    const calls = serve()
    renderRoutes(routes, '/search?place=Mugu')
    expect(screen.getByRole('heading', { level: 1, name: 'Guides near Mugu' })).toBeInTheDocument()
    await screen.findByRole('article', { name: 'Pemba Sherpa p1' })
    expect(searchCalls(calls)[0].url.searchParams.get('address')).toBe('Mugu')
  })

  it('lists matching destinations under the guides, and hides the section when none match', async () => {
    serve()
    const first = renderRoutes(routes, '/search?q=phewa')
    const section = await screen.findByRole('region', { name: 'Destinations matching "phewa"' })
    expect(within(section).getByRole('article', { name: 'Place phewa' })).toBeInTheDocument()
    first.unmount()

    vi.unstubAllGlobals()
    serve({ destinations: [] })
    renderRoutes(routes, '/search?q=zzz')
    await screen.findByRole('article', { name: 'Pemba Sherpa p1' })
    expect(screen.queryByRole('region', { name: /Destinations matching/ })).toBeNull()
  })

  it('says No guides found when nothing matches', async () => {
    serve({ guides: () => json({ guides: [], page: 1, hasMore: false }) })
    renderRoutes(routes, '/search?q=zzz')
    expect(await screen.findByText('No guides found')).toBeInTheDocument()
  })

  it('shows the search error text with Try Again', async () => {
    serve({ guides: () => new Response('down', { status: 503 }) })
    renderRoutes(routes, '/search?q=zzz')
    expect(await screen.findByText('Failed to load guides. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })

  it('searches again from its box, keeping the category, and a filter can be removed', async () => {
    serve()
    const { router } = renderRoutes(routes, '/search?q=pokhara&category=food')
    const box = screen.getByRole('searchbox', { name: 'Search guides' })
    await userEvent.clear(box)
    await userEvent.type(box, 'thamel{Enter}')
    expect(router.state.location.search).toBe('?q=thamel&category=food')
    await userEvent.click(await screen.findByRole('link', { name: 'Remove filter: Food' }))
    expect(router.state.location.search).toBe('?q=thamel')
  })
})
