import { createContext, startTransition, use, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { ApiResult } from './api-result'
import { useClientCache } from './cache-provider'
import type { CacheChange, ClientCache, SetOptions } from './client-cache'

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

/** Wait before the one retry of a failed read (a network error or a 5xx). */
export const RETRY_DELAY_MS = 1000
/** On coming back to the tab or back online, data older than this is fetched again. */
export const REFRESH_AFTER_MS = 30_000

/**
 * A read a page made while rendered on the server (first-paint/render.tsx), which has no
 * effects to fetch in: the server loads what was asked for and renders again, so the HTML
 * holds the data, and hands the answers to the browser's cache (`seedCache` in
 * client-cache.ts) so the app's first render matches it.
 */
export type ServerRead = { key: string; load: (signal: AbortSignal) => Promise<ApiResult<unknown>>; options: SetOptions }

/** Set only by the server render: where a render's cache misses are reported. */
export const ServerReads = createContext<((read: ServerRead) => void) | null>(null)

/** The answer no one waits for any more: its request was abandoned and aborted. */
const ABANDONED: ApiResult<never> = { ok: false, status: 0, message: 'Abandoned' }

type Flight<T> = {
  result: Promise<ApiResult<T>>
  /** The readers waiting for the answer; at none, the request is aborted. */
  holders: number
  abandon: AbortController
  /** Aborts the current attempt only, when an invalidation makes its answer suspect. */
  attempt: AbortController
  restarted: boolean
  tags: readonly string[]
}

/** A reader's share of a request: its answer, and `release` once the reader stops waiting. */
export type Hold<T> = { result: Promise<ApiResult<T>>; release: () => void }

// Requests in flight, per cache and key, so every component asking for a key at once shares one.
const inFlight = new WeakMap<ClientCache, Map<string, Flight<unknown>>>()

function flightsOf(cache: ClientCache): Map<string, Flight<unknown>> {
  let flights = inFlight.get(cache)
  if (!flights) {
    const created = new Map<string, Flight<unknown>>()
    cache.onInvalidate((covers) => {
      for (const [key, flight] of created) {
        // The answer may predate the change: ask again at once. Only once per request, so
        // invalidations arriving faster than answers (a page polling every 3 s) cannot keep
        // every answer from ever landing.
        if (!flight.restarted && covers(key, flight.tags)) {
          flight.restarted = true
          flight.attempt.abort()
        }
      }
    })
    inFlight.set(cache, created)
    flights = created
  }
  return flights
}

function isRequestInFlight(cache: ClientCache, key: string): boolean {
  return flightsOf(cache).has(key)
}

/**
 * Asks the server for `key` unless a request for it is already running, and stores an ok
 * answer. The request is aborted once every holder has released it unanswered.
 */
function fetchShared<T>(cache: ClientCache, key: string, load: (signal: AbortSignal) => Promise<ApiResult<T>>, options: SetOptions): Hold<T> {
  const flights = flightsOf(cache)
  let flight = flights.get(key) as Flight<T> | undefined
  if (!flight) {
    const started: Flight<T> = {
      result: Promise.resolve(ABANDONED),
      holders: 0,
      abandon: new AbortController(),
      attempt: new AbortController(),
      restarted: false,
      tags: options.tags ?? [],
    }
    started.result = loadAndStore(cache, key, load, options, started).finally(() => flights.delete(key))
    flights.set(key, started as Flight<unknown>)
    flight = started
  }
  const held = flight
  held.holders++
  let released = false
  return {
    result: held.result,
    release() {
      if (released) return
      released = true
      held.holders--
      // Later, not now: Strict Mode (or a component moving between keys and back) lets go
      // and takes hold again in one go, and that must not cost a second request.
      queueMicrotask(() => {
        if (held.holders === 0) held.abandon.abort()
      })
    },
  }
}

/** Resolves with `ABANDONED` as soon as `signal` aborts, whether or not `work` listens to it. */
function unlessAborted<T>(work: Promise<ApiResult<T>>, signal: AbortSignal): Promise<ApiResult<T>> {
  if (signal.aborted) return Promise.resolve(ABANDONED)
  return new Promise((resolve) => {
    const stop = () => resolve(ABANDONED)
    signal.addEventListener('abort', stop, { once: true })
    void work.then((result) => {
      signal.removeEventListener('abort', stop)
      resolve(result)
    })
  })
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

// No answer at all, or the server failing: worth one more try. A 4xx will answer the same.
const worthRetrying = (result: ApiResult<unknown>) => !result.ok && (result.status === 0 || result.status >= 500)

async function loadAndStore<T>(
  cache: ClientCache,
  key: string,
  load: (signal: AbortSignal) => Promise<ApiResult<T>>,
  options: SetOptions,
  flight: Flight<T>,
): Promise<ApiResult<T>> {
  let retried = false
  for (;;) {
    const attempt = flight.attempt
    const signal = AbortSignal.any([flight.abandon.signal, attempt.signal])
    const result = await unlessAborted(
      load(signal).catch((): ApiResult<T> => ABANDONED),
      signal,
    )
    if (flight.abandon.signal.aborted) return ABANDONED
    if (attempt.signal.aborted) {
      // Cut short by an invalidation: the next attempt starts after the change.
      flight.attempt = new AbortController()
      continue
    }
    if (!retried && worthRetrying(result)) {
      retried = true
      await pause(RETRY_DELAY_MS, flight.abandon.signal)
      if (flight.abandon.signal.aborted) return ABANDONED
      continue
    }
    // Failures are not cached: the next reader asks again.
    if (result.ok) cache.set(key, result.data, options)
    return result
  }
}

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

/**
 * One page of a list. A list paged by cursor gives `nextCursor` (null on the last page);
 * then that, not `totalPages`, says whether more follow.
 */
/** One page of a list; `total` is how many items the whole list has, when the API says. */
export type Page<Item> = { items: Item[]; totalPages: number; nextCursor?: string | null; total?: number }

export type PagedListOptions<Item> = {
  /** Names the list and every filter; page n is cached under `${key}:page:${n}`. */
  key: string
  tags?: string[]
  /**
   * Loads one page; pages are numbered from 1. `cursor` is the previous page's
   * `nextCursor`, for lists paged by cursor (undefined for page 1); `signal` aborts an abandoned page.
   */
  loadPage: (page: number, cursor: string | undefined, signal: AbortSignal) => Promise<ApiResult<Page<Item>>>
  enabled?: boolean
}

export type PagedList<Item> = {
  items: Item[]
  /** Of the first page: once any items are shown it stays `success`, and a later failure only sets `error`. */
  status: QueryStatus
  error: string | undefined
  hasMore: boolean
  /** How many items the whole list has, as its latest page says; undefined when not told. */
  total: number | undefined
  isFetchingMore: boolean
  /** The next page, or the failed one again; does nothing while a page loads or after the last. */
  loadMore: () => void
  /** Starts again from page 1, fetching fresh pages and keeping the items on screen meanwhile. */
  reload: () => void
}

type ListState<Item> = {
  key: string
  /** Which start of this list the pages belong to; answers for an older start are dropped. */
  run: number
  pages: Page<Item>[]
  /** The pages of the previous run, shown until this run has its first page. */
  previous?: Page<Item>[]
  /** The page being loaded. */
  loading?: number
  error?: string
}

const NO_PAGES: never[] = []

const pageKey = (key: string, page: number) => `${key}:page:${page}`
// Every page of a list carries this tag, so the list can drop all of them at once.
const pagesTag = (key: string) => `${key}:pages`

function requestPage<Item>(
  cache: ClientCache,
  key: string,
  page: number,
  loadPage: PagedListOptions<Item>['loadPage'],
  tags: string[] = [],
  cursor?: string,
): { answer: ApiResult<Page<Item>> | Promise<ApiResult<Page<Item>>>; release: () => void } {
  const hit = cache.get<Page<Item>>(pageKey(key, page))
  if (hit !== undefined) return { answer: { ok: true, data: hit }, release: () => {} }
  const { result, release } = fetchShared(cache, pageKey(key, page), (signal) => loadPage(page, cursor, signal), {
    tags: [...tags, pagesTag(key)],
  })
  return { answer: result, release }
}

/** Whether pages follow `last`, the latest of `loaded` pages. */
function morePages<Item>(last: Page<Item> | undefined, loaded: number): boolean {
  if (last === undefined) return false
  return last.nextCursor !== undefined ? last.nextCursor !== null : loaded < last.totalPages
}

function whenAnswered<T>(answer: T | Promise<T>, then: (value: T) => void): void {
  if (answer instanceof Promise) void answer.then(then)
  else then(answer)
}

/** Lays a page's answer onto the list, unless the list has since moved on. */
function landPage<Item>(state: ListState<Item>, key: string, run: number, page: number, result: ApiResult<Page<Item>>): ListState<Item> {
  if (state.key !== key || state.run !== run || state.loading !== page) return state
  if (!result.ok) return { ...state, loading: undefined, error: result.message }
  return { key, run, pages: [...state.pages, result.data] }
}

/** Whether `state` is the list at `key` showing exactly `first` as its only page. */
function shows<Item>(state: ListState<Item>, key: string, first: ApiResult<Page<Item>>): boolean {
  return first.ok && state.key === key && state.pages.length === 1 && state.pages[0] === first.data && state.loading === undefined && state.error === undefined
}

function uniqueById<Item extends { _id: string }>(pages: Page<Item>[]): Item[] {
  const seen = new Set<string>()
  const items: Item[] = []
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item._id)) continue
      seen.add(item._id)
      items.push(item)
    }
  }
  return items
}

/** What a list shows before its effect runs: a cached first page at once, else loading. */
function startingState<Item>(cache: ClientCache, key: string): ListState<Item> {
  const first = cache.peek<Page<Item>>(pageKey(key, 1))
  return { key, run: -1, pages: first ? [first] : [] }
}

/**
 * A list read page by page through the client cache: pages are appended and de-duplicated
 * by `_id` until the last page. Deleting any loaded page (for example by invalidating one
 * of its tags) starts the list again from page 1.
 */
export function usePagedList<Item extends { _id: string }>({ key, tags, loadPage, enabled = true }: PagedListOptions<Item>): PagedList<Item> {
  const cache = useClientCache()
  const [list, setList] = useState<ListState<Item>>(() => startingState(cache, key))
  const [restarts, setRestarts] = useState(0)
  const mounted = useRef(false)
  // Later pages being fetched; let go when the list starts again or unmounts.
  const laterPages = useRef<(() => void)[]>([])
  const state = list.key === key ? list : startingState<Item>(cache, key)
  const serverReads = use(ServerReads)
  if (serverReads && enabled && state.pages.length === 0) {
    serverReads({ key: pageKey(key, 1), load: (signal) => loadPage(1, undefined, signal), options: { tags: [...(tags ?? []), pagesTag(key)] } })
  }

  const requestFirstPage = useEffectEvent(() => requestPage(cache, key, 1, loadPage, tags))

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    if (!enabled) return
    let active = true
    // The same array for the list's life: loadMore pushes onto it, the cleanup empties it.
    const later = laterPages.current
    const { answer, release } = requestFirstPage()
    if (answer instanceof Promise) {
      setList((current) => ({
        key,
        run: restarts,
        pages: [],
        previous: current.key === key ? (current.pages.length > 0 ? current.pages : current.previous) : undefined,
        loading: 1,
      }))
      // A page of cards is a lot to draw: in a transition, so drawing it yields to the reader's input.
      void answer.then((result) => {
        if (active) startTransition(() => setList((current) => landPage(current, key, restarts, 1, result)))
      })
    } else {
      // Page 1 was cached: the list shows it at once, and is left alone when its first render did.
      setList((current) => (shows(current, key, answer) ? current : landPage({ key, run: restarts, pages: [], loading: 1 }, key, restarts, 1, answer)))
    }
    return () => {
      active = false
      release()
      later.splice(0).forEach((releaseLater) => releaseLater())
    }
  }, [cache, key, enabled, restarts])

  const loadedPages = state.pages.length
  useEffect(() => {
    const restart = (change: CacheChange) => {
      if (change === 'deleted') setRestarts((count) => count + 1)
    }
    const unsubscribes = Array.from({ length: loadedPages }, (_, i) => cache.subscribe(pageKey(key, i + 1), restart))
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe())
  }, [cache, key, loadedPages])

  const lastPage = state.pages.at(-1)
  const hasMore = morePages(lastPage, loadedPages)

  function loadMore() {
    if (!enabled || state.loading !== undefined || (lastPage && !hasMore)) return
    const { run } = state
    const page = loadedPages + 1
    setList({ ...state, loading: page, error: undefined })
    const { answer, release } = requestPage(cache, key, page, loadPage, tags, lastPage?.nextCursor ?? undefined)
    laterPages.current.push(release)
    whenAnswered(answer, (result) => {
      if (mounted.current) setList((current) => landPage(current, key, run, page, result))
    })
  }

  function reload() {
    // Deleting the pages also restarts through the subscription above; batched, it is one restart.
    cache.deleteByTag(pagesTag(key))
    setRestarts((count) => count + 1)
  }

  const shownPages = state.pages.length > 0 ? state.pages : (state.previous ?? NO_PAGES)
  const items = useMemo(() => uniqueById(shownPages), [shownPages])
  return {
    items,
    status: shownPages.length > 0 ? 'success' : state.error !== undefined ? 'error' : 'loading',
    error: state.error,
    hasMore,
    total: shownPages.at(-1)?.total,
    isFetchingMore: state.loading !== undefined && state.loading > 1,
    loadMore,
    reload,
  }
}
