/** One cached value and what eviction and expiry need to know about it (spec section 3). */
export type CacheEntry<T = unknown> = {
  value: T
  createdAt: number
  lastAccessedAt: number
  accessCount: number
  /** Absent: the entry never expires. */
  expiresAt?: number
  tags: string[]
  priority: number
  /** Approximate bytes, see `approximateSize`. */
  size: number
}

/** Why an entry left: removed on request, pushed out to make room, or past its expiry. */
export type RemovalReason = 'deleted' | 'evicted' | 'expired'

/** What a key's subscribers hear about. */
export type CacheChange = 'set' | RemovalReason

/**
 * What one delete, deleteByTag or clear covered, asked of a key and the tags it has or will
 * have: a request still out for that key learns its answer may predate the change.
 */
export type Invalidation = (key: string, tags: readonly string[]) => boolean

export type CacheLimits = {
  /** Bytes, summed over the entries' approximate sizes. */
  maxSize: number
  maxEntries: number
  /** Milliseconds; undefined means entries do not expire unless `set` gives a ttl. */
  defaultTtl: number | undefined
  /** Milliseconds between sweeps of expired entries. */
  sweepInterval: number
}

export type ClientCacheOptions = Partial<CacheLimits> & {
  /** Mirrors the entries under this name so a later cache with the same name starts with them. */
  persistenceKey?: string
  /** Told about entries the cache dropped on its own (not about delete or clear). */
  onEvict?: (key: string, entry: CacheEntry, reason: Exclude<RemovalReason, 'deleted'>) => void
}

export type SetOptions = {
  /** Milliseconds to live; overrides the default. `Infinity` keeps the entry until evicted. */
  ttl?: number
  tags?: string[]
  /** Higher stays longer under eviction; default 1. */
  priority?: number
}

export type CacheStats = {
  hits: number
  misses: number
  /** Entries pushed out to make room; expired entries are not counted here. */
  evictions: number
  /** Bytes held, approximately. */
  size: number
  entries: number
  /** hits / (hits + misses), 0 before the first read. */
  hitRate: number
}

const MB = 1024 * 1024
const MINUTE = 60_000

/** The class defaults of spec section 9. */
export const CACHE_DEFAULTS: CacheLimits = {
  maxSize: 100 * MB,
  maxEntries: 1000,
  defaultTtl: undefined,
  sweepInterval: 5 * MINUTE,
}

// The spec keeps persistence in memory, never in browser storage: this module object is it.
const persisted = new Map<string, Map<string, CacheEntry>>()

/**
 * Approximate bytes of a value: its JSON length times two, as strings are UTF-16. Values
 * JSON cannot hold stay countable: a repeated object (including a cycle) counts once and
 * a bigint counts as its digits. A value whose serialisation throws counts as 0.
 */
export function approximateSize(value: unknown): number {
  if (typeof value === 'string') return value.length * 2
  const seen = new WeakSet<object>()
  try {
    const json = JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'bigint') return item.toString()
      if (typeof item === 'object' && item !== null) {
        if (seen.has(item)) return undefined
        seen.add(item)
      }
      return item
    }) as string | undefined
    return (json?.length ?? 0) * 2
  } catch {
    return 0
  }
}

/**
 * Eviction score: priority × (accessCount + 1) / (1 + seconds since last access). The
 * lowest goes first, so a lower priority, an older last access and fewer accesses all make
 * an entry leave sooner. The +1s keep a never-read entry above zero and a just-read one
 * finite; on a tie the entry stored first goes.
 */
export function evictionScore(entry: CacheEntry, now: number): number {
  const idleSeconds = Math.max(0, now - entry.lastAccessedAt) / 1000
  return (entry.priority * (entry.accessCount + 1)) / (1 + idleSeconds)
}

function isExpired(entry: CacheEntry, now: number): boolean {
  return entry.expiresAt !== undefined && now >= entry.expiresAt
}

/**
 * The client cache of spec section 9: size- and count-limited, with expiry, tags, scored
 * eviction and statistics. Time is read from `Date.now()` on every call, so tests drive it
 * with fake timers.
 */
export class ClientCache {
  readonly limits: Readonly<CacheLimits>
  private readonly entries = new Map<string, CacheEntry>()
  private readonly listeners = new Map<string, Set<(change: CacheChange) => void>>()
  private readonly mirror: Map<string, CacheEntry> | undefined
  private readonly onEvict: ClientCacheOptions['onEvict']
  private totalSize = 0
  private hits = 0
  private misses = 0
  private evictions = 0
  private readonly invalidationListeners = new Set<(covers: Invalidation) => void>()
  private sweepTimer: ReturnType<typeof setInterval> | undefined

  constructor({ persistenceKey, onEvict, ...limits }: ClientCacheOptions = {}) {
    this.limits = {
      maxSize: limits.maxSize ?? CACHE_DEFAULTS.maxSize,
      maxEntries: limits.maxEntries ?? CACHE_DEFAULTS.maxEntries,
      // `in`, not ??: an explicit undefined asks for no default expiry.
      defaultTtl: 'defaultTtl' in limits ? limits.defaultTtl : CACHE_DEFAULTS.defaultTtl,
      sweepInterval: limits.sweepInterval ?? CACHE_DEFAULTS.sweepInterval,
    }
    this.onEvict = onEvict
    if (persistenceKey === undefined) return

    let mirror = persisted.get(persistenceKey)
    if (!mirror) {
      mirror = new Map()
      persisted.set(persistenceKey, mirror)
    }
    this.mirror = mirror
    const now = Date.now()
    for (const [key, entry] of [...mirror]) {
      // Restored under this cache's limits, which may be smaller than the writer's.
      if (isExpired(entry, now) || entry.size > this.limits.maxSize) mirror.delete(key)
      else this.insert(key, entry, now)
    }
  }

  /** The value, counting a hit; a missing or expired key counts a miss, and an expired entry is removed. */
  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) {
      this.misses++
      return undefined
    }
    const now = Date.now()
    if (isExpired(entry, now)) {
      this.misses++
      this.remove(key, 'expired')
      return undefined
    }
    this.hits++
    entry.lastAccessedAt = now
    entry.accessCount++
    return entry.value as T
  }

  /**
   * The live value without counting a read or changing anything: for rendering, which may
   * look many times and must not mutate the store while it does.
   */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key)
    return entry && !isExpired(entry, Date.now()) ? (entry.value as T) : undefined
  }

  has(key: string): boolean {
    const entry = this.entries.get(key)
    return entry !== undefined && !isExpired(entry, Date.now())
  }

  /**
   * Stores a value, evicting the lowest-scored entries while the cache is at its entry
   * limit or the new size would pass its byte limit. A value larger than the whole cache
   * is refused (false), and any older value under the key is dropped so it is not served.
   */
  set<T>(key: string, value: T, options: SetOptions = {}): boolean {
    const size = approximateSize(value)
    const replaced = this.detach(key)
    if (size > this.limits.maxSize) {
      if (replaced) this.emit(key, 'deleted')
      return false
    }

    const now = Date.now()
    const ttl = options.ttl ?? this.limits.defaultTtl
    const entry: CacheEntry = {
      value,
      createdAt: now,
      lastAccessedAt: now,
      accessCount: 0,
      expiresAt: ttl === undefined ? undefined : now + ttl,
      tags: options.tags ?? [],
      priority: options.priority ?? 1,
      size,
    }
    this.insert(key, entry, now)
    this.emit(key, 'set')
    return true
  }

  delete(key: string): boolean {
    this.announceInvalidation((candidate) => candidate === key)
    return this.remove(key, 'deleted')
  }

  /** Empties the cache; statistics are kept. */
  clear(): void {
    this.announceInvalidation(() => true)
    for (const key of [...this.entries.keys()]) this.remove(key, 'deleted')
  }

  /** The live values carrying `tag`, each read as by `get`. */
  getByTag<T>(tag: string): Map<string, T> {
    const found = new Map<string, T>()
    for (const key of this.keysTagged(tag)) {
      const value = this.get<T>(key)
      if (value !== undefined) found.set(key, value)
    }
    return found
  }

  /** Deletes every entry carrying `tag`; returns how many went. */
  deleteByTag(tag: string): number {
    this.announceInvalidation((_key, tags) => tags.includes(tag))
    const keys = this.keysTagged(tag)
    for (const key of keys) this.remove(key, 'deleted')
    return keys.length
  }

  /**
   * Calls `listener` on every delete, deleteByTag and clear, even one that matched nothing
   * stored: a loader whose request is out checks whether the change covers its key.
   */
  onInvalidate(listener: (covers: Invalidation) => void): () => void {
    this.invalidationListeners.add(listener)
    return () => this.invalidationListeners.delete(listener)
  }

  /** Milliseconds since the live value under `key` was stored; undefined when there is none. */
  age(key: string): number | undefined {
    const entry = this.entries.get(key)
    const now = Date.now()
    return entry && !isExpired(entry, now) ? now - entry.createdAt : undefined
  }

  stats(): CacheStats {
    const reads = this.hits + this.misses
    return {
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
      size: this.totalSize,
      entries: this.entries.size,
      hitRate: reads === 0 ? 0 : this.hits / reads,
    }
  }

  /** Calls `listener` whenever `key` is set or leaves the cache; returns the unsubscribe. */
  subscribe(key: string, listener: (change: CacheChange) => void): () => void {
    let keyListeners = this.listeners.get(key)
    if (!keyListeners) {
      keyListeners = new Set()
      this.listeners.set(key, keyListeners)
    }
    keyListeners.add(listener)
    return () => {
      keyListeners.delete(listener)
      if (keyListeners.size === 0 && this.listeners.get(key) === keyListeners) this.listeners.delete(key)
    }
  }

  /**
   * Stops the sweep timer. The cache stays usable and the next stored entry starts the
   * timer again, so a React effect may dispose and then reuse it (as Strict Mode does).
   */
  dispose(): void {
    clearInterval(this.sweepTimer)
    this.sweepTimer = undefined
  }

  private keysTagged(tag: string): string[] {
    return [...this.entries].filter(([, entry]) => entry.tags.includes(tag)).map(([key]) => key)
  }

  private insert(key: string, entry: CacheEntry, now: number): void {
    // Restoring comes through here too, so restored entries also respect the limits.
    const { maxEntries, maxSize } = this.limits
    while (this.entries.size > 0 && (this.entries.size >= maxEntries || this.totalSize + entry.size > maxSize)) {
      this.evictLowest(now)
    }
    this.entries.set(key, entry)
    this.mirror?.set(key, entry)
    this.totalSize += entry.size
    // The timer runs only while there is something to sweep.
    this.sweepTimer ??= setInterval(() => this.sweep(), this.limits.sweepInterval)
  }

  /** Takes the entry out without telling anyone; the caller decides what to announce. */
  private detach(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    this.mirror?.delete(key)
    this.totalSize -= entry.size
    return entry
  }

  private remove(key: string, reason: RemovalReason): boolean {
    const entry = this.detach(key)
    if (!entry) return false
    if (reason === 'evicted') this.evictions++
    if (reason !== 'deleted') this.onEvict?.(key, entry, reason)
    this.emit(key, reason)
    return true
  }

  private evictLowest(now: number): void {
    let lowestKey: string | undefined
    let lowestScore = Infinity
    for (const [key, entry] of this.entries) {
      const score = evictionScore(entry, now)
      if (lowestKey === undefined || score < lowestScore) {
        lowestKey = key
        lowestScore = score
      }
    }
    if (lowestKey !== undefined) this.remove(lowestKey, 'evicted')
  }

  private sweep(): void {
    const now = Date.now()
    for (const [key, entry] of [...this.entries]) {
      if (isExpired(entry, now)) this.remove(key, 'expired')
    }
    if (this.entries.size === 0) this.dispose()
  }

  private announceInvalidation(covers: Invalidation): void {
    for (const listener of [...this.invalidationListeners]) listener(covers)
  }

  private emit(key: string, change: CacheChange): void {
    const keyListeners = this.listeners.get(key)
    if (!keyListeners) return
    // A copy: a listener may unsubscribe (or subscribe another) while we go through them.
    for (const listener of [...keyListeners]) listener(change)
  }
}

/** An answer the server rendered a page with: the cache key, the data and how it was stored. */
export type SeededEntry = [key: string, value: unknown, options: SetOptions]

/** Stores the answers the server rendered the page with, before the app's first render. */
export function seedCache(cache: ClientCache, entries: readonly SeededEntry[]) {
  for (const [key, value, options] of entries) cache.set(key, value, options)
}
