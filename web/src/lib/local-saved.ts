import { useCallback, useSyncExternalStore } from 'react'
import { AUTH_CHANGE_EVENT } from './auth-store'

/**
 * What a visitor saved (the spec's favourites), kept in this browser's local storage so it
 * survives a reload (the spec keeps destinations in page state only; Yatra keeps them, and
 * guides too). Signing in moves them into the account's saved lists (`useMergeLocalSaved`),
 * and signing out clears all local storage (spec section 4), these included. The storage
 * keys keep their first names, so nothing a visitor saved before is lost.
 */
export type SavedKind = 'guide' | 'destination'

export const LOCAL_SAVED_KEYS: Record<SavedKind, string> = {
  destination: 'yatra:favourite-destinations',
  guide: 'yatra:favourite-guides',
}
/** The destinations' key, as the spec's first version of favourites named it. */
export const LOCAL_SAVED_KEY = LOCAL_SAVED_KEYS.destination

const listeners = new Set<() => void>()
// Nothing saved is always this one Set: what the server drew (it cannot see this browser's
// saves) is then what the first render reads, and hydration does not draw every heart again.
const NONE: ReadonlySet<string> = new Set()
type Seen = { raw: string | null; ids: ReadonlySet<string> }
// What the last read saw: the same Set comes back while storage holds the same text.
const seen: Record<SavedKind, Seen> = { destination: { raw: null, ids: NONE }, guide: { raw: null, ids: NONE } }
// When storage cannot be written (private mode, full), saving still works for this visit.
const unsaved: Record<SavedKind, ReadonlySet<string> | null> = { destination: null, guide: null }

function parse(raw: string | null): ReadonlySet<string> {
  if (!raw) return NONE
  try {
    const value: unknown = JSON.parse(raw)
    const ids = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== '') : []
    return ids.length === 0 ? NONE : new Set(ids)
  } catch {
    return NONE
  }
}

function readRaw(kind: SavedKind): string | null {
  try {
    return localStorage.getItem(LOCAL_SAVED_KEYS[kind])
  } catch {
    return null
  }
}

/** The saved ids of one kind. */
export function getLocalSaved(kind: SavedKind = 'destination'): ReadonlySet<string> {
  const kept = unsaved[kind]
  if (kept) return kept
  const raw = readRaw(kind)
  if (raw !== seen[kind].raw) seen[kind] = { raw, ids: parse(raw) }
  return seen[kind].ids
}

function emit() {
  for (const listener of [...listeners]) listener()
}

/** Saves or unsaves one; returns whether it is now saved. */
export function toggleLocalSaved(id: string, kind: SavedKind = 'destination'): boolean {
  const ids = new Set(getLocalSaved(kind))
  const now = !ids.has(id)
  if (now) ids.add(id)
  else ids.delete(id)
  try {
    localStorage.setItem(LOCAL_SAVED_KEYS[kind], JSON.stringify([...ids]))
    unsaved[kind] = null
  } catch {
    unsaved[kind] = ids
  }
  emit()
  return now
}

/** Forgets everything saved here (once it is in the account). */
export function clearLocalSaved(): void {
  for (const kind of ['destination', 'guide'] as const) {
    unsaved[kind] = null
    try {
      localStorage.removeItem(LOCAL_SAVED_KEYS[kind])
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
    if (event.key === null || Object.values(LOCAL_SAVED_KEYS).includes(event.key)) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(AUTH_CHANGE_EVENT, onChange)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange)
  }
}

/** The saved ids of one kind, re-rendering whenever they change (here or in another tab). */
export function useLocalSaved(kind: SavedKind = 'destination'): { ids: ReadonlySet<string>; toggle: (id: string) => boolean } {
  const ids = useSyncExternalStore(
    subscribe,
    () => getLocalSaved(kind),
    () => NONE,
  )
  const toggle = useCallback((id: string) => toggleLocalSaved(id, kind), [kind])
  return { ids, toggle }
}
