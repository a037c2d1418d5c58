import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APP_CACHE_OPTIONS } from './cache-provider'
import { CACHE_DEFAULTS, ClientCache, approximateSize, evictionScore, type CacheEntry, type ClientCacheOptions, type Invalidation } from './client-cache'

const MB = 1024 * 1024
const SECOND = 1000
const MINUTE = 60 * SECOND

let caches: ClientCache[] = []

/** A cache that is disposed after the test, so no sweep timer outlives it. */
function makeCache(options?: ClientCacheOptions): ClientCache {
  const cache = new ClientCache(options)
  caches.push(cache)
  return cache
}

/** A string value of exactly `bytes` approximate bytes. */
const bytes = (count: number) => 'x'.repeat(count / 2)

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
})

afterEach(() => {
  caches.forEach((cache) => cache.dispose())
  caches = []
  vi.useRealTimers()
})

describe('ClientCache defaults', () => {
  it('uses the class defaults of the spec: 100 MB, 1000 entries, no expiry, a 5-minute sweep', () => {
    expect(makeCache().limits).toEqual({ maxSize: 100 * MB, maxEntries: 1000, defaultTtl: undefined, sweepInterval: 5 * MINUTE })
    expect(CACHE_DEFAULTS).toEqual(makeCache().limits)
  })

  it('keeps an entry without a ttl for as long as it is not evicted', () => {
    const cache = makeCache()
    cache.set('a', 1)
    vi.advanceTimersByTime(365 * 24 * 60 * MINUTE)
    expect(cache.get('a')).toBe(1)
  })

  it('holds at most 1000 entries', () => {
    const cache = makeCache()
    for (let i = 0; i <= 1000; i++) cache.set(`k${i}`, i)
    expect(cache.stats()).toMatchObject({ entries: 1000, evictions: 1 })
    expect(cache.has('k1000')).toBe(true)
  })

  it('sweeps expired entries every 5 minutes without being read', () => {
    const cache = makeCache()
    cache.set('short', 1, { ttl: MINUTE })
    cache.set('long', 2)
    vi.advanceTimersByTime(5 * MINUTE - 1)
    expect(cache.stats().entries).toBe(2)
    vi.advanceTimersByTime(1)
    expect(cache.stats().entries).toBe(1)
    expect(cache.stats().misses).toBe(0)
  })
})

describe('ClientCache with the provider overrides', () => {
  const options = { ...APP_CACHE_OPTIONS, persistenceKey: undefined }

  it('are the spec numbers: 50 MB, 500 entries, 15-minute ttl, 5-minute sweep, key yatra', () => {
    expect(APP_CACHE_OPTIONS).toEqual({
      maxSize: 50 * MB,
      maxEntries: 500,
      defaultTtl: 15 * MINUTE,
      sweepInterval: 5 * MINUTE,
      persistenceKey: 'yatra',
    })
  })

  it('expires entries after 15 minutes by default', () => {
    const cache = makeCache(options)
    cache.set('a', 1)
    vi.setSystemTime(Date.now() + 15 * MINUTE - 1)
    expect(cache.peek('a')).toBe(1)
    vi.setSystemTime(Date.now() + 1)
    expect(cache.get('a')).toBeUndefined()
  })

  it('holds at most 500 entries', () => {
    const cache = makeCache(options)
    for (let i = 0; i < 501; i++) cache.set(`k${i}`, i)
    expect(cache.stats().entries).toBe(500)
  })

  it('lets one entry outlive the default with an infinite ttl', () => {
    const cache = makeCache(options)
    cache.set('a', 1, { ttl: Infinity })
    vi.advanceTimersByTime(60 * MINUTE)
    expect(cache.get('a')).toBe(1)
  })
})

describe('expiry', () => {
  it('counts an expired entry as a miss and removes it on read', () => {
    const onEvict = vi.fn()
    const cache = makeCache({ onEvict })
    cache.set('a', 'value', { ttl: 10 * SECOND })
    vi.setSystemTime(Date.now() + 10 * SECOND)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, entries: 0, size: 0 })
    expect(onEvict).toHaveBeenCalledWith('a', expect.objectContaining({ value: 'value' }), 'expired')
  })

  it('hides an expired entry from peek and has without counting or removing it', () => {
    const cache = makeCache()
    cache.set('a', 1, { ttl: SECOND })
    vi.setSystemTime(Date.now() + SECOND)
    expect(cache.peek('a')).toBeUndefined()
    expect(cache.has('a')).toBe(false)
    expect(cache.stats()).toMatchObject({ misses: 0, entries: 1 })
  })

  it('sweeps on the configured interval, tells onEvict, and stops the timer once empty', () => {
    const onEvict = vi.fn()
    const cache = makeCache({ sweepInterval: MINUTE, onEvict })
    cache.set('a', 1, { ttl: 30 * SECOND })
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(MINUTE)
    expect(cache.stats().entries).toBe(0)
    expect(onEvict).toHaveBeenCalledWith('a', expect.objectContaining({ value: 1 }), 'expired')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('dispose stops the sweep, and the next entry starts it again', () => {
    const cache = makeCache()
    cache.set('a', 1)
    cache.dispose()
    expect(vi.getTimerCount()).toBe(0)
    cache.set('b', 2)
    expect(vi.getTimerCount()).toBe(1)
  })
})

describe('eviction', () => {
  it('scores lower for lower priority, older last access and fewer accesses', () => {
    const now = 100 * SECOND
    const entry: CacheEntry = { value: 1, createdAt: 0, lastAccessedAt: now, accessCount: 1, tags: [], priority: 1, size: 2 }
    const base = evictionScore(entry, now)
    expect(evictionScore({ ...entry, priority: 0.5 }, now)).toBeLessThan(base)
    expect(evictionScore({ ...entry, lastAccessedAt: now - 10 * SECOND }, now)).toBeLessThan(base)
    expect(evictionScore({ ...entry, accessCount: 0 }, now)).toBeLessThan(base)
  })

  it('at the entry limit removes the least used entry first', () => {
    const cache = makeCache({ maxEntries: 3 })
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    cache.get('a')
    cache.get('c')
    cache.set('d', 4)
    expect(cache.has('b')).toBe(false)
    expect(['a', 'c', 'd'].every((key) => cache.has(key))).toBe(true)
    expect(cache.stats().evictions).toBe(1)
  })

  it('at the entry limit removes the least recently read entry first', () => {
    const cache = makeCache({ maxEntries: 3 })
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    for (const key of ['b', 'a', 'c']) {
      vi.advanceTimersByTime(10 * SECOND)
      cache.get(key)
    }
    cache.set('d', 4)
    expect(cache.has('b')).toBe(false)
    expect(cache.has('a')).toBe(true)
  })

  it('removes entries while the new size would pass the byte limit', () => {
    const cache = makeCache({ maxSize: 100 })
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, bytes(20))
    expect(cache.stats().size).toBe(100)
    cache.set('big', bytes(60))
    // Three 20-byte entries have to go to fit 60 bytes; the first stored go first on a tie.
    expect(cache.stats()).toMatchObject({ entries: 3, size: 100, evictions: 3 })
    expect(['d', 'e', 'big'].every((key) => cache.has(key))).toBe(true)
  })

  it('protects a higher-priority entry', () => {
    const cache = makeCache({ maxEntries: 2 })
    cache.set('important', 1, { priority: 5 })
    cache.set('ordinary', 2)
    vi.advanceTimersByTime(MINUTE)
    cache.set('new', 3)
    expect(cache.has('important')).toBe(true)
    expect(cache.has('ordinary')).toBe(false)
  })

  it('tells onEvict which entry went and why, but not about delete or clear', () => {
    const onEvict = vi.fn()
    const cache = makeCache({ maxEntries: 1, onEvict })
    cache.set('a', 'first', { tags: ['t'] })
    cache.set('b', 'second')
    expect(onEvict).toHaveBeenCalledTimes(1)
    expect(onEvict).toHaveBeenCalledWith('a', expect.objectContaining({ value: 'first', tags: ['t'], priority: 1 }), 'evicted')
    cache.delete('b')
    cache.set('c', 3)
    cache.clear()
    expect(onEvict).toHaveBeenCalledTimes(1)
  })

  it('refuses an entry bigger than the whole cache and drops the old value under its key', () => {
    const cache = makeCache({ maxSize: 100 })
    cache.set('small', bytes(40))
    cache.set('a', bytes(20))
    expect(cache.set('a', bytes(102))).toBe(false)
    expect(cache.has('a')).toBe(false)
    expect(cache.stats()).toMatchObject({ entries: 1, size: 40, evictions: 0 })
  })

  it('replacing a key frees the old size before making room', () => {
    const cache = makeCache({ maxSize: 100 })
    cache.set('a', bytes(60))
    cache.set('a', bytes(80))
    expect(cache.stats()).toMatchObject({ entries: 1, size: 80, evictions: 0 })
  })
})

describe('tags', () => {
  it('gets the live values carrying a tag', () => {
    const cache = makeCache()
    cache.set('guide:1', 'one', { tags: ['guides'] })
    cache.set('guide:2', 'two', { tags: ['guides', 'featured'] })
    cache.set('blog:1', 'post', { tags: ['blogs'] })
    expect(cache.getByTag('guides')).toEqual(
      new Map([
        ['guide:1', 'one'],
        ['guide:2', 'two'],
      ]),
    )
    expect(cache.stats().hits).toBe(2)
  })

  it('skips and removes an expired tagged entry, counting a miss', () => {
    const cache = makeCache()
    cache.set('old', 1, { tags: ['t'], ttl: SECOND })
    cache.set('new', 2, { tags: ['t'] })
    vi.advanceTimersByTime(SECOND)
    expect(cache.getByTag('t')).toEqual(new Map([['new', 2]]))
    expect(cache.stats()).toMatchObject({ misses: 1, entries: 1 })
  })

  it('deletes every entry carrying a tag and says how many', () => {
    const cache = makeCache()
    cache.set('a', 1, { tags: ['x'] })
    cache.set('b', 2, { tags: ['x', 'y'] })
    cache.set('c', 3, { tags: ['y'] })
    expect(cache.deleteByTag('x')).toBe(2)
    expect(cache.deleteByTag('x')).toBe(0)
    expect(cache.has('c')).toBe(true)
  })
})

describe('invalidation listeners', () => {
  it('hear every delete, deleteByTag and clear, even one that matched nothing, and what it covered', () => {
    const cache = makeCache()
    const heard: Invalidation[] = []
    const stop = cache.onInvalidate((covers) => heard.push(covers))
    cache.delete('guide:1')
    cache.deleteByTag('guides')
    cache.clear()
    expect(heard).toHaveLength(3)
    const [byKey, byTag, all] = heard
    expect([byKey('guide:1', []), byKey('guide:2', [])]).toEqual([true, false])
    expect([byTag('x', ['guides']), byTag('x', ['blogs'])]).toEqual([true, false])
    expect(all('anything', [])).toBe(true)
    stop()
    cache.delete('guide:1')
    expect(heard).toHaveLength(3)
  })
})

describe('age', () => {
  it('is the time since the live value was stored, and undefined without one', () => {
    const cache = makeCache()
    expect(cache.age('a')).toBeUndefined()
    cache.set('a', 1, { ttl: 1000 })
    vi.advanceTimersByTime(400)
    expect(cache.age('a')).toBe(400)
    vi.advanceTimersByTime(600)
    expect(cache.age('a')).toBeUndefined()
  })
})

describe('statistics', () => {
  it('tracks hits, misses, evictions, size, entries and hit rate', () => {
    const cache = makeCache({ maxEntries: 2 })
    expect(cache.stats()).toEqual({ hits: 0, misses: 0, evictions: 0, size: 0, entries: 0, hitRate: 0 })
    cache.set('a', 'ab')
    cache.set('b', { n: 1 })
    cache.get('a')
    cache.get('a')
    cache.get('missing')
    cache.set('c', 'c')
    expect(cache.stats()).toEqual({
      hits: 2,
      misses: 1,
      evictions: 1,
      size: 2 * 'ab'.length + 2 * 'c'.length,
      entries: 2,
      hitRate: 2 / 3,
    })
  })

  it('approximates a value as two bytes per JSON character and survives cycles', () => {
    expect(approximateSize('abc')).toBe(6)
    expect(approximateSize({ a: 1 })).toBe(2 * '{"a":1}'.length)
    expect(approximateSize(10n)).toBe(2 * '"10"'.length)
    expect(approximateSize(undefined)).toBe(0)
    const cyclic: { name: string; self?: unknown } = { name: 'x' }
    cyclic.self = cyclic
    expect(approximateSize(cyclic)).toBe(2 * '{"name":"x"}'.length)
    const throwing = {
      toJSON() {
        throw new Error('no')
      },
    }
    expect(approximateSize(throwing)).toBe(0)
  })
})

describe('persistence', () => {
  it('restores the entries of an earlier cache with the same key, in memory only', () => {
    const first = makeCache({ persistenceKey: 'restore-test' })
    first.set('a', { n: 1 }, { tags: ['t'], priority: 3 })
    first.set('gone', 2)
    first.delete('gone')
    const second = makeCache({ persistenceKey: 'restore-test' })
    expect(second.get('a')).toEqual({ n: 1 })
    expect(second.has('gone')).toBe(false)
    expect(second.getByTag('t').size).toBe(1)
    expect(makeCache({ persistenceKey: 'another-key' }).has('a')).toBe(false)
    expect(makeCache().has('a')).toBe(false)
    expect(localStorage.length).toBe(0)
  })

  it('does not restore expired entries', () => {
    const first = makeCache({ persistenceKey: 'expiry-test' })
    first.set('a', 1, { ttl: SECOND })
    first.set('b', 2)
    vi.setSystemTime(Date.now() + SECOND)
    const second = makeCache({ persistenceKey: 'expiry-test' })
    expect(second.stats().entries).toBe(1)
    expect(second.has('b')).toBe(true)
  })

  it('restores within the new cache’s own limits', () => {
    const first = makeCache({ persistenceKey: 'limits-test' })
    for (const key of ['a', 'b', 'c']) first.set(key, key)
    expect(makeCache({ persistenceKey: 'limits-test', maxEntries: 2 }).stats().entries).toBe(2)
  })
})

describe('subscribe', () => {
  it('tells a key’s listeners about set, delete, eviction and expiry until unsubscribed', () => {
    const cache = makeCache({ maxEntries: 1 })
    const heard: string[] = []
    const unsubscribe = cache.subscribe('a', (change) => heard.push(change))
    cache.set('a', 1)
    cache.delete('a')
    cache.set('a', 1)
    cache.set('b', 2)
    cache.delete('b')
    cache.set('a', 1, { ttl: SECOND })
    vi.advanceTimersByTime(SECOND)
    cache.get('a')
    unsubscribe()
    cache.set('a', 1)
    expect(heard).toEqual(['set', 'deleted', 'set', 'evicted', 'set', 'expired'])
  })
})
