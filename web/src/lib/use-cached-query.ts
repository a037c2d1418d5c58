import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { ApiResult } from './api-result'
import { useClientCache } from './cache-provider'
import type { CacheChange, ClientCache, SetOptions } from './client-cache'

export type QueryStatus = 'loading' | 'error' | 'success'

export type CachedQueryOptions<T> = {
  /** Names the data and every parameter it depends on (id, page, filters). */
  key: string
  load: () => Promise<ApiResult<T>>
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

// Requests in flight, per cache and key, so every component asking for a key at once shares one.
const inFlight = new WeakMap<ClientCache, Map<string, Promise<ApiResult<unknown>>>>()

/** Asks the server for `key` unless a request for it is already running; stores an ok answer. */
function fetchShared<T>(
  cache: ClientCache,
  key: string,
  load: () => Promise<ApiResult<T>>,
  options: SetOptions,
): Promise<ApiResult<T>> {
  let requests = inFlight.get(cache)
  if (!requests) {
    requests = new Map()
    inFlight.set(cache, requests)
  }
  const running = requests.get(key) as Promise<ApiResult<T>> | undefined
  if (running) return running

  const request = loadAndStore(cache, key, load, options).finally(() => requests.delete(key))
  requests.set(key, request)
  return request
}

async function loadAndStore<T>(
  cache: ClientCache,
  key: string,
  load: () => Promise<ApiResult<T>>,
  options: SetOptions,
): Promise<ApiResult<T>> {
  for (;;) {
    const invalidations = cache.invalidations
    const result = await load()
    // Something was invalidated while this request was out, perhaps what it answers: ask again.
    if (cache.invalidations !== invalidations) continue
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
  const cached = useSyncExternalStore(subscribe, () => cache.peek<T>(key))
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
    function fetchNow() {
      setRun({ key, fetching: true })
      void request().then((result) => {
        if (active) setRun({ key, fetching: false, error: result.ok ? undefined : result.message })
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
    return () => {
      active = false
      unsubscribe()
    }
  }, [cache, key, enabled, reloads])

  const reload = useCallback(() => {
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
export type Page<Item> = { items: Item[]; totalPages: number; nextCursor?: string | null }

export type PagedListOptions<Item> = {
  /** Names the list and every filter; page n is cached under `${key}:page:${n}`. */
  key: string
  tags?: string[]
  /**
   * Loads one page; pages are numbered from 1. `cursor` is the previous page's
   * `nextCursor`, for lists paged by cursor (undefined for page 1).
   */
  loadPage: (page: number, cursor?: string) => Promise<ApiResult<Page<Item>>>
  enabled?: boolean
}

export type PagedList<Item> = {
  items: Item[]
  /** Of the first page: once any items are shown it stays `success`, and a later failure only sets `error`. */
  status: QueryStatus
  error: string | undefined
  hasMore: boolean
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
): ApiResult<Page<Item>> | Promise<ApiResult<Page<Item>>> {
  const hit = cache.get<Page<Item>>(pageKey(key, page))
  if (hit !== undefined) return { ok: true, data: hit }
  return fetchShared(cache, pageKey(key, page), () => loadPage(page, cursor), { tags: [...tags, pagesTag(key)] })
}

/** Whether pages follow `last`, the latest of `loaded` pages. */
function morePages<Item>(last: Page<Item> | undefined, loaded: number): boolean {
  if (last === undefined) return false
  return last.nextCursor !== undefined ? last.nextCursor !== null : loaded < last.totalPages
}

function whenAnswered<T>(answer: T | Promise<T>, use: (value: T) => void): void {
  if (answer instanceof Promise) void answer.then(use)
  else use(answer)
}

/** Lays a page's answer onto the list, unless the list has since moved on. */
function landPage<Item>(state: ListState<Item>, key: string, run: number, page: number, result: ApiResult<Page<Item>>): ListState<Item> {
  if (state.key !== key || state.run !== run || state.loading !== page) return state
  if (!result.ok) return { ...state, loading: undefined, error: result.message }
  return { key, run, pages: [...state.pages, result.data] }
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
export function usePagedList<Item extends { _id: string }>({
  key,
  tags,
  loadPage,
  enabled = true,
}: PagedListOptions<Item>): PagedList<Item> {
  const cache = useClientCache()
  const [list, setList] = useState<ListState<Item>>(() => startingState(cache, key))
  const [restarts, setRestarts] = useState(0)
  const mounted = useRef(false)
  const state = list.key === key ? list : startingState<Item>(cache, key)

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
    setList((current) => ({
      key,
      run: restarts,
      pages: [],
      previous: current.key === key ? (current.pages.length > 0 ? current.pages : current.previous) : undefined,
      loading: 1,
    }))
    whenAnswered(requestFirstPage(), (result) => {
      if (active) setList((current) => landPage(current, key, restarts, 1, result))
    })
    return () => {
      active = false
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
    whenAnswered(requestPage(cache, key, page, loadPage, tags, lastPage?.nextCursor ?? undefined), (result) => {
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
    isFetchingMore: state.loading !== undefined && state.loading > 1,
    loadMore,
    reload,
  }
}
