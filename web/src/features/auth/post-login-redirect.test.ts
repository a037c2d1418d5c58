import { beforeEach, describe, expect, it, vi } from 'vitest'
import { postLoginPath, safeNextPath } from './post-login-redirect'

const answer = (isProfileComplete: boolean) => ({ status: 'success', data: { isProfileComplete } })

describe('post-login redirect', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })

  it('sends a complete profile home, whatever the role', () => {
    expect(postLoginPath('tourist', answer(true))).toBe('/')
    expect(postLoginPath('guide', answer(true))).toBe('/')
  })

  it('sends an admin to the verification queue without a completion check', () => {
    expect(postLoginPath('admin', undefined)).toBe('/admin')
    expect(console.error).not.toHaveBeenCalled()
  })

  it('sends an incomplete tourist to the traveller form', () => {
    expect(postLoginPath('tourist', answer(false))).toBe('/touristform')
  })

  it('sends an incomplete guide to the guide form', () => {
    expect(postLoginPath('guide', answer(false))).toBe('/guideform')
  })

  it('sends any unexpected answer home and logs it', () => {
    expect(postLoginPath('guide', undefined)).toBe('/')
    expect(postLoginPath('guide', { status: 'error', message: 'Forbidden' })).toBe('/')
    expect(postLoginPath('tourist', { status: 'success', data: {} })).toBe('/')
    expect(postLoginPath('tourist', { status: 'success', data: { isProfileComplete: 'no' } })).toBe('/')
    expect(console.error).toHaveBeenCalled()
  })
})

describe('the page a login was asked from', () => {
  it('goes back to a path of this site', () => {
    expect(safeNextPath('/tours/t1?people=2')).toBe('/tours/t1?people=2')
  })

  it('never to another site, nor to the login page', () => {
    for (const next of [null, '', 'tours', '//evil.example', '/\\evil.example', 'https://evil.example', '/login', '/login?next=/x']) expect(safeNextPath(next)).toBeNull()
  })
})
