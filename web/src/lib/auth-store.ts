import { useSyncExternalStore } from 'react'
import { LANGUAGE_STORAGE_KEY } from '../i18n/language'
import { setServerHint, SIGNED_IN_COOKIE } from './server-hints'

/** Local storage keys (spec section 3). */
export const TOKEN_KEY = 'token'
export const REFRESH_TOKEN_KEY = 'refreshToken'
export const ROLE_KEY = 'role'

/** Window event fired whenever the signed-in state may have changed. */
export const AUTH_CHANGE_EVENT = 'authChange'

export type Session = {
  token: string | null
  refreshToken: string | null
  role: string | null
}

export function readSession(): Session {
  return {
    token: localStorage.getItem(TOKEN_KEY),
    refreshToken: localStorage.getItem(REFRESH_TOKEN_KEY),
    role: localStorage.getItem(ROLE_KEY),
  }
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY)
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY)
}

export function notifyAuthChange(): void {
  rememberSignInForServer()
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT))
}

/** Tells the server whether to render the signed-out first paint (see server-hints.ts). */
export function rememberSignInForServer(): void {
  setServerHint(SIGNED_IN_COOKIE, getToken() ? '1' : null)
}

/** Stores a fresh session and tells every listener. */
export function saveSession(session: { token: string; refreshToken: string; role: string }): void {
  localStorage.setItem(TOKEN_KEY, session.token)
  localStorage.setItem(REFRESH_TOKEN_KEY, session.refreshToken)
  localStorage.setItem(ROLE_KEY, session.role)
  notifyAuthChange()
}

/**
 * Keys that belong to the browser, not to an account, and so survive signing out: which
 * currency prices are shown in (see docs/features.md, "Display currencies") and the language.
 */
export const KEPT_ON_SIGN_OUT = ['yatra.currency', LANGUAGE_STORAGE_KEY]

/** Signs out locally: the spec clears all local storage, not only the auth keys. */
export function clearSession(): void {
  const kept = KEPT_ON_SIGN_OUT.map((key) => [key, localStorage.getItem(key)] as const)
  localStorage.clear()
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value)
  notifyAuthChange()
  // The offline trek pack (IndexedDB) goes with the session; its code loads only now.
  void import('./offline/offline-store').then((m) => m.forgetOfflinePacks()).catch((err: unknown) => console.error('The offline pack could not be cleared', err))
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(AUTH_CHANGE_EVENT, onChange)
  // Another tab signing in or out changes storage without our event.
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange)
    window.removeEventListener('storage', onChange)
  }
}

export type AuthState = {
  isSignedIn: boolean
  token: string | null
  role: string | null
}

const signedOut: AuthState = { isSignedIn: false, token: null, role: null }
let cached: AuthState = signedOut

// useSyncExternalStore needs the same object back while nothing changed.
function getSnapshot(): AuthState {
  const token = localStorage.getItem(TOKEN_KEY)
  const role = localStorage.getItem(ROLE_KEY)
  if (cached.token !== token || cached.role !== role) {
    cached = { isSignedIn: token !== null && token !== '', token, role }
  }
  return cached
}

function getServerSnapshot(): AuthState {
  return signedOut
}

/** Signed in = a token is stored. Re-read on every `authChange` event. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
