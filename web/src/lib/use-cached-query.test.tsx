import { act, render, renderHook, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { ApiResult } from './api-result'
import { CacheProvider, invalidate } from './cache-provider'
import { ClientCache } from './client-cache'
import { RETRY_DELAY_MS } from './shared-reads'
import { REFRESH_AFTER_MS, useCachedQuery, type CachedQuery } from './use-cached-query'

type Guide = { _id: string; name: string }

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, data })
// A 4xx: the answer a retry would get again, so it is shown at once.
const failed = (message: string): ApiResult<never> => ({ ok: false, status: 404, message })
const guide = (id: string): Guide => ({ _id: id, name: `Guide ${id}` })

/** A load function whose answers the test gives, one per call, in order. */
function controlledLoad<T>() {
  const waiting: ((result: ApiResult<T>) => void)[] = []
  const load = vi.fn((_signal: AbortSignal) => new Promise<ApiResult<T>>((resolve) => waiting.push(resolve)))
  async function answer(result: ApiResult<T>) {
    const resolve = waiting.shift()
    if (!resolve) throw new Error('no request is waiting')
    await act(async () => resolve(result))
  }
  return { load, answer, waiting }
}

function withCache(cache = new ClientCache()) {
  const wrapper = ({ children }: { children: ReactNode }) => <CacheProvider cache={cache}>{children}</CacheProvider>
  return { cache, wrapper }
}

describe('useCachedQuery', () => {
  it('loads on a miss, then renders a hit at once without asking again', async () => {
    const { cache, wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const first = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    expect(first.result.current).toMatchObject({ status: 'loading', data: undefined, isFetching: true })
    await answer(ok(guide('1')))
    expect(first.result.current).toMatchObject({ status: 'success', data: guide('1'), isFetching: false })
    first.unmount()

    const renders: CachedQuery<Guide>[] = []
    renderHook(
      () => {
        const query = useCachedQuery({ key: 'guide:1', load })
        renders.push(query)
        return query
      },
      { wrapper },
    )
    expect(renders[0]).toMatchObject({ status: 'success', data: guide('1'), isFetching: false })
    expect(load).toHaveBeenCalledTimes(1)
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 })
  })

  it("keeps what was stored while a read was on its way over that read's older answer", async () => {
    const { cache, wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    // A like's answer lands while the page's read of the post is still out.
    act(() => {
      cache.set('guide:1', { _id: '1', name: 'Liked' })
    })
    await answer(ok(guide('1')))
    expect(result.current).toMatchObject({ status: 'success', data: { _id: '1', name: 'Liked' }, isFetching: false })
  })

  it('shares one request between components mounting with the same key', async () => {
    const { wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    function GuideName({ label }: { label: string }) {
      const { data } = useCachedQuery({ key: 'guide:1', load })
      return <p>{`${label}: ${data?.name ?? '…'}`}</p>
    }
    render(
      <>
        <GuideName label="card" />
        <GuideName label="header" />
      </>,
      { wrapper },
    )
    expect(load).toHaveBeenCalledTimes(1)
    await answer(ok(guide('1')))
    expect(screen.getByText('card: Guide 1')).toBeInTheDocument()
    expect(screen.getByText('header: Guide 1')).toBeInTheDocument()
  })

  it('makes one request under Strict Mode', () => {
    const { wrapper } = withCache()
    const { load } = controlledLoad<Guide>()
    renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper, reactStrictMode: true })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('fetches again when its tag is invalidated, keeping the old data visible meanwhile', async () => {
    const { cache, wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load, tags: ['guides'] }), { wrapper })
    await answer(ok(guide('1')))

    act(() => {
      invalidate(cache, 'guides')
    })
    expect(load).toHaveBeenCalledTimes(2)
    expect(result.current).toMatchObject({ status: 'success', data: guide('1'), isFetching: true })
    await answer(ok({ _id: '1', name: 'Renamed' }))
    expect(result.current).toMatchObject({ status: 'success', data: { name: 'Renamed' }, isFetching: false })
  })

  it('aborts and asks again when an invalidation lands while its first request is out', async () => {
    const { cache, wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load, tags: ['guides'] }), { wrapper })
    // Nothing is stored yet, so the invalidation cannot delete anything...
    await act(async () => {
      expect(invalidate(cache, 'guides')).toBe(0)
    })
    // ...but the answer may predate the change it announces: that request is aborted and
    // another one, sent after the change, is the one that counts.
    expect(load).toHaveBeenCalledTimes(2)
    expect(load.mock.calls[0][0].aborted).toBe(true)
    await answer(ok({ _id: '1', name: 'Before the change' }))
    expect(result.current).toMatchObject({ status: 'loading', isFetching: true })
    await answer(ok({ _id: '1', name: 'After the change' }))
    expect(result.current.data?.name).toBe('After the change')
  })

  it('lets an answer land however often invalidations come while it is out', async () => {
    const { cache, wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'payment:1', load }), { wrapper })
    await act(async () => {
      cache.delete('payment:1')
    })
    // Asked once more after the first invalidation, never again for the same request.
    await act(async () => {
      cache.delete('payment:1')
      cache.delete('payment:1')
    })
    expect(load).toHaveBeenCalledTimes(2)
    await answer(ok({ _id: '1', name: 'abandoned' }))
    await answer(ok({ _id: '1', name: 'pending' }))
    expect(result.current).toMatchObject({ status: 'success', data: { name: 'pending' }, isFetching: false })
  })

  it('joins the request already out on reload, like a page polling faster than the server answers', async () => {
    const { wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'payment:1', load }), { wrapper })
    await answer(ok({ _id: '1', name: 'pending' }))
    act(() => result.current.reload())
    act(() => result.current.reload())
    act(() => result.current.reload())
    expect(load).toHaveBeenCalledTimes(2)
    await answer(ok({ _id: '1', name: 'paid' }))
    expect(result.current).toMatchObject({ data: { name: 'paid' }, isFetching: false })
  })

  it('aborts a request once no component waits for it', async () => {
    const { cache, wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { unmount } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    const signal = load.mock.calls[0][0]
    unmount()
    await act(async () => {})
    expect(signal.aborted).toBe(true)
    await answer(ok(guide('1')))
    expect(cache.peek('guide:1')).toBeUndefined()
  })

  it('keeps a shared request going while one component still waits for it', async () => {
    const { wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const first = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    const second = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    first.unmount()
    await act(async () => {})
    expect(load.mock.calls[0][0].aborted).toBe(false)
    await answer(ok(guide('1')))
    expect(second.result.current.data).toEqual(guide('1'))
  })

  it('aborts the request for a key it has moved away from', async () => {
    const { wrapper } = withCache()
    const { load } = controlledLoad<Guide>()
    const { rerender } = renderHook(({ id }) => useCachedQuery({ key: `guide:${id}`, load }), { wrapper, initialProps: { id: '1' } })
    rerender({ id: '2' })
    await act(async () => {})
    expect(load.mock.calls.map(([signal]) => signal.aborted)).toEqual([true, false])
  })

  it('tries a network error or a 5xx once more after a pause, and shows the second failure', async () => {
    vi.useFakeTimers()
    try {
      const { wrapper } = withCache()
      const { load, answer } = controlledLoad<Guide>()
      const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
      await answer({ ok: false, status: 503, message: 'Busy' })
      expect(load).toHaveBeenCalledTimes(1)
      expect(result.current).toMatchObject({ status: 'loading', isFetching: true })
      await act(async () => vi.advanceTimersByTime(RETRY_DELAY_MS))
      expect(load).toHaveBeenCalledTimes(2)
      await answer({ ok: false, status: 0, message: 'Network down' })
      expect(load).toHaveBeenCalledTimes(2)
      expect(result.current).toMatchObject({ status: 'error', error: 'Network down', isFetching: false })
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows the retry’s answer when it succeeds', async () => {
    vi.useFakeTimers()
    try {
      const { wrapper } = withCache()
      const { load, answer } = controlledLoad<Guide>()
      const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
      await answer({ ok: false, status: 0, message: 'Network down' })
      await act(async () => vi.advanceTimersByTime(RETRY_DELAY_MS))
      await answer(ok(guide('1')))
      expect(result.current).toMatchObject({ status: 'success', data: guide('1') })
    } finally {
      vi.useRealTimers()
    }
  })

  it('fetches old data again when the tab comes back or the network returns, showing it meanwhile', async () => {
    vi.useFakeTimers()
    try {
      const { wrapper } = withCache()
      const { load, answer } = controlledLoad<Guide>()
      const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
      await answer(ok(guide('1')))
      // Fresh data is not asked for again.
      act(() => {
        window.dispatchEvent(new Event('focus'))
      })
      expect(load).toHaveBeenCalledTimes(1)
      act(() => vi.advanceTimersByTime(REFRESH_AFTER_MS))
      act(() => {
        window.dispatchEvent(new Event('focus'))
      })
      expect(load).toHaveBeenCalledTimes(2)
      expect(result.current).toMatchObject({ data: guide('1'), isFetching: true })
      await answer(ok({ _id: '1', name: 'Renamed' }))
      expect(result.current.data?.name).toBe('Renamed')
      act(() => vi.advanceTimersByTime(REFRESH_AFTER_MS))
      act(() => {
        window.dispatchEvent(new Event('online'))
      })
      expect(load).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks again on reconnect after a failure', async () => {
    const { wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    await answer(failed('Not found yet'))
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(load).toHaveBeenCalledTimes(2)
    await answer(ok(guide('1')))
    expect(result.current).toMatchObject({ status: 'success', data: guide('1') })
  })

  it('reload fetches again and keeps the data on screen until the answer', async () => {
    const { wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    await answer(ok(guide('1')))
    act(() => result.current.reload())
    expect(load).toHaveBeenCalledTimes(2)
    expect(result.current).toMatchObject({ data: guide('1'), isFetching: true })
    await answer(ok({ _id: '1', name: 'Fresh' }))
    expect(result.current.data?.name).toBe('Fresh')
  })

  it('does not cache an error: it shows the message and the next reader asks again', async () => {
    const { cache, wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const first = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    await answer(failed('Guide not found'))
    expect(first.result.current).toMatchObject({ status: 'error', error: 'Guide not found', data: undefined, isFetching: false })
    expect(cache.stats().entries).toBe(0)
    first.unmount()

    const second = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    expect(load).toHaveBeenCalledTimes(2)
    expect(second.result.current.status).toBe('loading')
  })

  it('reload after an error tries again and clears the error', async () => {
    const { wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    await answer(failed('Try again later'))
    act(() => result.current.reload())
    expect(result.current).toMatchObject({ status: 'loading', error: undefined, isFetching: true })
    await answer(ok(guide('1')))
    expect(result.current).toMatchObject({ status: 'success', data: guide('1') })
  })

  it('never shows the previous key’s data for a new key', async () => {
    const { wrapper } = withCache()
    const loads = { 'guide:1': controlledLoad<Guide>(), 'guide:2': controlledLoad<Guide>() }
    const renders: { key: string; data: Guide | undefined }[] = []
    const { rerender } = renderHook(
      ({ id }: { id: '1' | '2' }) => {
        const key = `guide:${id}` as const
        const query = useCachedQuery({ key, load: loads[key].load })
        renders.push({ key, data: query.data })
        return query
      },
      { wrapper, initialProps: { id: '1' } },
    )
    await loads['guide:1'].answer(ok(guide('1')))
    rerender({ id: '2' })
    await loads['guide:2'].answer(ok(guide('2')))
    rerender({ id: '1' })

    for (const { key, data } of renders) {
      if (data) expect(`guide:${data._id}`).toBe(key)
    }
    expect(renders.at(-1)).toEqual({ key: 'guide:1', data: guide('1') })
    expect(loads['guide:1'].load).toHaveBeenCalledTimes(1)
  })

  it('ignores an answer for a key it has moved away from', async () => {
    const { wrapper } = withCache()
    const slow = controlledLoad<Guide>()
    const fast = controlledLoad<Guide>()
    const { result, rerender } = renderHook(({ key, load }) => useCachedQuery({ key, load }), {
      wrapper,
      initialProps: { key: 'guide:1', load: slow.load },
    })
    rerender({ key: 'guide:2', load: fast.load })
    await slow.answer(failed('Too late'))
    expect(result.current).toMatchObject({ status: 'loading', error: undefined })
    await fast.answer(ok(guide('2')))
    expect(result.current.data).toEqual(guide('2'))
  })

  it('does not carry an error over to a new key', async () => {
    const { wrapper } = withCache()
    const loads = { 'guide:1': controlledLoad<Guide>(), 'guide:2': controlledLoad<Guide>() }
    const renders: { key: string; error: string | undefined }[] = []
    const { rerender } = renderHook(
      ({ key }: { key: 'guide:1' | 'guide:2' }) => {
        const query = useCachedQuery({ key, load: loads[key].load })
        renders.push({ key, error: query.error })
        return query
      },
      { wrapper, initialProps: { key: 'guide:1' } },
    )
    await loads['guide:1'].answer(failed('Guide not found'))
    rerender({ key: 'guide:2' })
    expect(renders.filter(({ key }) => key === 'guide:2').every(({ error }) => error === undefined)).toBe(true)
  })

  it('fetches nothing while disabled', () => {
    const { wrapper } = withCache()
    const { load } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load, enabled: false }), { wrapper })
    expect(load).not.toHaveBeenCalled()
    expect(result.current).toMatchObject({ status: 'loading', isFetching: false })
  })

  it('keeps showing an evicted entry without fetching it again', async () => {
    const { cache, wrapper } = withCache(new ClientCache({ maxEntries: 1 }))
    const { load, answer } = controlledLoad<Guide>()
    const { result } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    await answer(ok(guide('1')))
    act(() => {
      cache.set('other', 1)
    })
    expect(cache.has('guide:1')).toBe(false)
    expect(result.current).toMatchObject({ status: 'success', data: guide('1'), isFetching: false })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('fetches again when its entry expires while mounted', async () => {
    vi.useFakeTimers()
    try {
      const { wrapper } = withCache(new ClientCache({ sweepInterval: 1000 }))
      const { load, answer } = controlledLoad<Guide>()
      const { result, unmount } = renderHook(() => useCachedQuery({ key: 'guide:1', load, ttl: 500 }), { wrapper })
      await answer(ok(guide('1')))
      act(() => vi.advanceTimersByTime(1000))
      expect(load).toHaveBeenCalledTimes(2)
      expect(result.current).toMatchObject({ data: guide('1'), isFetching: true })
      unmount()
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not update after unmounting', async () => {
    const { wrapper } = withCache()
    const { load, answer } = controlledLoad<Guide>()
    const error = vi.spyOn(console, 'error')
    const { unmount } = renderHook(() => useCachedQuery({ key: 'guide:1', load }), { wrapper })
    unmount()
    await answer(failed('gone'))
    expect(error).not.toHaveBeenCalled()
  })
})
