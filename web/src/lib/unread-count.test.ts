import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from './auth-store'
import { fakeServer, failure, json } from '../test-server'
import { followLiveEvents, followUnreadCount, readLiveMessage, readUnreadCount, reconnectDelay, UNREAD_STREAM_PATH } from './unread-count'

/** A text/event-stream answer that sends `chunks`, then ends (or stays open with `open`). */
function eventStream(chunks: string[], { open = false } = {}) {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      if (!open) controller.close()
    },
  })
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
}

const unread = (count: number) => `event: unread\ndata: {"count":${count}}\n\n`

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, scaled by the jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    expect(reconnectDelay(2, 0.5)).toBe(2000)
  })
})

describe('readUnreadCount', () => {
  it('reads {"count": n} and nothing else', () => {
    expect(readUnreadCount('{"count":3}')).toBe(3)
    expect(readUnreadCount('{"count":0}')).toBe(0)
    for (const data of ['', 'x', '{"count":-1}', '{"count":1.5}', '{"count":"2"}', '{}', 'null']) expect(readUnreadCount(data)).toBeNull()
  })
})

describe('readLiveMessage', () => {
  it('reads a conversation id and a whole message, and nothing else', () => {
    const message = { _id: 'm1', senderId: 'u1', text: '<b>hi</b>', createdAt: '2026-11-23T10:00:00Z' }
    expect(readLiveMessage(JSON.stringify({ conversationId: 'c1', message }))).toEqual({ conversationId: 'c1', message })
    expect(readLiveMessage(JSON.stringify({ conversationId: 'c1', message: { ...message, text: 3 } }))).toBeNull()
    expect(readLiveMessage(JSON.stringify({ message }))).toBeNull()
    expect(readLiveMessage('{"count":1}')).toBeNull()
    expect(readLiveMessage('not json')).toBeNull()
  })
})

describe('followUnreadCount', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('reads counts with the bearer token, and reconnects when the stream ends', async () => {
    saveSession({ token: 'access', refreshToken: 'refresh', role: 'guide' })
    let connections = 0
    const auth: (string | null)[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init)
        auth.push(request.headers.get('Authorization'))
        expect(new URL(request.url).pathname).toBe(UNREAD_STREAM_PATH)
        connections += 1
        // The first stream ends (as the server's does after ten minutes); the second stays open.
        return connections === 1 ? eventStream([': hello\n\n', unread(2), 'event: unr', 'ead\ndata: {"count":3}\n\n']) : eventStream([unread(5)], { open: true })
      }),
    )
    const counts: number[] = []
    const stop = new AbortController()
    const following = followUnreadCount((count) => counts.push(count), stop.signal)
    await vi.waitFor(() => expect(counts).toEqual([2, 3, 5]), { timeout: 3000 })
    expect(connections).toBe(2)
    expect(auth).toEqual(['Bearer access', 'Bearer access'])
    stop.abort()
    await following
  })

  it('resumes from the id of the last event heard, so the server replays what was missed', async () => {
    saveSession({ token: 'access', refreshToken: 'refresh', role: 'guide' })
    const resumedFrom: (string | null)[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        resumedFrom.push(new Request(input, init).headers.get('Last-Event-ID'))
        // The first replica goes away after two events; the second replays a message.
        if (resumedFrom.length === 1) return eventStream([`id: 100\n${unread(1)}`, 'id: 170\nevent: message\ndata: {"n":1}\n\n'])
        if (resumedFrom.length === 2) return eventStream(['id: 250\nevent: message\ndata: {"n":2}\n\n', unread(2)])
        return eventStream([unread(2)], { open: true })
      }),
    )
    const events: string[] = []
    const stop = new AbortController()
    const following = followLiveEvents((event) => events.push(`${event.event} ${event.data}`), stop.signal)
    await vi.waitFor(() => expect(resumedFrom).toHaveLength(3), { timeout: 3000 })
    // The id carries on through events that name none (the standard's "last event ID").
    expect(resumedFrom).toEqual([null, '170', '250'])
    expect(events).toContain('message {"n":2}')
    stop.abort()
    await following
  })

  it('backs off after a failed connection and tries again', async () => {
    saveSession({ token: 'access', refreshToken: 'refresh', role: 'tourist' })
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let connections = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        connections += 1
        if (connections === 1) throw new TypeError('Failed to fetch')
        return eventStream([unread(1)], { open: true })
      }),
    )
    const counts: number[] = []
    const stop = new AbortController()
    const following = followUnreadCount((count) => counts.push(count), stop.signal)
    await vi.waitFor(() => expect(counts).toEqual([1]), { timeout: 3000 })
    expect(connections).toBe(2)
    expect(warn).toHaveBeenCalledOnce()
    stop.abort()
    await following
  })

  it('stops when the session is refused even after a refresh (signed out)', async () => {
    saveSession({ token: 'stale', refreshToken: 'old', role: 'tourist' })
    const calls = fakeServer((call) => (call.url.pathname === '/api/v1/auth/refresh' ? failure(401, 'Invalid refresh token') : failure(401, 'Invalid or expired token')))
    await followUnreadCount(() => {}, new AbortController().signal)
    expect(calls.map((c) => c.url.pathname)).toEqual([UNREAD_STREAM_PATH, '/api/v1/auth/refresh'])
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('does not connect while signed out', async () => {
    const calls = fakeServer(() => json({}))
    await followUnreadCount(() => {}, new AbortController().signal)
    expect(calls).toHaveLength(0)
  })
})
