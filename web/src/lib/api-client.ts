import createClient from 'openapi-fetch'
import type { components, paths } from './api-schema'
import { API_BASE_URL } from './config'
import { currentLanguage } from '../i18n/language'
import { ROLE_KEY, clearSession, getRefreshToken, getToken, saveSession } from './auth-store'
import { takePageData } from './page-data'

type LoginResponse = components['schemas']['LoginResponse']
type RefreshRequest = components['schemas']['RefreshRequest']

export const REFRESH_PATH = '/api/v1/auth/refresh'

// Looked up on every call so tests (and anything else) can swap the global fetch. Every call
// says which language the reader reads, so the server's messages come back in it.
const platformFetch: typeof fetch = (input, init) => {
  if (input instanceof Request && !input.headers.has('Accept-Language')) {
    const headers = new Headers(input.headers)
    headers.set('Accept-Language', currentLanguage())
    return globalThis.fetch(new Request(input, { headers }), init)
  }
  const headers = new Headers(init?.headers)
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', currentLanguage())
  return globalThis.fetch(input, { ...init, headers })
}

let refreshing: Promise<boolean> | null = null

/**
 * Trades the stored refresh token for new tokens. Concurrent callers share one request.
 * Resolves false (after signing out locally) when the refresh is refused or fails.
 */
export function refreshSession(baseUrl: string = API_BASE_URL): Promise<boolean> {
  refreshing ??= doRefresh(baseUrl).finally(() => {
    refreshing = null
  })
  return refreshing
}

async function doRefresh(baseUrl: string): Promise<boolean> {
  const refreshToken = getRefreshToken()
  if (!refreshToken) {
    clearSession()
    return false
  }
  try {
    const body: RefreshRequest = { refreshToken }
    const res = await platformFetch(`${baseUrl}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) {
      clearSession()
      return false
    }
    const data = (await res.json()) as Partial<LoginResponse>
    if (!data.token || !data.refreshToken) {
      clearSession()
      return false
    }
    saveSession({ token: data.token, refreshToken: data.refreshToken, role: data.role ?? localStorage.getItem(ROLE_KEY) ?? '' })
    return true
  } catch {
    clearSession()
    return false
  }
}

function withBearer(request: Request, token: string | null): Request {
  const headers = new Headers(request.headers)
  if (token) headers.set('Authorization', `Bearer ${token}`)
  else headers.delete('Authorization')
  return new Request(request, { headers })
}

/**
 * fetch for authenticated calls: adds the bearer token and, on a 401, refreshes once and
 * retries once. No toasts or redirects here; the only side effect is the token store.
 */
export function createAuthFetch(baseUrl: string = API_BASE_URL): (request: Request) => Promise<Response> {
  return async (request: Request) => {
    const sentToken = getToken()
    // Keep an unread copy: the body of the first attempt is consumed by sending it.
    const spare = request.clone()
    const inlined = sentToken ? null : takePageData(request)
    if (inlined) return inlined
    const res = await platformFetch(withBearer(request, sentToken))
    if (res.status !== 401 || !sentToken) return res

    // Another call may already have refreshed while this one was in flight.
    const current = getToken()
    const fresh = current && current !== sentToken ? true : await refreshSession(baseUrl)
    if (!fresh) return res
    return platformFetch(withBearer(spare, getToken()))
  }
}

// openapi-fetch builds Request objects, which need an absolute URL outside a browser page.
const clientBaseUrl = API_BASE_URL || (typeof window !== 'undefined' ? window.location.origin : '')

/** Calls that need no token (sign-up, login, public lists). */
export const api = createClient<paths>({ baseUrl: clientBaseUrl, fetch: (request: Request) => Promise.resolve(takePageData(request) ?? platformFetch(request)) })

const authFetchRequest = createAuthFetch(clientBaseUrl)

/** Calls that carry the bearer token and refresh it once on a 401. */
export const authApi = createClient<paths>({ baseUrl: clientBaseUrl, fetch: authFetchRequest })

/**
 * An authenticated fetch of a server path (one starting with `/`), for what the typed
 * client cannot express: private media, whose URLs come from the server's answers.
 */
export function authFetch(path: string, init?: RequestInit): Promise<Response> {
  return authFetchRequest(new Request(new URL(path, clientBaseUrl || 'http://localhost'), init))
}

/** One GET to the backend root on start-up so a sleeping host wakes; failure is only logged. */
export function wakeBackend(baseUrl: string = API_BASE_URL): Promise<void> {
  return platformFetch(`${baseUrl}/`, { method: 'GET' })
    .then(() => undefined)
    .catch((err: unknown) => {
      console.error('Wake-up request to the backend failed', err)
    })
}
