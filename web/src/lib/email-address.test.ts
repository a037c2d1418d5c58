import { describe, expect, it } from 'vitest'
import { isValidEmail } from './email-address'

describe('isValidEmail (the server rule)', () => {
  it('accepts ordinary addresses, trimmed', () => {
    for (const good of ['tess@example.com', '  Sita.Rai+trek@Example.com.np ', "o'brien@mail.co.uk", 'राम@उदाहरण.नेपाल', 'a1@b-c.d2']) {
      expect(isValidEmail(good), good).toBe(true)
    }
  })

  it('refuses what the server refuses', () => {
    for (const bad of [
      '',
      '  ',
      'plainaddress',
      'tess@example',
      'a@b',
      'a@@b.com',
      'a b@c.com',
      '@nepal.np',
      'x@[1.2.3.4]',
      '"tess"@example.com',
      'Tess <tess@example.com>',
      '.tess@example.com',
      'te..ss@example.com',
      'tess@example..com',
      'tess@-example.com',
      'tess@example.com-',
      'tess@example.com.',
      `${'a'.repeat(65)}@example.com`,
      `tess@${'a'.repeat(64)}.com`,
      `tess@${'abcdefghi.'.repeat(25)}com`,
    ]) {
      expect(isValidEmail(bad), bad).toBe(false)
    }
  })
})
