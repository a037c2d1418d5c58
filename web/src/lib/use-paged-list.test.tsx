import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { ApiResult } from './api-result'
import { CacheProvider, invalidate } from './cache-provider'
import { ClientCache } from './client-cache'
import { usePagedList } from './use-paged-list'

type Guide = { _id: string; name: string }
type Page = { items: Guide[]; totalPages: number; nextCursor?: string | null }

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, data })
// A 4xx: the answer a retry would get again, so it is shown at once.
const failed = (message: string): ApiResult<never> => ({ ok: false, status: 404, message })
const guide = (id: string): Guide => ({ _id: id, name: `Guide ${id}` })

function withCache(cache = new ClientCache()) {
  const wrapper = ({ children }: { children: ReactNode }) => <CacheProvider cache={cache}>{children}</CacheProvider>
  return { cache, wrapper }
}

describe('usePagedList', () => {
  function pagedLoad() {
    const waiting: { page: number; resolve: (result: ApiResult<Page>) => void }[] = []
    const loadPage = vi.fn((page: number, _cursor: string | undefined, _signal: AbortSignal) => new Promise<ApiResult<Page>>((resolve) => waiting.push({ page, resolve })))
    async function answer(page: number, result: ApiResult<Page>) {
      const index = waiting.findIndex((request) => request.page === page)
      if (index < 0) throw new Error(`no request for page ${page} is waiting`)
      const [{ resolve }] = waiting.splice(index, 1)
      await act(async () => resolve(result))
    }
    return { loadPage, answer }
  }

  const ids = (items: Guide[]) => items.map((item) => item._id)

  it('appends pages, drops repeated ids and stops at the last page', async () => {
    const { cache, wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const { result } = renderHook(() => usePagedList({ key: 'guides', loadPage }), { wrapper })
    expect(result.current).toMatchObject({ status: 'loading', items: [], hasMore: false })
    await answer(1, ok({ items: [guide('a'), guide('b')], totalPages: 2 }))
    expect(result.current).toMatchObject({ status: 'success', hasMore: true })

    act(() => result.current.loadMore())
    expect(result.current.isFetchingMore).toBe(true)
    // A second press while the page loads does nothing.
    act(() => result.current.loadMore())
    expect(loadPage).toHaveBeenCalledTimes(2)
    await answer(2, ok({ items: [guide('b'), guide('c')], totalPages: 2 }))
    expect(ids(result.current.items)).toEqual(['a', 'b', 'c'])
    expect(result.current).toMatchObject({ hasMore: false, isFetchingMore: false })

    act(() => result.current.loadMore())
    expect(loadPage).toHaveBeenCalledTimes(2)
    expect(loadPage.mock.calls.map(([page]) => page)).toEqual([1, 2])
    expect(cache.has('guides:page:1') && cache.has('guides:page:2')).toBe(true)
  })

  it('keeps earlier items when a page fails, and loadMore tries that page again', async () => {
    const { wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const { result } = renderHook(() => usePagedList({ key: 'guides', loadPage }), { wrapper })
    await answer(1, ok({ items: [guide('a')], totalPages: 3 }))
    act(() => result.current.loadMore())
    await answer(2, failed('Could not load guides'))
    expect(result.current).toMatchObject({ status: 'success', error: 'Could not load guides', isFetchingMore: false })
    expect(ids(result.current.items)).toEqual(['a'])

    act(() => result.current.loadMore())
    expect(result.current.error).toBeUndefined()
    await answer(2, ok({ items: [guide('b')], totalPages: 3 }))
    expect(ids(result.current.items)).toEqual(['a', 'b'])
    expect(loadPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 2])
  })

  it('reports a failed first page as an error that loadMore retries', async () => {
    const { wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const { result } = renderHook(() => usePagedList({ key: 'guides', loadPage }), { wrapper })
    await answer(1, failed('Could not load guides'))
    expect(result.current).toMatchObject({ status: 'error', error: 'Could not load guides', items: [] })
    act(() => result.current.loadMore())
    expect(result.current.status).toBe('loading')
    await answer(1, ok({ items: [guide('a')], totalPages: 1 }))
    expect(result.current).toMatchObject({ status: 'success', hasMore: false })
  })

  it('shows a cached first page at once on a later visit', async () => {
    const { wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const first = renderHook(() => usePagedList({ key: 'guides', loadPage }), { wrapper })
    await answer(1, ok({ items: [guide('a')], totalPages: 2 }))
    first.unmount()

    const statuses: string[] = []
    const { result } = renderHook(
      () => {
        const list = usePagedList({ key: 'guides', loadPage })
        statuses.push(list.status)
        return list
      },
      { wrapper },
    )
    expect(statuses.every((status) => status === 'success')).toBe(true)
    expect(ids(result.current.items)).toEqual(['a'])
    expect(loadPage).toHaveBeenCalledTimes(1)
  })

  it('starts again from page 1 when its tag is invalidated, keeping the items until then', async () => {
    const { cache, wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const { result } = renderHook(() => usePagedList({ key: 'guides', tags: ['guides'], loadPage }), { wrapper })
    await answer(1, ok({ items: [guide('a')], totalPages: 2 }))
    act(() => result.current.loadMore())
    await answer(2, ok({ items: [guide('b')], totalPages: 2 }))

    act(() => {
      invalidate(cache, 'guides')
    })
    expect(ids(result.current.items)).toEqual(['a', 'b'])
    expect(loadPage).toHaveBeenCalledTimes(3)
    await answer(1, ok({ items: [guide('new'), guide('a')], totalPages: 2 }))
    expect(ids(result.current.items)).toEqual(['new', 'a'])
    expect(result.current.hasMore).toBe(true)
  })

  it('drops a page that answers after the list started again', async () => {
    const { cache, wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const { result } = renderHook(() => usePagedList({ key: 'guides', tags: ['guides'], loadPage }), { wrapper })
    await answer(1, ok({ items: [guide('a')], totalPages: 3 }))
    act(() => result.current.loadMore())
    act(() => {
      invalidate(cache, 'guides')
    })
    await answer(2, ok({ items: [guide('old-b')], totalPages: 3 }))
    expect(ids(result.current.items)).toEqual(['a'])
    expect(cache.has('guides:page:2')).toBe(false)
    await answer(1, ok({ items: [guide('new-a')], totalPages: 3 }))
    expect(ids(result.current.items)).toEqual(['new-a'])
  })

  it('reload fetches page 1 afresh even when it is cached', async () => {
    const { wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const { result } = renderHook(() => usePagedList({ key: 'guides', loadPage }), { wrapper })
    await answer(1, ok({ items: [guide('a')], totalPages: 1 }))
    act(() => result.current.reload())
    expect(loadPage).toHaveBeenCalledTimes(2)
    expect(ids(result.current.items)).toEqual(['a'])
    await answer(1, ok({ items: [guide('b')], totalPages: 1 }))
    expect(ids(result.current.items)).toEqual(['b'])
  })

  it('passes each page the previous page’s cursor and stops when the cursor runs out', async () => {
    const { wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const { result } = renderHook(() => usePagedList({ key: 'guides', loadPage }), { wrapper })
    // totalPages says 9, but a list paged by cursor ends where the cursor does.
    await answer(1, ok({ items: [guide('a')], totalPages: 9, nextCursor: 'after-a' }))
    expect(result.current.hasMore).toBe(true)
    act(() => result.current.loadMore())
    await answer(2, ok({ items: [guide('b')], totalPages: 9, nextCursor: null }))
    expect(ids(result.current.items)).toEqual(['a', 'b'])
    expect(result.current.hasMore).toBe(false)
    act(() => result.current.loadMore())
    expect(loadPage.mock.calls.map(([page, cursor]) => [page, cursor])).toEqual([
      [1, undefined],
      [2, 'after-a'],
    ])
  })

  it('never shows another key’s items', async () => {
    const { wrapper } = withCache()
    const { loadPage, answer } = pagedLoad()
    const renders: { key: string; items: string[] }[] = []
    const { rerender } = renderHook(
      ({ key }) => {
        const list = usePagedList({ key, loadPage })
        renders.push({ key, items: ids(list.items) })
        return list
      },
      { wrapper, initialProps: { key: 'guides?city=pokhara' } },
    )
    await answer(1, ok({ items: [guide('pokhara-1')], totalPages: 1 }))
    rerender({ key: 'guides?city=kathmandu' })
    await answer(1, ok({ items: [guide('kathmandu-1')], totalPages: 1 }))
    for (const { key, items } of renders) {
      for (const id of items) expect(key).toContain(id.split('-')[0])
    }
    expect(renders.at(-1)?.items).toEqual(['kathmandu-1'])
  })
})
