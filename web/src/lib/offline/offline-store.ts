import { createStore, del, get, keys, set } from 'idb-keyval'
import { getToken } from '../auth-store'
import { offlinePacks, type OfflinePacks } from './offline-pack'

/** Fired on the window whenever a pack is written or forgotten, so pages showing it re-read. */
export const PACK_CHANGE_EVENT = 'yatra:offline-pack'

let packs: OfflinePacks | null = null

/** The packs of this browser, in their own IndexedDB database (opened on first use). */
export function browserPacks(): OfflinePacks {
  if (!packs) {
    const store = createStore('yatra-offline', 'packs')
    packs = offlinePacks({
      get: (key) => get(key, store),
      set: (key, value) => set(key, value, store),
      del: (key) => del(key, store),
      keys: () => keys(store),
    })
  }
  return packs
}

/**
 * The signed-in account's id, read from the access token's subject. The token is only
 * decoded, not checked: the pack it names is this browser's own copy of that account's
 * answers, and the server checks every request.
 */
export function currentAccount(token: string | null = getToken()): string | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const sub = (JSON.parse(json) as { sub?: unknown }).sub
    return typeof sub === 'string' && sub !== '' ? sub : null
  } catch {
    return null
  }
}

export function announcePackChange(): void {
  window.dispatchEvent(new Event(PACK_CHANGE_EVENT))
}

/** On sign-out: every pack in this browser goes (see auth-store's clearSession). */
export async function forgetOfflinePacks(): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  await browserPacks().forgetAll()
  announcePackChange()
}
