import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { blog } from '../../test-fixtures'
import { failure, fakeServer, json, renderRoutes, type Call } from '../../test-server'
import { BlogDetailPage, LOG_IN_TO_LIKE } from './blog-detail-page'
import { translate } from '../../i18n/messages'

const routes = [
  { path: '/blog/:blogId', element: <BlogDetailPage /> },
  { path: '/blogs', element: <p>All blogs</p> },
  { path: '/login', element: <p>Login page</p> },
]

type Answer = (call: Call) => Response | undefined

/** The post b1 (or `post`), a feed of `feed`, and whatever else `more` answers. */
function serve(post = blog('b1'), feed = [blog('b1'), blog('b2'), blog('b3'), blog('b4'), blog('b5')], more: Answer = () => undefined) {
  return fakeServer((call) => {
    if (call.url.pathname === `/api/v1/users/blog/${post._id}`) return json({ blog: post })
    if (call.url.pathname === '/api/v1/users/blogs') return json({ blogs: feed, totalPages: 1, nextCursor: null })
    return more(call)
  })
}

function signIn() {
  localStorage.setItem('token', 't')
  localStorage.setItem('refreshToken', 'r')
  localStorage.setItem('role', 'tourist')
}

describe('BlogDetailPage', () => {
  beforeEach(() => vi.unstubAllGlobals())
  afterEach(() => {
    delete (navigator as { share?: unknown }).share
    delete (navigator as { clipboard?: unknown }).clipboard
  })

  it('shows the title, author, date, like count and the body as paragraphs', async () => {
    serve(blog('b1', { title: 'Poon Hill at dawn', likeCount: 7, image: '/media/b1.webp' }))
    renderRoutes(routes, '/blog/b1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Poon Hill at dawn' })).toBeInTheDocument()
    const post = screen.getByRole('article', { name: 'Poon Hill at dawn' })
    expect(within(post).getByText('Asha Traveller')).toBeInTheDocument()
    expect(within(post).getByText('March 5, 2026')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Like (7 likes)' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByText('Up before dawn at Poon Hill.').tagName).toBe('P')
    expect(screen.getByText('The Annapurna range turned pink, then gold.').tagName).toBe('P')
    expect(screen.getByRole('img', { name: 'Poon Hill at dawn' })).toHaveAttribute('src', '/media/b1.webp')
    expect(screen.getByRole('link', { name: /Back to blogs/ })).toHaveAttribute('href', '/blogs')
    expect(screen.getByRole('button', { name: /Share This Blog/ })).toBeInTheDocument()
  })

  it('shows markup in the body as the characters typed', async () => {
    serve(blog('b1', { description: '<script>alert(1)</script>\n<img src=x onerror="alert(2)">' }))
    const { container } = renderRoutes(routes, '/blog/b1')
    expect(await screen.findByText('<script>alert(1)</script>')).toBeInTheDocument()
    expect(screen.getByText('<img src=x onerror="alert(2)">')).toBeInTheDocument()
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img[src="x"]')).toBeNull()
  })

  it("says 'Anonymous' when the post has no author name", async () => {
    serve(blog('b1', { authorId: { _id: 'u1', firstName: '', lastName: '' } }))
    renderRoutes(routes, '/blog/b1')
    expect(await screen.findByText('Anonymous')).toBeInTheDocument()
  })

  it('asks a signed-out reader to log in instead of liking', async () => {
    const calls = serve()
    renderRoutes(routes, '/blog/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Like (3 likes)' }))
    expect(screen.getByText(translate(LOG_IN_TO_LIKE))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(calls.some((call) => call.url.pathname.endsWith('/like'))).toBe(false)
  })

  it('likes and unlikes with the real count from the server', async () => {
    signIn()
    const calls = serve(blog('b1', { likeCount: 3 }), undefined, ({ method, url }) => {
      if (url.pathname !== '/api/v1/blogs/b1/like') return undefined
      return method === 'POST' ? json({ status: 'success', data: { liked: true, likeCount: 4 } }) : json({ status: 'success', data: { liked: false, likeCount: 3 } })
    })
    renderRoutes(routes, '/blog/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Like (3 likes)' }))
    const liked = await screen.findByRole('button', { name: 'Like (4 likes)' })
    expect(liked).toHaveAttribute('aria-pressed', 'true')
    expect(calls.find((call) => call.url.pathname === '/api/v1/blogs/b1/like')?.method).toBe('POST')

    await userEvent.click(liked)
    expect(await screen.findByRole('button', { name: 'Like (3 likes)' })).toHaveAttribute('aria-pressed', 'false')
    expect(calls.filter((call) => call.url.pathname === '/api/v1/blogs/b1/like').map((call) => call.method)).toEqual(['POST', 'DELETE'])
  })

  it('shows a failed like', async () => {
    signIn()
    serve(blog('b1'), undefined, ({ url }) => (url.pathname === '/api/v1/blogs/b1/like' ? failure(404, 'Blog not found') : undefined))
    renderRoutes(routes, '/blog/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Like (3 likes)' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Blog not found')
  })

  it('shares the title and the first 100 characters with the device share sheet', async () => {
    const share = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'share', { configurable: true, value: share })
    serve(blog('b1', { title: 'Poon Hill', description: 'x'.repeat(150) }))
    renderRoutes(routes, '/blog/b1')
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }))
    expect(share).toHaveBeenCalledWith({ title: 'Poon Hill', text: 'x'.repeat(100), url: `${window.location.origin}/blog/b1` })
  })

  it("copies the link without a share sheet and says 'Link copied to clipboard!'", async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    serve()
    renderRoutes(routes, '/blog/b1')
    await userEvent.click(await screen.findByRole('button', { name: /Share This Blog/ }))
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/blog/b1`)
  })

  it('suggests up to three other recent posts', async () => {
    serve()
    renderRoutes(routes, '/blog/b1')
    const more = await screen.findByRole('region', { name: 'You might also like' })
    expect(
      within(more)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Trail notes b2', 'Trail notes b3', 'Trail notes b4'])
  })

  it('has no suggestions when the post is the only one', async () => {
    serve(blog('b1'), [blog('b1')])
    renderRoutes(routes, '/blog/b1')
    await screen.findByRole('heading', { level: 1 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('You might also like')).toBeNull()
  })

  it("shows the server's message with Go Back", async () => {
    fakeServer(({ url }) => (url.pathname === '/api/v1/users/blog/gone' ? failure(404, 'Blog not found') : undefined))
    const { router } = renderRoutes(routes, '/blog/gone')
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog not found' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Go Back/ }))
    expect(router.state.location.pathname).toBe('/blogs')
  })

  it("shows 'Error fetching blog' when the server cannot be reached", async () => {
    fakeServer(() => {
      throw new TypeError('Failed to fetch')
    })
    renderRoutes(routes, '/blog/b1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Error fetching blog' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled())
  })
})
