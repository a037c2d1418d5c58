import { translate } from '../../i18n/messages'
import { describe, expect, it } from 'vitest'
import { ACCEPT_TERMS, EMAIL_INVALID, FILL_ALL_FIELDS, PASSWORDS_DIFFER, emptySignup, passwordStrength, signupProgress, validateStepOne, validateStepTwo } from './signup-form'

const filled = {
  ...emptySignup,
  firstName: 'Asha',
  lastName: 'Gurung',
  email: 'asha@example.com',
  password: 'namaste123',
  confirmPassword: 'namaste123',
}

describe('password strength', () => {
  it.each([
    ['', 'Weak'],
    ['abcde', 'Weak'],
    ['abcdef', 'Medium'],
    ['abcdefghi', 'Medium'],
    ['abcdefghij', 'Strong'],
    ['a much longer passphrase', 'Strong'],
  ])('rates %j as %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected)
  })
})

describe('sign-up progress', () => {
  it('is zero for an empty form and the role does not count', () => {
    expect(signupProgress({ ...emptySignup, role: 'guide' })).toBe(0)
  })

  it('counts each filled field as one fifth', () => {
    expect(signupProgress({ ...emptySignup, firstName: 'Asha' })).toBe(20)
    expect(signupProgress({ ...emptySignup, firstName: 'Asha', lastName: 'Gurung', email: 'a@b.np' })).toBe(60)
    expect(signupProgress(filled)).toBe(100)
  })

  it('does not count blank-only fields', () => {
    expect(signupProgress({ ...emptySignup, firstName: '   ' })).toBe(0)
  })
})

describe('step one', () => {
  it('needs first name, last name and email', () => {
    expect(validateStepOne(emptySignup)).toBe(FILL_ALL_FIELDS)
    expect(validateStepOne({ ...filled, lastName: '' })).toBe(FILL_ALL_FIELDS)
    expect(validateStepOne({ ...filled, email: ' ' })).toBe(FILL_ALL_FIELDS)
    expect(validateStepOne(filled)).toBeNull()
  })

  it('shows the exact spec message', () => {
    expect(translate(FILL_ALL_FIELDS)).toBe('Please fill in all fields to continue')
  })
})

describe('step two', () => {
  it('requires the terms to be accepted', () => {
    expect(translate(validateStepTwo(filled, false) ?? '')).toBe('You must accept the Terms of Service and Privacy Policy')
    expect(translate(ACCEPT_TERMS)).toBe('You must accept the Terms of Service and Privacy Policy')
  })

  it('requires matching passwords', () => {
    expect(translate(validateStepTwo({ ...filled, confirmPassword: 'namaste124' }, true) ?? '')).toBe('Passwords do not match')
    expect(translate(PASSWORDS_DIFFER)).toBe('Passwords do not match')
  })

  it('requires both password fields', () => {
    expect(validateStepTwo({ ...filled, confirmPassword: '' }, true)).toBe(FILL_ALL_FIELDS)
  })

  it('enforces no minimum length on the client', () => {
    expect(validateStepTwo({ ...filled, password: 'a', confirmPassword: 'a' }, true)).toBeNull()
  })
})

describe('step one email', () => {
  it('refuses, with its own message, an address the server would refuse', () => {
    expect(validateStepOne({ ...filled, email: 'tess@example' })).toBe(EMAIL_INVALID)
    expect(validateStepOne({ ...filled, email: 'tess@@example.com' })).toBe(EMAIL_INVALID)
    expect(validateStepOne({ ...filled, email: ' tess@example.com ' })).toBeNull()
    expect(translate(EMAIL_INVALID)).toBe('Please enter a valid email address, like name@example.com')
  })
})
