import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { blog } from '../../test-fixtures'
import { failure, fakeServer, json, renderRoutes, type Call } from '../../test-server'
import { BlogDashboardPage, DELETE_CONFIRM, NO_IMAGE, NO_MATCHES_TEXT, NO_MATCHES_TITLE, START_WRITING } from './blog-dashboard-page'
import { translate } from '../../i18n/messages'

const routes = [
  { path: '/blog/dashboard', element: <BlogDashboardPage /> },
  { path: '/blog/create', element: <p>Create page</p> },
]

const mine = [
  blog('a', { title: 'Poon Hill at dawn', description: `${'Sunrise '.repeat(20)}end`, image: '/media/a.webp', imageThumb: '/media/a-thumb.webp' }),
  blog('b', { title: 'Momo in Thamel', description: 'The best dumplings near Asan.' }),
]

function serve(blogs = mine, more: (call: Call) => Response | undefined = () => undefined) {
  return fakeServer((call) => (call.url.pathname === '/api/v1/blogs' && call.method === 'GET' ? json({ status: 'success', blogs }) : more(call)))
}

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Your blogs' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'))

describe('BlogDashboardPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    localStorage.setItem('token', 't')
    localStorage.setItem('role', 'guide')
  })

  it('lists the author’s posts with the total, images or No image uploaded, 100-character excerpts and actions', async () => {
    serve()
    renderRoutes(routes, '/blog/dashboard')
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Dashboard' })).toBeInTheDocument()
    expect(screen.getByText('Manage your blog content')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Create New Blog/ })).toHaveAttribute('href', '/blog/create')
    const first = await screen.findByRole('article', { name: 'Poon Hill at dawn' })
    expect(screen.getByText('Total Blogs').nextSibling).toHaveTextContent('2')
    expect(within(first).getByText(`${'Sunrise '.repeat(12)}Sunr...`)).toBeInTheDocument()
    expect(within(first).getByText('March 5, 2026')).toBeInTheDocument()
    expect(first.querySelector('img')).toHaveAttribute('src', '/media/a-thumb.webp')
    expect(within(first).getByRole('link', { name: 'View Poon Hill at dawn' })).toHaveAttribute('href', '/blog/a')
    expect(within(first).getByRole('link', { name: 'Edit Poon Hill at dawn' })).toHaveAttribute('href', '/blog/edit/a')
    const second = screen.getByRole('article', { name: 'Momo in Thamel' })
    expect(within(second).getByText(translate(NO_IMAGE))).toBeInTheDocument()
    expect(within(second).getByText('The best dumplings near Asan.')).toBeInTheDocument()
  })

  it('filters by title or description as you type', async () => {
    serve()
    renderRoutes(routes, '/blog/dashboard')
    await screen.findByRole('article', { name: 'Poon Hill at dawn' })
    const search = screen.getByRole('searchbox', { name: 'Search your blogs' })
    await userEvent.type(search, 'dumplings')
    expect(cardTitles()).toEqual(['Momo in Thamel'])
    await userEvent.clear(search)
    await userEvent.type(search, 'POON')
    expect(cardTitles()).toEqual(['Poon Hill at dawn'])
    await userEvent.clear(search)
    await userEvent.type(search, 'everest')
    expect(screen.getByText(translate(NO_MATCHES_TITLE))).toBeInTheDocument()
    expect(screen.getByText(translate(NO_MATCHES_TEXT))).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Create Your First Blog/ })).toBeNull()
  })

  it('invites a first post when there are none', async () => {
    serve([])
    renderRoutes(routes, '/blog/dashboard')
    expect(await screen.findByText(translate(START_WRITING))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Create Your First Blog/ })).toHaveAttribute('href', '/blog/create')
    expect(screen.getByText('Total Blogs').nextSibling).toHaveTextContent('0')
  })

  it('only logs a failed load and shows the empty state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fakeServer(() => failure(500, 'Something went wrong'))
    renderRoutes(routes, '/blog/dashboard')
    expect(await screen.findByText(translate(START_WRITING))).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    await waitFor(() => expect(log).toHaveBeenCalledWith('Could not load your blogs:', 'Something went wrong'))
    log.mockRestore()
  })

  it('deletes a post after the confirmation, and the list drops it', async () => {
    let blogs = mine
    const calls = fakeServer(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/blogs') return json({ status: 'success', blogs })
      if (method !== 'DELETE' || url.pathname !== '/api/v1/blogs/b') return undefined
      blogs = [mine[0]]
      return json({ status: 'success', message: 'Blog deleted' })
    })
    renderRoutes(routes, '/blog/dashboard')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Momo in Thamel' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete blog' })
    expect(within(dialog).getByText(translate(DELETE_CONFIRM))).toBeInTheDocument()
    expect(translate(DELETE_CONFIRM)).toBe('Are you sure you want to delete this blog?')

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(cardTitles()).toEqual(['Poon Hill at dawn', 'Momo in Thamel'])

    await userEvent.click(screen.getByRole('button', { name: 'Delete Momo in Thamel' }))
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete blog' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Blog deleted')).toBeInTheDocument()
    await waitFor(() => expect(cardTitles()).toEqual(['Poon Hill at dawn']))
    expect(screen.getByText('Total Blogs').nextSibling).toHaveTextContent('1')
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1)
  })

  it("says 'Failed to delete blog. Please try again.' when the delete fails", async () => {
    serve(undefined, ({ method }) => (method === 'DELETE' ? failure(500, 'Something went wrong') : undefined))
    renderRoutes(routes, '/blog/dashboard')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Momo in Thamel' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete blog' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete blog. Please try again.')
    expect(cardTitles()).toEqual(['Poon Hill at dawn', 'Momo in Thamel'])
  })

  it('says what the form saved', async () => {
    serve()
    const { router } = renderRoutes(routes, '/blog/create')
    await act(() => router.navigate('/blog/dashboard', { state: { message: 'Blog published' } }))
    expect(await screen.findByText('Blog published')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.state).toBeNull())
  })
})
