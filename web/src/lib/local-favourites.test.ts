import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession } from './auth-store'
import { FAVOURITES_KEY, FAVOURITES_KEYS, clearFavourites, getFavourites, toggleFavourite, useFavourites } from './local-favourites'

describe('favourite destinations', () => {
  afterEach(() => vi.restoreAllMocks())

  it('start empty and toggle on and off, stored under their key', () => {
    expect(getFavourites().size).toBe(0)
    expect(toggleFavourite('phewa')).toBe(true)
    expect(toggleFavourite('lumbini')).toBe(true)
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY)!)).toEqual(['phewa', 'lumbini'])
    expect(toggleFavourite('phewa')).toBe(false)
    expect([...getFavourites()]).toEqual(['lumbini'])
  })

  it('survive a reload: they are read back from storage', () => {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify(['everest', 'chitwan']))
    expect([...getFavourites()]).toEqual(['everest', 'chitwan'])
  })

  it('ignore stored text that is not a list of ids', () => {
    for (const raw of ['not json', '{"a":1}', '[1, null, "", "ok"]']) {
      localStorage.setItem(FAVOURITES_KEY, raw)
      expect([...getFavourites()], raw).toEqual(raw.includes('"ok"') ? ['ok'] : [])
    }
  })

  it('keep working for the visit when storage refuses writes', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(toggleFavourite('rara')).toBe(true)
    expect(getFavourites().has('rara')).toBe(true)
    vi.restoreAllMocks()
    expect(toggleFavourite('rara')).toBe(false)
    expect(getFavourites().has('rara')).toBe(false)
  })

  it('re-render their readers on a toggle, on another tab’s change and on sign-out', () => {
    const { result } = renderHook(() => useFavourites())
    act(() => {
      result.current.toggle('bandipur')
    })
    expect(result.current.favourites.has('bandipur')).toBe(true)

    act(() => {
      localStorage.setItem(FAVOURITES_KEY, JSON.stringify(['nagarkot']))
      window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_KEY }))
    })
    expect([...result.current.favourites]).toEqual(['nagarkot'])

    act(() => clearSession())
    expect(result.current.favourites.size).toBe(0)
  })
})

describe('favourite guides', () => {
  it('are kept apart from destinations and cleared with them', () => {
    expect(toggleFavourite('dawa', 'guide')).toBe(true)
    expect(toggleFavourite('phewa')).toBe(true)
    expect([...getFavourites('guide')]).toEqual(['dawa'])
    expect([...getFavourites('destination')]).toEqual(['phewa'])
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEYS.guide)!)).toEqual(['dawa'])
    clearFavourites()
    expect(getFavourites('guide').size).toBe(0)
    expect(getFavourites('destination').size).toBe(0)
  })
})
