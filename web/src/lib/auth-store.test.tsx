import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AUTH_CHANGE_EVENT, clearSession, saveSession, useAuth } from './auth-store'

describe('auth store', () => {
  it('starts signed out when no token is stored', () => {
    const { result } = renderHook(() => useAuth())
    expect(result.current).toMatchObject({ isSignedIn: false, role: null })
  })

  it('re-reads storage when an authChange event fires', () => {
    const { result } = renderHook(() => useAuth())
    localStorage.setItem('token', 't1')
    localStorage.setItem('role', 'guide')
    // Writing storage alone does not notify in the same tab...
    expect(result.current.isSignedIn).toBe(false)
    // ...the authChange event does.
    act(() => {
      window.dispatchEvent(new Event(AUTH_CHANGE_EVENT))
    })
    expect(result.current).toMatchObject({ isSignedIn: true, token: 't1', role: 'guide' })
  })

  it('saveSession stores all three keys and announces the change', () => {
    const listener = vi.fn()
    window.addEventListener(AUTH_CHANGE_EVENT, listener)
    const { result } = renderHook(() => useAuth())
    act(() => saveSession({ token: 'a', refreshToken: 'r', role: 'tourist' }))
    window.removeEventListener(AUTH_CHANGE_EVENT, listener)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('refreshToken')).toBe('r')
    expect(result.current).toMatchObject({ isSignedIn: true, role: 'tourist' })
  })

  it('clearSession wipes all local storage and signs out', () => {
    localStorage.setItem('unrelated', 'x')
    const { result } = renderHook(() => useAuth())
    act(() => saveSession({ token: 'a', refreshToken: 'r', role: 'tourist' }))
    act(() => clearSession())
    expect(localStorage.length).toBe(0)
    expect(result.current.isSignedIn).toBe(false)
  })

  it('clearSession keeps the browser’s display currency, which belongs to no account', () => {
    localStorage.setItem('yatra.currency', 'NPR')
    localStorage.setItem('unrelated', 'x')
    act(() => clearSession())
    expect(localStorage.getItem('unrelated')).toBeNull()
    expect(localStorage.getItem('yatra.currency')).toBe('NPR')
    expect(localStorage.length).toBe(1)
  })

  it('keeps the same snapshot object while nothing changes', () => {
    localStorage.setItem('token', 't')
    const { result, rerender } = renderHook(() => useAuth())
    const first = result.current
    rerender()
    expect(result.current).toBe(first)
  })
})
