import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { clearSession, saveSession } from './auth-store'
import { APP_CACHE_OPTIONS, CacheProvider, useClientCache } from './cache-provider'
import { ClientCache } from './client-cache'

function withCache(cache = new ClientCache()) {
  const wrapper = ({ children }: { children: ReactNode }) => <CacheProvider cache={cache}>{children}</CacheProvider>
  return { cache, wrapper }
}

describe('CacheProvider', () => {
  it('makes the app cache with the provider overrides and stops its sweep on unmount', () => {
    const dispose = vi.spyOn(ClientCache.prototype, 'dispose')
    const { result, unmount } = renderHook(() => useClientCache(), { wrapper: CacheProvider })
    const { persistenceKey: _, ...limits } = APP_CACHE_OPTIONS
    expect(result.current.limits).toEqual(limits)
    unmount()
    expect(dispose).toHaveBeenCalled()
  })

  it('restores the app cache from the in-memory persistence on a new provider', () => {
    const first = renderHook(() => useClientCache(), { wrapper: CacheProvider })
    first.result.current.set('kept', 1)
    first.unmount()
    const second = renderHook(() => useClientCache(), { wrapper: CacheProvider })
    expect(second.result.current.get('kept')).toBe(1)
    second.result.current.clear()
    second.unmount()
  })

  it('empties the cache when the user signs in or out', () => {
    const { cache, wrapper } = withCache()
    cache.set('public', 1)
    renderHook(() => useClientCache(), { wrapper })
    expect(cache.has('public')).toBe(true)
    act(() => saveSession({ token: 't', refreshToken: 'r', role: 'tourist' }))
    expect(cache.has('public')).toBe(false)
    cache.set('mine', 2)
    act(() => clearSession())
    expect(cache.has('mine')).toBe(false)
  })

  it('is required by useClientCache', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useClientCache())).toThrow('useClientCache needs a CacheProvider above it')
  })
})
