import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_CHANGE_EVENT } from './auth-store'
import { createAuthFetch } from './api-client'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const unauthorized = () => json(401, { status: 'error', message: 'Invalid or expired token' })

/** Stands in for the server: the outside boundary of the client. */
function fakeServer(handler: (req: { url: string; method: string; auth: string | null; body: string }) => Response | Promise<Response>) {
  const calls: { url: string; method: string; auth: string | null; body: string }[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const call = {
      url: new URL(request.url).pathname,
      method: request.method,
      auth: request.headers.get('Authorization'),
      body: await request.text(),
    }
    calls.push(call)
    return handler(call)
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

const authFetch = createAuthFetch('http://api.test')
const protectedRequest = () =>
  new Request('http://api.test/api/v1/protect/name', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Asha', lastName: 'Gurung' }),
  })

describe('authenticated fetch', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    localStorage.setItem('token', 'old-token')
    localStorage.setItem('refreshToken', 'old-refresh')
    localStorage.setItem('role', 'tourist')
  })

  it('sends the stored token as a bearer token', async () => {
    const calls = fakeServer(() => json(200, { status: 'success', message: 'ok' }))
    const res = await authFetch(protectedRequest())
    expect(res.status).toBe(200)
    expect(calls).toHaveLength(1)
    expect(calls[0].auth).toBe('Bearer old-token')
  })

  it('on a 401 refreshes once, stores the new tokens and retries with the same body', async () => {
    const calls = fakeServer(({ url, auth }) => {
      if (url === '/api/v1/auth/refresh') return json(200, { status: 'success', message: 'Token refreshed', token: 'new-token', refreshToken: 'new-refresh', role: 'tourist' })
      return auth === 'Bearer new-token' ? json(200, { status: 'success', message: 'ok' }) : unauthorized()
    })
    const res = await authFetch(protectedRequest())
    expect(res.status).toBe(200)
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/protect/name', '/api/v1/auth/refresh', '/api/v1/protect/name'])
    expect(JSON.parse(calls[1].body)).toEqual({ refreshToken: 'old-refresh' })
    expect(calls[2].body).toBe(calls[0].body)
    expect(localStorage.getItem('token')).toBe('new-token')
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh')
  })

  it('does not refresh a second time when the retry is also refused', async () => {
    const calls = fakeServer(({ url }) =>
      url === '/api/v1/auth/refresh' ? json(200, { status: 'success', message: 'ok', token: 'new-token', refreshToken: 'new-refresh', role: 'tourist' }) : unauthorized(),
    )
    const res = await authFetch(protectedRequest())
    expect(res.status).toBe(401)
    expect(calls.filter((c) => c.url === '/api/v1/auth/refresh')).toHaveLength(1)
    expect(calls).toHaveLength(3)
  })

  it('signs out cleanly when the refresh is refused', async () => {
    localStorage.setItem('somethingElse', 'x')
    const authChange = vi.fn()
    window.addEventListener(AUTH_CHANGE_EVENT, authChange)
    const calls = fakeServer(() => unauthorized())
    const res = await authFetch(protectedRequest())
    window.removeEventListener(AUTH_CHANGE_EVENT, authChange)
    expect(res.status).toBe(401)
    expect(calls).toHaveLength(2)
    expect(localStorage.length).toBe(0)
    expect(authChange).toHaveBeenCalled()
  })

  it('signs out cleanly when the refresh cannot reach the server', async () => {
    fakeServer(({ url }) => {
      if (url === '/api/v1/auth/refresh') throw new TypeError('Failed to fetch')
      return unauthorized()
    })
    const res = await authFetch(protectedRequest())
    expect(res.status).toBe(401)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('shares one refresh between concurrent 401s', async () => {
    let releaseRefresh: () => void = () => {}
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve))
    const calls = fakeServer(async ({ url, auth }) => {
      if (url === '/api/v1/auth/refresh') {
        await refreshGate
        return json(200, { status: 'success', message: 'ok', token: 'new-token', refreshToken: 'new-refresh', role: 'tourist' })
      }
      return auth === 'Bearer new-token' ? json(200, { status: 'success', message: 'ok' }) : unauthorized()
    })
    const pending = [authFetch(protectedRequest()), authFetch(protectedRequest()), authFetch(protectedRequest())]
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/api/v1/auth/refresh')).toHaveLength(1))
    releaseRefresh()
    const results = await Promise.all(pending)
    expect(results.map((r) => r.status)).toEqual([200, 200, 200])
    expect(calls.filter((c) => c.url === '/api/v1/auth/refresh')).toHaveLength(1)
  })

  it('does not try to refresh when no token was sent', async () => {
    localStorage.clear()
    const calls = fakeServer(() => unauthorized())
    const res = await authFetch(protectedRequest())
    expect(res.status).toBe(401)
    expect(calls).toHaveLength(1)
    expect(calls[0].auth).toBeNull()
  })

  it('leaves other errors alone', async () => {
    const calls = fakeServer(() => json(403, { status: 'error', message: 'Forbidden' }))
    const res = await authFetch(protectedRequest())
    expect(res.status).toBe(403)
    expect(calls).toHaveLength(1)
    expect(localStorage.getItem('token')).toBe('old-token')
  })
})
