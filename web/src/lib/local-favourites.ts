import { useCallback, useSyncExternalStore } from 'react'
import { AUTH_CHANGE_EVENT } from './auth-store'

/**
 * A visitor's favourites, kept in this browser's local storage so they survive a reload
 * (the spec keeps destinations in page state only; Yatra keeps them, and guides too).
 * Signing in moves them into the account's saved lists (`useMergeLocalFavourites`), and
 * signing out clears all local storage (spec section 4), favourites included.
 */
export type FavouriteKind = 'guide' | 'destination'

export const FAVOURITES_KEYS: Record<FavouriteKind, string> = {
  destination: 'yatra:favourite-destinations',
  guide: 'yatra:favourite-guides',
}
/** The destinations' key, as the spec's first version of favourites named it. */
export const FAVOURITES_KEY = FAVOURITES_KEYS.destination

const listeners = new Set<() => void>()
type Seen = { raw: string | null; ids: ReadonlySet<string> }
// What the last read saw: the same Set comes back while storage holds the same text.
const seen: Record<FavouriteKind, Seen> = { destination: { raw: null, ids: new Set() }, guide: { raw: null, ids: new Set() } }
// When storage cannot be written (private mode, full), favourites still work for this visit.
const unsaved: Record<FavouriteKind, ReadonlySet<string> | null> = { destination: null, guide: null }

function parse(raw: string | null): ReadonlySet<string> {
  if (!raw) return new Set()
  try {
    const value: unknown = JSON.parse(raw)
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== '') : [])
  } catch {
    return new Set()
  }
}

function readRaw(kind: FavouriteKind): string | null {
  try {
    return localStorage.getItem(FAVOURITES_KEYS[kind])
  } catch {
    return null
  }
}

/** The favourite ids of one kind. */
export function getFavourites(kind: FavouriteKind = 'destination'): ReadonlySet<string> {
  const kept = unsaved[kind]
  if (kept) return kept
  const raw = readRaw(kind)
  if (raw !== seen[kind].raw) seen[kind] = { raw, ids: parse(raw) }
  return seen[kind].ids
}

function emit() {
  for (const listener of [...listeners]) listener()
}

/** Adds or removes a favourite; returns whether it is now a favourite. */
export function toggleFavourite(id: string, kind: FavouriteKind = 'destination'): boolean {
  const ids = new Set(getFavourites(kind))
  const now = !ids.has(id)
  if (now) ids.add(id)
  else ids.delete(id)
  try {
    localStorage.setItem(FAVOURITES_KEYS[kind], JSON.stringify([...ids]))
    unsaved[kind] = null
  } catch {
    unsaved[kind] = ids
  }
  emit()
  return now
}

/** Forgets every local favourite (once they are in the account). */
export function clearFavourites(): void {
  for (const kind of ['destination', 'guide'] as const) {
    unsaved[kind] = null
    try {
      localStorage.removeItem(FAVOURITES_KEYS[kind])
    } catch {
      // Nothing was stored, then.
    }
  }
  emit()
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange)
  // Another tab changing them, and signing out (which clears storage), change them here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(FAVOURITES_KEYS).includes(event.key)) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(AUTH_CHANGE_EVENT, onChange)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange)
  }
}

// What a page drawn on the server shows: it cannot see this browser's favourites, and the
// app's first render must match it before showing them.
const NONE: ReadonlySet<string> = new Set()

/** The favourites of one kind, re-rendering whenever they change (here or in another tab). */
export function useFavourites(kind: FavouriteKind = 'destination'): { favourites: ReadonlySet<string>; toggle: (id: string) => boolean } {
  const favourites = useSyncExternalStore(
    subscribe,
    () => getFavourites(kind),
    () => NONE,
  )
  const toggle = useCallback((id: string) => toggleFavourite(id, kind), [kind])
  return { favourites, toggle }
}
