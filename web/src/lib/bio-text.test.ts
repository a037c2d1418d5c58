import { describe, expect, it } from 'vitest'
import { BIO_MAX, BIO_TOO_LONG, bioLength, bioOverBy } from './bio-text'
import { translate } from '../i18n/messages'

describe('bio length', () => {
  it('counts characters the way the server does', () => {
    expect(bioLength('')).toBe(0)
    expect(bioLength('नमस्ते')).toBe(6)
    expect(bioLength('🏔️')).toBe(2)
    expect(bioLength('a\r\nb')).toBe(3)
  })

  it('is over only past 2000 characters', () => {
    expect(bioOverBy('a'.repeat(BIO_MAX))).toBe(0)
    expect(bioOverBy('a'.repeat(BIO_MAX + 5))).toBe(5)
    expect(translate(BIO_TOO_LONG)).toBe('Your bio is too long: please shorten it to the limit shown under it.')
  })
})
