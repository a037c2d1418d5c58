import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { blog } from '../../test-fixtures'
import { failure, fakeServer, json, renderRoutes } from '../../test-server'
import { BlogsPage, END_OF_BLOGS, LOADING_MORE } from './blogs-page'
import { translate } from '../../i18n/messages'

const routes = [
  { path: '/blogs', element: <BlogsPage /> },
  { path: '/blog/:blogId', element: <p>Blog page</p> },
  { path: '/search', element: <p>Search page</p> },
]

const titles = () =>
  within(screen.getByRole('list', { name: 'Blogs' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'))

/** Two pages by cursor: a, b then b (again, after a new post pushed it down), c. */
function serveTwoPages(second: () => Response | Promise<Response> = () => json({ blogs: [blog('b'), blog('c')], totalPages: 2, nextCursor: null })) {
  return fakeServer(({ url }) => {
    if (url.pathname !== '/api/v1/users/blogs') return undefined
    return url.searchParams.get('cursor') === 'c1' ? second() : json({ blogs: [blog('a'), blog('b')], totalPages: 2, nextCursor: 'c1' })
  })
}

/** jsdom lays nothing out: make the posts reach below the window, so only the button loads more. */
function pageFillsWindow() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ bottom: 5000 } as DOMRect)
}

describe('BlogsPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    // Keep the scroll check quiet; these tests drive the next page through the button.
    vi.stubGlobal('requestAnimationFrame', () => 0)
  })

  it('shows the newest posts as cards with date, title, excerpt, real likes and Read More', async () => {
    pageFillsWindow()
    const calls = fakeServer(({ url }) =>
      url.pathname === '/api/v1/users/blogs'
        ? json({ blogs: [blog('a', { title: 'Poon Hill at dawn', likeCount: 12, image: '/media/a.webp', imageThumb: '/media/a-thumb.webp' })], totalPages: 1, nextCursor: null })
        : undefined,
    )
    renderRoutes(routes, '/blogs')
    expect(screen.getByRole('heading', { level: 1, name: 'Latest Blogs' })).toBeInTheDocument()
    const card = await screen.findByRole('article', { name: 'Poon Hill at dawn' })
    expect(calls[0].url.searchParams.get('limit')).toBe('6')
    expect(calls[0].url.searchParams.get('page')).toBe('1')
    expect(within(card).getByText('March 5, 2026')).toBeInTheDocument()
    expect(within(card).getByText(/Up before dawn at Poon Hill\. The Annapurna range/)).toBeInTheDocument()
    expect(within(card).getByText('12 likes')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Read More: Poon Hill at dawn' })).toHaveAttribute('href', '/blog/a')
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/a-thumb.webp')
    expect(await screen.findByText(translate(END_OF_BLOGS))).toBeInTheDocument()
  })

  it('a click anywhere on a card opens the post', async () => {
    pageFillsWindow()
    fakeServer(({ url }) => (url.pathname === '/api/v1/users/blogs' ? json({ blogs: [blog('a')], totalPages: 1, nextCursor: null }) : undefined))
    const { router } = renderRoutes(routes, '/blogs')
    await userEvent.click(within(await screen.findByRole('article', { name: 'Trail notes a' })).getByText('March 5, 2026'))
    expect(router.state.location.pathname).toBe('/blog/a')
  })

  it("loads the next page by cursor, showing 'Loading more blogs...', without repeating a post, until the end", async () => {
    pageFillsWindow()
    let release: () => void = () => undefined
    const calls = serveTwoPages(
      () =>
        new Promise((resolve) => {
          release = () => resolve(json({ blogs: [blog('b'), blog('c')], totalPages: 2, nextCursor: null }))
        }),
    )
    renderRoutes(routes, '/blogs')
    await screen.findByRole('article', { name: 'Trail notes a' })
    expect(screen.queryByText(translate(END_OF_BLOGS))).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Load more blogs' }))
    expect(await screen.findByText(translate(LOADING_MORE))).toBeInTheDocument()
    release()
    expect(await screen.findByRole('article', { name: 'Trail notes c' })).toBeInTheDocument()
    expect(titles()).toEqual(['Trail notes a', 'Trail notes b', 'Trail notes c'])
    expect(calls[1].url.searchParams.get('cursor')).toBe('c1')
    expect(screen.getByText(translate(END_OF_BLOGS))).toBeInTheDocument()
    expect(screen.queryByText(translate(LOADING_MORE))).toBeNull()
    expect(screen.queryByRole('button', { name: 'Load more blogs' })).toBeNull()
  })

  it('500 ms after a page lands, loads another while the posts do not fill the window', async () => {
    const calls = serveTwoPages()
    renderRoutes(routes, '/blogs')
    await screen.findByRole('article', { name: 'Trail notes a' })
    expect(calls).toHaveLength(1)
    expect(await screen.findByRole('article', { name: 'Trail notes c' }, { timeout: 2000 })).toBeInTheDocument()
    expect(calls).toHaveLength(2)
    expect(screen.getByText(translate(END_OF_BLOGS))).toBeInTheDocument()
  })

  it('does not auto-load when the posts already fill the window', async () => {
    pageFillsWindow()
    const calls = serveTwoPages()
    renderRoutes(routes, '/blogs')
    await screen.findByRole('article', { name: 'Trail notes a' })
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(calls).toHaveLength(1)
  })

  it("shows 'Failed to load blogs' with Try Again when the first page fails, and Try Again loads it", async () => {
    pageFillsWindow()
    let fail = true
    fakeServer(({ url }) => {
      if (url.pathname !== '/api/v1/users/blogs') return undefined
      if (fail) throw new TypeError('Failed to fetch')
      return json({ blogs: [blog('a')], totalPages: 1, nextCursor: null })
    })
    renderRoutes(routes, '/blogs')
    expect(await screen.findByText('Failed to load blogs')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('article', { name: 'Trail notes a' })).toBeInTheDocument()
  })

  it("shows the server's message when a later page fails, and Try Again asks for that page again", async () => {
    pageFillsWindow()
    let fail = true
    serveTwoPages(() => (fail ? failure(400, 'The cursor is not valid: start again from the first page') : json({ blogs: [blog('c')], totalPages: 2, nextCursor: null })))
    renderRoutes(routes, '/blogs')
    await screen.findByRole('article', { name: 'Trail notes a' })
    await userEvent.click(screen.getByRole('button', { name: 'Load more blogs' }))
    const box = await screen.findByRole('alert')
    expect(box).toHaveTextContent('The cursor is not valid: start again from the first page')
    expect(titles()).toEqual(['Trail notes a', 'Trail notes b'])
    fail = false
    await userEvent.click(within(box).getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('article', { name: 'Trail notes c' })).toBeInTheDocument()
  })

  it('the search box goes to /search?q= only with text', async () => {
    pageFillsWindow()
    fakeServer(({ url }) => (url.pathname === '/api/v1/users/blogs' ? json({ blogs: [], totalPages: 0, nextCursor: null }) : undefined))
    const { router } = renderRoutes(routes, '/blogs')
    const box = screen.getByRole('searchbox', { name: 'Search blogs' })
    expect(box).toHaveAttribute('placeholder', 'Search blogs...')
    await userEvent.type(box, '   {Enter}')
    expect(router.state.location.pathname).toBe('/blogs')
    await userEvent.clear(box)
    await userEvent.type(box, ' poon hill {Enter}')
    expect(router.state.location.pathname).toBe('/search')
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('poon hill')
  })

  it('says so when there are no posts yet', async () => {
    pageFillsWindow()
    fakeServer(({ url }) => (url.pathname === '/api/v1/users/blogs' ? json({ blogs: [], totalPages: 0, nextCursor: null }) : undefined))
    renderRoutes(routes, '/blogs')
    expect(await screen.findByText('No blogs yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in to write the first one' })).toHaveAttribute('href', '/login')
    await waitFor(() => expect(screen.queryByText(translate(END_OF_BLOGS))).toBeNull())
  })
})
