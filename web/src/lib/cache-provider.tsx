import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react'
import { useAuth } from './auth-store'
import { ClientCache, seedCache, type ClientCacheOptions, type SeededEntry } from './client-cache'

const MB = 1024 * 1024
const MINUTE = 60_000

/** The provider's overrides of the class defaults (spec section 9). */
export const APP_CACHE_OPTIONS = {
  maxSize: 50 * MB,
  maxEntries: 500,
  // The spec also names a 10-minute default for a wrapper; we keep the provider's 15.
  defaultTtl: 15 * MINUTE,
  sweepInterval: 5 * MINUTE,
  persistenceKey: 'yatra',
} satisfies ClientCacheOptions

const CacheContext = createContext<ClientCache | null>(null)

const logEviction: NonNullable<ClientCacheOptions['onEvict']> = (key, _entry, reason) => {
  console.debug(`Client cache: ${key} ${reason}`)
}

type CacheProviderProps = {
  children: ReactNode
  /** Read once, when the cache is made. */
  onEvict?: ClientCacheOptions['onEvict']
  /** A cache to provide instead of making the app's own; tests pass a fresh one. */
  cache?: ClientCache
  /** Answers to store before the first render (the server's first paint was drawn with them). */
  seed?: readonly SeededEntry[]
}

/** Holds the app's one client cache, the store behind every API read. */
export function CacheProvider({ children, onEvict = logEviction, cache, seed = [] }: CacheProviderProps) {
  const [value] = useState(() => {
    const made = cache ?? new ClientCache({ ...APP_CACHE_OPTIONS, onEvict })
    seedCache(made, seed)
    return made
  })
  const { isSignedIn } = useAuth()
  const wasSignedIn = useRef(isSignedIn)

  useEffect(() => () => value.dispose(), [value])

  useEffect(() => {
    // Cached answers can belong to the account that just left, or be the signed-out view
    // of what a signed-in user sees differently: start over whenever that changes.
    if (wasSignedIn.current !== isSignedIn) value.clear()
    wasSignedIn.current = isSignedIn
  }, [value, isSignedIn])

  return <CacheContext value={value}>{children}</CacheContext>
}

export function useClientCache(): ClientCache {
  const cache = use(CacheContext)
  if (!cache) throw new Error('useClientCache needs a CacheProvider above it')
  return cache
}

/** Deletes every entry carrying any of `tags`, so mounted queries on them fetch again; returns how many went. */
export function invalidate(cache: ClientCache, ...tags: string[]): number {
  return tags.reduce((count, tag) => count + cache.deleteByTag(tag), 0)
}
