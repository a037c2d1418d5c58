import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { blog } from '../../test-fixtures'
import { fakeServer, json, renderRoutes, type Call } from '../../test-server'
import { BlogResults } from './blog-results'

const routes = [
  { path: '/search', element: <BlogResults query="poon hill" /> },
  { path: '/blank', element: <BlogResults query="" /> },
  { path: '/blog/:blogId', element: <p>Blog page</p> },
]

const blogCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === '/api/v1/users/blogs')

describe('BlogResults', () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('lists the posts matching the words, six at a time, each opening its post', async () => {
    const calls = fakeServer(({ url }) => {
      if (url.pathname !== '/api/v1/users/blogs') return undefined
      return url.searchParams.get('page') === '1'
        ? json({ blogs: [blog('a', { title: 'Poon Hill at dawn' })], totalPages: 2, nextCursor: null })
        : json({ blogs: [blog('b', { title: 'Poon Hill in the rain' })], totalPages: 2, nextCursor: null })
    })
    renderRoutes(routes, '/search')
    const section = await screen.findByRole('region', { name: 'Blogs matching "poon hill"' })
    expect(Object.fromEntries(blogCalls(calls)[0].url.searchParams)).toEqual({ query: 'poon hill', page: '1', limit: '6' })
    expect(within(section).getByRole('link', { name: 'Read More: Poon Hill at dawn' })).toHaveAttribute('href', '/blog/a')

    await userEvent.click(within(section).getByRole('button', { name: 'More blogs' }))
    expect(await within(section).findByRole('article', { name: 'Poon Hill in the rain' })).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'More blogs' })).toBeNull()
  })

  it('shows nothing when no post matches', async () => {
    const calls = fakeServer(({ url }) => (url.pathname === '/api/v1/users/blogs' ? json({ blogs: [], totalPages: 0, nextCursor: null }) : undefined))
    const { container } = renderRoutes(routes, '/search')
    // Long enough for the answer to land and render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(blogCalls(calls)).toHaveLength(1)
    expect(container).toBeEmptyDOMElement()
  })

  it('asks nothing for a search without words', async () => {
    const calls = fakeServer(() => undefined)
    const { container } = renderRoutes(routes, '/blank')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(calls).toHaveLength(0)
    expect(container).toBeEmptyDOMElement()
  })
})
