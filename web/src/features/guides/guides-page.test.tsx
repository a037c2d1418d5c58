import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeServer, failure, json, renderRoutes } from '../../test-server'
import { guideCard } from '../../test-fixtures'
import { GuidesPage } from './guides-page'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['guides']))

const routes = [
  { path: '/guides', element: <GuidesPage /> },
  { path: '/search', element: <p>Search page</p> },
]

const guideNames = () =>
  within(screen.getByRole('list', { name: 'Guides' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'))

describe('GuidesPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    // jsdom lays nothing out, so every page looks scrolled to the bottom: keep the
    // infinite scroll quiet and drive "the next page" through its button.
    vi.stubGlobal('requestAnimationFrame', () => 0)
  })

  it('lists ten guides at a time, asking for the next page by cursor', async () => {
    const calls = fakeServer(({ url }) => {
      if (url.pathname !== '/api/v1/users/guides') return undefined
      return url.searchParams.get('cursor') === 'c1'
        ? json({ guides: [guideCard('b')], totalPages: 2, nextCursor: null })
        : json({ guides: [guideCard('a')], totalPages: 2, nextCursor: 'c1' })
    })
    renderRoutes(routes, '/guides')
    expect(await screen.findByRole('article', { name: 'Pemba Sherpa a' })).toBeInTheDocument()
    expect(calls[0].url.searchParams.get('limit')).toBe('10')
    expect(calls[0].url.searchParams.has('category')).toBe(false)

    await userEvent.click(screen.getByRole('button', { name: 'Load more guides' }))
    expect(await screen.findByRole('article', { name: 'Pemba Sherpa b' })).toBeInTheDocument()
    expect(guideNames()).toEqual(['Pemba Sherpa a', 'Pemba Sherpa b'])
    expect(calls[1].url.searchParams.get('cursor')).toBe('c1')
    expect(await screen.findByText("You've seen every guide in this list.")).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more guides' })).toBeNull()
  })

  it('loads the next page by itself once scrolled within 200 px of the bottom', async () => {
    const page = { scrollHeight: 3000, innerHeight: 800, scrollY: 0 }
    const stubs = [
      [document.documentElement, 'scrollHeight'],
      [window, 'innerHeight'],
      [window, 'scrollY'],
    ] as const
    const saved = stubs.map(([target, name]) => Object.getOwnPropertyDescriptor(target, name))
    for (const [target, name] of stubs) Object.defineProperty(target, name, { configurable: true, get: () => page[name] })
    try {
      const calls = fakeServer(({ url }) =>
        url.searchParams.get('cursor') ? json({ guides: [guideCard('b')], totalPages: 2, nextCursor: null }) : json({ guides: [guideCard('a')], totalPages: 2, nextCursor: 'c1' }),
      )
      renderRoutes(routes, '/guides')
      await screen.findByRole('article', { name: 'Pemba Sherpa a' })
      // The first page lands in a transition, whose effects (the scroll listener) run just after it shows.
      await act(async () => {})
      page.scrollY = 1950 // 250 px from the bottom
      window.dispatchEvent(new Event('scroll'))
      expect(calls).toHaveLength(1)
      page.scrollY = 2050 // 150 px from the bottom
      window.dispatchEvent(new Event('scroll'))
      expect(await screen.findByRole('article', { name: 'Pemba Sherpa b' })).toBeInTheDocument()
      expect(calls).toHaveLength(2)
    } finally {
      stubs.forEach(([target, name], i) => {
        const descriptor = saved[i]
        if (descriptor) Object.defineProperty(target, name, descriptor)
        else Reflect.deleteProperty(target, name)
      })
    }
  })

  it('filters by the chosen category chip', async () => {
    const calls = fakeServer(({ url }) => json({ guides: [guideCard(url.searchParams.get('category') ?? 'all')], totalPages: 1, nextCursor: null }))
    const { router } = renderRoutes(routes, '/guides')
    const chips = await screen.findByRole('group', { name: 'Guide categories' })
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Trekking', 'Cultural Tours', 'Adventure', 'Wildlife', 'Food', 'Historical', 'Nature'])
    await userEvent.click(within(chips).getByRole('button', { name: 'Food' }))
    expect(await screen.findByRole('article', { name: 'Pemba Sherpa food' })).toBeInTheDocument()
    expect(calls.at(-1)!.url.searchParams.get('category')).toBe('food')
    expect(router.state.location.search).toBe('?category=food')
    expect(within(chips).getByRole('button', { name: 'Food' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('filters and sorts from the filter bar, keeping it all in the URL, and shows the count', async () => {
    const calls = fakeServer(() => json({ guides: [guideCard('trekking')], total: 1, totalPages: 1, nextCursor: null }))
    const { router } = renderRoutes(routes, '/guides?category=trekking&language=French&date=2026-12-12')
    expect(await screen.findByText('1 guide')).toBeInTheDocument()
    const asked = calls.at(-1)!.url.searchParams
    expect(asked.get('category')).toBe('trekking')
    expect(asked.get('language')).toBe('French')
    expect(asked.get('availableOn')).toBe('2026-12-12')
    const filters = screen.getByRole('group', { name: 'Filters' })
    expect(within(filters).getByRole('combobox', { name: 'Language' })).toHaveValue('French')

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc')
    await userEvent.type(within(filters).getByRole('spinbutton', { name: 'Highest price per day' }), '60{Enter}')
    expect(router.state.location.search).toBe('?category=trekking&language=French&maxPrice=60&date=2026-12-12&sort=price_asc')
    await screen.findByText('1 guide')
    expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('price_asc')
    expect(calls.at(-1)!.url.searchParams.get('maxPrice')).toBe('60')
  })

  it('says No guides found when the list is empty', async () => {
    fakeServer(() => json({ guides: [], totalPages: 0, nextCursor: null }))
    renderRoutes(routes, '/guides')
    expect(await screen.findByText('No guides found')).toBeInTheDocument()
  })

  it('shows the error with Try Again, which asks again', async () => {
    let fail = true
    fakeServer(() => (fail ? new Response('oops', { status: 500 }) : json({ guides: [guideCard('a')], totalPages: 1, nextCursor: null })))
    renderRoutes(routes, '/guides')
    expect(await screen.findByText('Failed to load guides')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('article', { name: 'Pemba Sherpa a' })).toBeInTheDocument()
  })

  it('shows the server’s message when it sends one', async () => {
    fakeServer(() => failure(400, 'Unknown category'))
    renderRoutes(routes, '/guides?category=food')
    expect(await screen.findByText('Unknown category')).toBeInTheDocument()
  })

  it('searches from its search box, ignoring blank text', async () => {
    fakeServer(() => json({ guides: [], totalPages: 0, nextCursor: null }))
    const { router } = renderRoutes(routes, '/guides')
    const box = screen.getByRole('searchbox', { name: 'Search guides' })
    await userEvent.type(box, '   {Enter}')
    expect(router.state.location.pathname).toBe('/guides')
    await userEvent.type(box, 'pokhara{Enter}')
    expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=pokhara')
  })
})
