import { describe, expect, it } from 'vitest'
import { getErrorMessage, isApiError } from './api-errors'

describe('error helpers', () => {
  it('recognises the server error shape', () => {
    expect(isApiError({ status: 'error', message: 'Nope' })).toBe(true)
    expect(isApiError({ status: 'success', message: 'ok' })).toBe(false)
    expect(isApiError(null)).toBe(false)
  })

  it('prefers the server message and falls back otherwise', () => {
    expect(getErrorMessage({ status: 'error', message: 'An account with this email already exists' }, 'x')).toBe('An account with this email already exists')
    expect(getErrorMessage({ status: 'error', message: '' }, 'Registration failed. Please try again.')).toBe('Registration failed. Please try again.')
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'Invalid email or password')).toBe('Invalid email or password')
    expect(getErrorMessage(undefined, 'fallback')).toBe('fallback')
  })
})
