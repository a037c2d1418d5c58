import { startTransition, use, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import type { ApiResult } from './api-result'
import { useClientCache } from './cache-provider'
import type { CacheChange, ClientCache } from './client-cache'
import { fetchShared, ServerReads } from './shared-reads'
import type { QueryStatus } from './use-cached-query'

/**
 * One page of a list; `total` is how many items the whole list has, when the API says. A
 * list paged by cursor gives `nextCursor` (null on the last page); then that, not
 * `totalPages`, says whether more follow.
 */
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
