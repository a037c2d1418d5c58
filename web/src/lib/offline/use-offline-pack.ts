import { useEffect, useState, useSyncExternalStore } from 'react'
import { AUTH_CHANGE_EVENT, useAuth } from '../auth-store'
import type { OfflinePack, SavedTrip } from './offline-pack'
import { PACK_CHANGE_EVENT, browserPacks, currentAccount } from './offline-store'

/** The signed-in account's offline pack, read again whenever it changes; `null` until read (or for no account). */
export function useOfflinePack(): OfflinePack | null {
  const { token } = useAuth()
  const [pack, setPack] = useState<OfflinePack | null>(null)
  useEffect(() => {
    const account = currentAccount(token)
    let current = true
    const read = () => {
      if (!account || typeof indexedDB === 'undefined') return setPack(null)
      browserPacks()
        .load(account)
        .then((p) => current && setPack(p))
        .catch((err: unknown) => console.error('The offline pack could not be read', err))
    }
    read()
    window.addEventListener(PACK_CHANGE_EVENT, read)
    window.addEventListener(AUTH_CHANGE_EVENT, read)
    return () => {
      current = false
      window.removeEventListener(PACK_CHANGE_EVENT, read)
      window.removeEventListener(AUTH_CHANGE_EVENT, read)
    }
  }, [token])
  return pack
}

/** One saved trip of the signed-in account, or `null`. */
export function useSavedTrip(bookingId: string): SavedTrip | null {
  const pack = useOfflinePack()
  return pack?.trips.find((t) => t.booking._id === bookingId) ?? null
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Whether the browser believes it has a network; false means surely none. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
}
