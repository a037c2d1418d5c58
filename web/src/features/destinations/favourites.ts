import { useCallback, useSyncExternalStore } from 'react'
import { AUTH_CHANGE_EVENT } from '../../lib/auth-store'

/**
 * Favourite destinations, kept in this browser's local storage so they survive a reload
 * (the spec keeps them in page state only; Yatra keeps them). Signing out clears all local
 * storage (spec section 4), favourites included.
 */
export const FAVOURITES_KEY = 'yatra:favourite-destinations'

const listeners = new Set<() => void>()
// What the last read saw: the same Set comes back while storage holds the same text.
let seen: { raw: string | null; ids: ReadonlySet<string> } = { raw: null, ids: new Set() }
// When storage cannot be written (private mode, full), favourites still work for this visit.
let unsaved: ReadonlySet<string> | null = null

function parse(raw: string | null): ReadonlySet<string> {
  if (!raw) return new Set()
  try {
    const value: unknown = JSON.parse(raw)
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== '') : [])
  } catch {
    return new Set()
  }
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(FAVOURITES_KEY)
  } catch {
    return null
  }
}

/** The favourite destination ids. */
export function getFavourites(): ReadonlySet<string> {
  if (unsaved) return unsaved
  const raw = readRaw()
  if (raw !== seen.raw) seen = { raw, ids: parse(raw) }
  return seen.ids
}

function emit() {
  for (const listener of [...listeners]) listener()
}

/** Adds or removes a favourite; returns whether it is now a favourite. */
export function toggleFavourite(destinationId: string): boolean {
  const ids = new Set(getFavourites())
  const now = !ids.has(destinationId)
  if (now) ids.add(destinationId)
  else ids.delete(destinationId)
  try {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([...ids]))
    unsaved = null
  } catch {
    unsaved = ids
  }
  emit()
  return now
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange)
  // Another tab changing them, and signing out (which clears storage), change them here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVOURITES_KEY || event.key === null) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(AUTH_CHANGE_EVENT, onChange)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange)
  }
}

/** The favourites, re-rendering whenever they change (here or in another tab). */
export function useFavourites(): { favourites: ReadonlySet<string>; toggle: (destinationId: string) => boolean } {
  const favourites = useSyncExternalStore(subscribe, getFavourites)
  const toggle = useCallback((destinationId: string) => toggleFavourite(destinationId), [])
  return { favourites, toggle }
}
