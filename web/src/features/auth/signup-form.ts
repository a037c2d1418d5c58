import { msg } from '../../i18n/messages'
import { isValidEmail } from '../../lib/email-address'

export type SignupRole = 'tourist' | 'guide'

export type SignupValues = {
  firstName: string
  lastName: string
  email: string
  password: string
  confirmPassword: string
  role: SignupRole
}

export const emptySignup: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'tourist',
}

// Text ids: the page shows them with `t`.
export const FILL_ALL_FIELDS = msg('auth.fillAllFields')
export const EMAIL_INVALID = msg('auth.emailInvalid')
export const ACCEPT_TERMS = msg('auth.acceptTerms')
export const PASSWORDS_DIFFER = msg('common.passwordsDoNotMatch')

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong'

/** Strength by length only: under 6 Weak, 6 to 9 Medium, 10 or more Strong. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < 6) return 'Weak'
  if (password.length < 10) return 'Medium'
  return 'Strong'
}

const PROGRESS_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const

/** Percentage of the five text fields that are filled. */
export function signupProgress(values: SignupValues): number {
  const filled = PROGRESS_FIELDS.filter((field) => values[field].trim() !== '').length
  return (filled / PROGRESS_FIELDS.length) * 100
}

/**
 * Step 1 needs first name, last name and an email the server will take (its rule, not the
 * browser's: `tess@example` passes `type=email` but not the server). Returns the message
 * to show, or null.
 */
export function validateStepOne(values: SignupValues): string | null {
  if (!values.firstName.trim() || !values.lastName.trim() || !values.email.trim()) return FILL_ALL_FIELDS
  if (!isValidEmail(values.email)) return EMAIL_INVALID
  return null
}

/** Step 2: both passwords filled, terms accepted, passwords equal. */
export function validateStepTwo(values: SignupValues, acceptedTerms: boolean): string | null {
  if (!values.password || !values.confirmPassword) return FILL_ALL_FIELDS
  if (!acceptedTerms) return ACCEPT_TERMS
  if (values.password !== values.confirmPassword) return PASSWORDS_DIFFER
  return null
}
