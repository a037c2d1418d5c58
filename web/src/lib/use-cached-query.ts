import { use, useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react'
import type { ApiResult } from './api-result'
import { useClientCache } from './cache-provider'
import { fetchShared, isRequestInFlight, ServerReads } from './shared-reads'

export type QueryStatus = 'loading' | 'error' | 'success'

export type CachedQueryOptions<T> = {
  /** Names the data and every parameter it depends on (id, page, filters). */
  key: string
  /** `signal` aborts the request when no one waits for its answer any more. */
  load: (signal: AbortSignal) => Promise<ApiResult<T>>
  tags?: string[]
  /** Milliseconds; the cache's default when absent. */
  ttl?: number
  /** False: nothing is fetched (for example while an id is not known yet). Default true. */
  enabled?: boolean
}

export type CachedQuery<T> = {
  /** `error` when the latest fetch failed (older data may still be in `data`). */
  status: QueryStatus
  data: T | undefined
  error: string | undefined
  isFetching: boolean
  /** Fetches again, keeping the current data on screen until the answer comes. */
  reload: () => void
}

/** On coming back to the tab or back online, data older than this is fetched again. */
export const REFRESH_AFTER_MS = 30_000

type Run = { key: string; fetching: boolean; error?: string }

/**
 * Reads `key` through the app's client cache: a hit renders at once with no request, a miss
 * loads and stores the answer. Components asking for one key share one request. When the
 * entry is deleted (invalidated) or expires while mounted, it is fetched again and the old
 * data stays visible meanwhile; a key never shows another key's data.
 */
export function useCachedQuery<T>({ key, load, tags, ttl, enabled = true }: CachedQueryOptions<T>): CachedQuery<T> {
  const cache = useClientCache()
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(key, onChange), [cache, key])
  const peek = () => cache.peek<T>(key)
  const cached = useSyncExternalStore(subscribe, peek, peek)
  const serverReads = use(ServerReads)
  if (serverReads && enabled && cached === undefined) serverReads({ key, load, options: { tags, ttl } })
  const [run, setRun] = useState<Run>({ key, fetching: false })
  const [reloads, setReloads] = useState(0)

  // The last data shown for this key, to keep on screen while a deleted entry is fetched again.
  const [kept, setKept] = useState<{ key: string; data: T }>()
  if (cached !== undefined && (kept?.key !== key || kept.data !== cached)) setKept({ key, data: cached })

  // An effect event: the latest `load`, tags and ttl, without refetching whenever they are re-created.
  const request = useEffectEvent(() => fetchShared(cache, key, load, { tags, ttl }))

  useEffect(() => {
    if (!enabled) return
    let active = true
    const holds: (() => void)[] = []
    function fetchNow() {
      setRun({ key, fetching: true })
      const { result, release } = request()
      holds.push(release)
      void result.then((answer) => {
        if (active) setRun({ key, fetching: false, error: answer.ok ? undefined : answer.message })
      })
    }

    // A counted read, so the cache's statistics see this one.
    if (cache.get(key) === undefined) fetchNow()
    const unsubscribe = cache.subscribe(key, (change) => {
      // Newer data (from any fetch of this key) answers an earlier failure.
      if (change === 'set') setRun((current) => (current.key === key && current.error ? { key, fetching: current.fetching } : current))
      // An evicted entry is only out of room: what is on screen is still good.
      else if (change !== 'evicted') fetchNow()
    })
    // Back on the tab or online after a while: what is on screen may be old, or have failed
    // for want of a network. The data stays shown until the fresh answer replaces it.
    function refreshIfOld() {
      if (document.visibilityState === 'hidden') return
      const age = cache.age(key)
      if (age === undefined || age >= REFRESH_AFTER_MS) fetchNow()
    }
    document.addEventListener('visibilitychange', refreshIfOld)
    window.addEventListener('focus', refreshIfOld)
    window.addEventListener('online', refreshIfOld)
    return () => {
      active = false
      unsubscribe()
      document.removeEventListener('visibilitychange', refreshIfOld)
      window.removeEventListener('focus', refreshIfOld)
      window.removeEventListener('online', refreshIfOld)
      holds.forEach((release) => release())
    }
  }, [cache, key, enabled, reloads])

  const reload = useCallback(() => {
    // A request already out is as fresh as a new one would be: let it answer.
    if (isRequestInFlight(cache, key)) return
    // Deleting tells every component on this key (and the effect above) to fetch; with
    // nothing stored there is no one to tell, so run the effect again instead.
    if (!cache.delete(key)) setReloads((count) => count + 1)
  }, [cache, key])

  const data = cached ?? (kept?.key === key ? kept.data : undefined)
  const error = run.key === key ? run.error : undefined
  return {
    status: error !== undefined ? 'error' : data !== undefined ? 'success' : 'loading',
    data,
    error,
    // Before the effect has run for a new key, a miss is about to be fetched.
    isFetching: run.key === key ? run.fetching : enabled && cached === undefined,
    reload,
  }
}
