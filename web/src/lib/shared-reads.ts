/**
 * Reads shared by every component asking at once: one request per key and cache, aborted
 * once no reader waits for it, retried once on a network error or a 5xx, its ok answer
 * stored in the client cache. useCachedQuery and usePagedList read through it; on the
 * server, a render reports the reads it needs through `ServerReads` instead.
 */
import { createContext } from 'react'
import type { ApiResult } from './api-result'
import type { ClientCache, SetOptions } from './client-cache'

/** Wait before the one retry of a failed read (a network error or a 5xx). */
export const RETRY_DELAY_MS = 1000

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

export function isRequestInFlight(cache: ClientCache, key: string): boolean {
  return flightsOf(cache).has(key)
}

/**
 * Asks the server for `key` unless a request for it is already running, and stores an ok
 * answer. The request is aborted once every holder has released it unanswered.
 */
export function fetchShared<T>(cache: ClientCache, key: string, load: (signal: AbortSignal) => Promise<ApiResult<T>>, options: SetOptions): Hold<T> {
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
    const startedAt = Date.now()
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
    // Failures are not cached: the next reader asks again. Nor is an answer older than
    // what was stored while it was on its way (a like's own answer, say): the server may
    // have read before that change was made.
    if (result.ok && !storedSince(cache, key, startedAt)) cache.set(key, result.data, options)
    return result
  }
}

function storedSince(cache: ClientCache, key: string, since: number): boolean {
  const age = cache.age(key)
  return age !== undefined && Date.now() - age >= since
}
