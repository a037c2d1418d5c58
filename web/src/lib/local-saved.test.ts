import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession } from './auth-store'
import { LOCAL_SAVED_KEY, LOCAL_SAVED_KEYS, clearLocalSaved, getLocalSaved, toggleLocalSaved, useLocalSaved } from './local-saved'

describe('favourite destinations', () => {
  afterEach(() => vi.restoreAllMocks())

  it('start empty and toggle on and off, stored under their key', () => {
    expect(getLocalSaved().size).toBe(0)
    expect(toggleLocalSaved('phewa')).toBe(true)
    expect(toggleLocalSaved('lumbini')).toBe(true)
    expect(JSON.parse(localStorage.getItem(LOCAL_SAVED_KEY)!)).toEqual(['phewa', 'lumbini'])
    expect(toggleLocalSaved('phewa')).toBe(false)
    expect([...getLocalSaved()]).toEqual(['lumbini'])
  })

  it('survive a reload: they are read back from storage', () => {
    localStorage.setItem(LOCAL_SAVED_KEY, JSON.stringify(['everest', 'chitwan']))
    expect([...getLocalSaved()]).toEqual(['everest', 'chitwan'])
  })

  it('ignore stored text that is not a list of ids', () => {
    for (const raw of ['not json', '{"a":1}', '[1, null, "", "ok"]']) {
      localStorage.setItem(LOCAL_SAVED_KEY, raw)
      expect([...getLocalSaved()], raw).toEqual(raw.includes('"ok"') ? ['ok'] : [])
    }
  })

  it('keep working for the visit when storage refuses writes', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(toggleLocalSaved('rara')).toBe(true)
    expect(getLocalSaved().has('rara')).toBe(true)
    vi.restoreAllMocks()
    expect(toggleLocalSaved('rara')).toBe(false)
    expect(getLocalSaved().has('rara')).toBe(false)
  })

  it('re-render their readers on a toggle, on another tab’s change and on sign-out', () => {
    const { result } = renderHook(() => useLocalSaved())
    act(() => {
      result.current.toggle('bandipur')
    })
    expect(result.current.ids.has('bandipur')).toBe(true)

    act(() => {
      localStorage.setItem(LOCAL_SAVED_KEY, JSON.stringify(['nagarkot']))
      window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_SAVED_KEY }))
    })
    expect([...result.current.ids]).toEqual(['nagarkot'])

    act(() => clearSession())
    expect(result.current.ids.size).toBe(0)
  })
})

describe('favourite guides', () => {
  it('are kept apart from destinations and cleared with them', () => {
    expect(toggleLocalSaved('dawa', 'guide')).toBe(true)
    expect(toggleLocalSaved('phewa')).toBe(true)
    expect([...getLocalSaved('guide')]).toEqual(['dawa'])
    expect([...getLocalSaved('destination')]).toEqual(['phewa'])
    expect(JSON.parse(localStorage.getItem(LOCAL_SAVED_KEYS.guide)!)).toEqual(['dawa'])
    clearLocalSaved()
    expect(getLocalSaved('guide').size).toBe(0)
    expect(getLocalSaved('destination').size).toBe(0)
  })
})
