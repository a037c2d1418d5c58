import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { msg } from '../i18n/messages'
import { authApi } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'
import { useAuth } from './auth-store'
import { useClientCache } from './cache-provider'
import { SAVED_TAG } from './cache-tags'
import type { ClientCache } from './client-cache'
import { clearLocalSaved, getLocalSaved, useLocalSaved, type SavedKind } from './local-saved'
import { useCachedQuery, type CachedQuery } from './use-cached-query'

/**
 * The signed-in account's saved lists (issue 16): the guides and destinations its hearts
 * keep, on the server so they follow the account to any browser. A visitor's hearts keep
 * favourites in this browser (`local-saved`) until they sign in; then they move here.
 */
export type SavedLists = components['schemas']['SavedLists']

export const SAVED_KEY = 'favourites'
export const SAVED_TAGS = [SAVED_TAG]
export const SAVED_LOAD_FAILED = msg('common.savedLoadFailed')
export const SAVE_FAILED = msg('common.saveFailed')

/** GET /api/v1/favourites: the saved guides and destinations, newest first, as cards. */
export async function getSaved(signal?: AbortSignal): Promise<ApiResult<SavedLists>> {
  const result = await settle(authApi.GET('/api/v1/favourites', { signal }), SAVED_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** PUT (save) or DELETE (remove) one favourite; the answer is the whole saved list. */
export async function setSaved(kind: SavedKind, id: string, saved: boolean): Promise<ApiResult<SavedLists>> {
  const params = { params: { path: { id } } }
  const call =
    kind === 'guide'
      ? saved
        ? authApi.PUT('/api/v1/favourites/guides/{id}', params)
        : authApi.DELETE('/api/v1/favourites/guides/{id}', params)
      : saved
        ? authApi.PUT('/api/v1/favourites/destinations/{id}', params)
        : authApi.DELETE('/api/v1/favourites/destinations/{id}', params)
  const result = await settle(call, SAVE_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}

const keep = (cache: ClientCache, lists: SavedLists) => cache.set(SAVED_KEY, lists, { tags: SAVED_TAGS })

/** The saved lists, read through the client cache (nothing is asked while signed out). */
export function useSavedLists(): CachedQuery<SavedLists> {
  const { isSignedIn } = useAuth()
  return useCachedQuery({ key: SAVED_KEY, tags: SAVED_TAGS, load: getSaved, enabled: isSignedIn })
}

// Hearts pressed whose answer has not come yet: shown as pressed at once (optimistic), and
// forgotten when their answer lands in the cache, or on failure (the heart goes back).
const pending = new Map<string, { saved: boolean; request: number }>()
const pendingListeners = new Set<() => void>()
let requests = 0

function subscribePending(onChange: () => void): () => void {
  pendingListeners.add(onChange)
  return () => pendingListeners.delete(onChange)
}

function setPending(key: string, value: { saved: boolean; request: number } | null) {
  if (value) pending.set(key, value)
  else pending.delete(key)
  for (const listener of [...pendingListeners]) listener()
}

const listIds = (lists: SavedLists | undefined, kind: SavedKind) => (kind === 'guide' ? lists?.guides : lists?.destinations)?.map((item) => item._id) ?? []

/**
 * One heart: whether `id` is saved, and a toggle. Signed in, it asks the server and shows
 * the change at once; signed out, it keeps the favourite in this browser.
 */
export function useSaved(kind: SavedKind, id: string, onError?: (message: string) => void): { saved: boolean; toggle: () => void } {
  const { isSignedIn } = useAuth()
  const cache = useClientCache()
  const local = useLocalSaved(kind)
  const lists = useSavedLists()
  const key = `${kind}:${id}`
  const waiting = useSyncExternalStore(
    subscribePending,
    () => pending.get(key),
    () => undefined,
  )
  const saved = isSignedIn ? (waiting?.saved ?? listIds(lists.data, kind).includes(id)) : local.ids.has(id)

  const toggle = useCallback(() => {
    if (!isSignedIn) {
      local.toggle(id)
      return
    }
    const request = ++requests
    const next = !saved
    setPending(key, { saved: next, request })
    void setSaved(kind, id, next).then((result) => {
      if (result.ok) keep(cache, result.data)
      else onError?.(result.message)
      // A later press of the same heart is still on its way: its answer decides.
      if (pending.get(key)?.request === request) setPending(key, null)
    })
  }, [isSignedIn, local, id, saved, key, kind, cache, onError])

  return { saved, toggle }
}

/**
 * On signing in, moves this browser's favourites into the account, then forgets them here.
 * Ones that no longer exist (404) or do not fit (409) are dropped; on any other failure
 * they stay for the next sign-in.
 */
export function useMergeLocalSaved(): void {
  const { isSignedIn } = useAuth()
  const cache = useClientCache()
  useEffect(() => {
    if (!isSignedIn) return
    const local = (['guide', 'destination'] as const).flatMap((kind) => [...getLocalSaved(kind)].map((id) => ({ kind, id })))
    if (local.length === 0) return
    void (async () => {
      let lists: SavedLists | undefined
      for (const { kind, id } of local) {
        const result = await setSaved(kind, id, true)
        if (result.ok) lists = result.data
        else if (result.status !== 404 && result.status !== 409) return
      }
      clearLocalSaved()
      if (lists) keep(cache, lists)
    })()
  }, [isSignedIn, cache])
}
