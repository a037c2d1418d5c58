import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react'
import { authFetch } from './api-client'
import { getToken } from './auth-store'
import { invalidate, useClientCache } from './cache-provider'
import type { components } from './api-schema'
import { BOOKINGS_TAG, CONVERSATIONS_TAG, NOTIFICATIONS_TAG } from './cache-tags'
import { SseParser, type SseEvent } from './sse'

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

/** A new message in one of your conversations, as the stream's `message` event carries it. */
export type LiveMessage = { conversationId: string; message: components['schemas']['Message'] }

/** The data of a `message` event; null when it is not one. */
export function readLiveMessage(data: string): LiveMessage | null {
  try {
    const value = JSON.parse(data) as { conversationId?: unknown; message?: Record<string, unknown> }
    const m = value.message
    if (typeof value.conversationId !== 'string' || !m) return null
    if (typeof m._id !== 'string' || typeof m.senderId !== 'string' || typeof m.text !== 'string' || typeof m.createdAt !== 'string') return null
    return { conversationId: value.conversationId, message: { _id: m._id, senderId: m.senderId, text: m.text, createdAt: m.createdAt } }
  } catch {
    return null
  }
}

/**
 * Keeps one stream open while signed in: hands every event to `onEvent`, and reconnects
 * when the stream ends (the server closes it every ten minutes) or fails. EventSource
 * cannot send the bearer token, so this reads the stream with authFetch, which also
 * refreshes an expired token. Each reconnection, to whichever replica the balancer picks,
 * sends the id of the last event heard as `Last-Event-ID`, and the server replays the
 * messages sent meanwhile. Stops when aborted or signed out.
 */
export async function followLiveEvents(onEvent: (event: SseEvent) => void, signal: AbortSignal): Promise<void> {
  let failures = 0
  let lastEventId: string | undefined
  while (!signal.aborted && getToken()) {
    let heard = false
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' }
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId
      const response = await authFetch(UNREAD_STREAM_PATH, { headers, signal })
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
              heard = true
              if (event.id !== undefined) lastEventId = event.id
              onEvent(event)
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
    // A stream that delivered events ended as planned: come back at once (almost).
    failures = heard ? 0 : failures + 1
    await sleep(heard ? reconnectDelay(0) / 4 : reconnectDelay(failures), signal)
  }
}

/** `followLiveEvents`, reading only the `unread` (notification) counts. */
export function followUnreadCount(onCount: (count: number) => void, signal: AbortSignal): Promise<void> {
  return followLiveEvents((event) => {
    const count = event.event === 'unread' ? readUnreadCount(event.data) : null
    if (count !== null) onCount(count)
  }, signal)
}

// One stream per tab, shared by every component showing a count or a conversation.
type Counts = { unread: number | null; unreadMessages: number | null }
const NO_COUNTS: Counts = { unread: null, unreadMessages: null }
let current: Counts = NO_COUNTS
const listeners = new Set<() => void>()
const messageListeners = new Set<(message: LiveMessage) => void>()
let stop: AbortController | null = null

function publish(event: SseEvent) {
  if (event.event === 'message') {
    const message = readLiveMessage(event.data)
    if (message) messageListeners.forEach((listener) => listener(message))
    return
  }
  const field = event.event === 'unread' ? 'unread' : event.event === 'unread-messages' ? 'unreadMessages' : null
  const count = field ? readUnreadCount(event.data) : null
  if (!field || count === null || current[field] === count) return
  current = { ...current, [field]: count }
  listeners.forEach((listener) => listener())
}

function start() {
  if (stop) return
  const controller = new AbortController()
  stop = controller
  void followLiveEvents(publish, controller.signal).finally(() => {
    if (stop === controller) stop = null
  })
}

function stopWhenUnused() {
  if (listeners.size > 0 || messageListeners.size > 0) return
  stop?.abort()
  stop = null
  // The next account to sign in starts from its own counts, not this one's.
  current = NO_COUNTS
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  start()
  return () => {
    listeners.delete(listener)
    stopWhenUnused()
  }
}

const noSubscription = () => () => {}
const getUnread = () => current.unread
const getUnreadMessages = () => current.unreadMessages
const getNothing = () => null

/**
 * The signed-in user's unread notification count, live from the server (null until the
 * first answer). When it changes, notification and booking reads are invalidated so that
 * an open page (requests, dashboards, notifications) shows what caused it. Use it once,
 * in the profile menu; the stream stops when the last user unmounts (on sign-out).
 */
export function useUnreadCount(enabled: boolean): number | null {
  const count = useSyncExternalStore(enabled ? subscribe : noSubscription, enabled ? getUnread : getNothing, getNothing)
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

/**
 * The signed-in user's unread messages, live (null until the first answer). When it
 * changes, conversation reads are invalidated so an open list shows what arrived.
 */
export function useUnreadMessagesCount(enabled: boolean): number | null {
  const count = useSyncExternalStore(enabled ? subscribe : noSubscription, enabled ? getUnreadMessages : getNothing, getNothing)
  const cache = useClientCache()
  const seen = useRef<number | null>(null)
  useEffect(() => {
    if (count === null) return
    if (seen.current !== null && seen.current !== count) invalidate(cache, CONVERSATIONS_TAG)
    seen.current = count
  }, [cache, count])
  return count
}

/** Calls `onMessage` for each new message in the user's conversations while mounted. */
export function useLiveMessages(onMessage: (message: LiveMessage) => void): void {
  const handle = useEffectEvent(onMessage)
  useEffect(() => {
    const listener = (message: LiveMessage) => handle(message)
    messageListeners.add(listener)
    start()
    return () => {
      messageListeners.delete(listener)
      stopWhenUnused()
    }
  }, [])
}
