import { useEffect, useRef, useSyncExternalStore } from 'react'
import { authFetch } from './api-client'
import { getToken } from './auth-store'
import { invalidate, useClientCache } from './cache-provider'
import { BOOKINGS_TAG, NOTIFICATIONS_TAG } from './cache-tags'
import { SseParser } from './sse'

export const UNREAD_STREAM_PATH = '/api/v1/notifications/stream'

const FIRST_RETRY_MS = 1000
const MAX_RETRY_MS = 30_000

/**
 * How long to wait before reconnecting after `failures` failed attempts in a row: 1 s,
 * 2 s, 4 s ... up to 30 s, each scaled by `jitter` (0.5 to 1) so that many tabs do not
 * come back at the same moment after a restart.
 */
export function reconnectDelay(failures: number, jitter: number = 0.5 + Math.random() / 2): number {
  return Math.round(Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures)) * jitter)
}

/** The count in an `unread` event's data, `{"count": n}`; null for anything else. */
export function readUnreadCount(data: string): number | null {
  try {
    const count = (JSON.parse(data) as { count?: unknown }).count
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null
  } catch {
    return null
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done)
  })
}

/**
 * Keeps one stream open while signed in: reads `unread` events into `onCount`, and
 * reconnects when the stream ends (the server closes it every ten minutes) or fails.
 * EventSource cannot send the bearer token, so this reads the stream with authFetch,
 * which also refreshes an expired token. Stops when aborted or signed out.
 */
export async function followUnreadCount(onCount: (count: number) => void, signal: AbortSignal): Promise<void> {
  let failures = 0
  while (!signal.aborted && getToken()) {
    let heard = false
    try {
      const response = await authFetch(UNREAD_STREAM_PATH, { headers: { Accept: 'text/event-stream' }, signal })
      // Refused even after a refresh: signed out (authFetch has cleared the session).
      if (response.status === 401 && !getToken()) return
      if (response.ok && response.body) {
        const reader = response.body.getReader()
        // Stopping ends the read at once, whether or not the fetch's own abort reaches the body.
        const cancel = () => void reader.cancel().catch(() => {})
        signal.addEventListener('abort', cancel)
        try {
          const decoder = new TextDecoder()
          const parser = new SseParser()
          for (;;) {
            const { done, value } = await reader.read()
            if (done || signal.aborted) break
            for (const event of parser.push(decoder.decode(value, { stream: true }))) {
              const count = event.event === 'unread' ? readUnreadCount(event.data) : null
              if (count === null) continue
              heard = true
              onCount(count)
            }
          }
        } finally {
          signal.removeEventListener('abort', cancel)
        }
      } else {
        await response.body?.cancel()
      }
    } catch (error) {
      if (signal.aborted) return
      console.warn('The live notification count was interrupted', error)
    }
    // A stream that delivered counts ended as planned: come back at once (almost).
    failures = heard ? 0 : failures + 1
    await sleep(heard ? reconnectDelay(0) / 4 : reconnectDelay(failures), signal)
  }
}

// One stream per tab, shared by every component showing the count.
let current: number | null = null
const listeners = new Set<() => void>()
let stop: AbortController | null = null

function publish(count: number) {
  if (count === current) return
  current = count
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!stop) {
    const controller = new AbortController()
    stop = controller
    void followUnreadCount(publish, controller.signal).finally(() => {
      if (stop === controller) stop = null
    })
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    stop?.abort()
    stop = null
    // The next account to sign in starts from its own count, not this one's.
    current = null
  }
}

const noSubscription = () => () => {}
const getCurrent = () => current
const getNothing = () => null

/**
 * The signed-in user's unread notification count, live from the server (null until the
 * first answer). When it changes, notification and booking reads are invalidated so that
 * an open page (requests, dashboards, notifications) shows what caused it. Use it once,
 * in the profile menu; the stream stops when the last user unmounts (on sign-out).
 */
export function useUnreadCount(enabled: boolean): number | null {
  const count = useSyncExternalStore(enabled ? subscribe : noSubscription, enabled ? getCurrent : getNothing, getNothing)
  const cache = useClientCache()
  const seen = useRef<number | null>(null)
  useEffect(() => {
    if (count === null) return
    // The first count only says where things stand; later ones mean something happened.
    if (seen.current !== null && seen.current !== count) invalidate(cache, NOTIFICATIONS_TAG, BOOKINGS_TAG)
    seen.current = count
  }, [cache, count])
  return count
}
