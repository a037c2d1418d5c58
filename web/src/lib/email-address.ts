/**
 * The server's rule for an account's email address (server/src/auth/domain.rs, `Email::parse`,
 * built on the `email_address` crate), so a form can refuse an address before the server
 * does: a dot-atom local part of at most 64 bytes, an `@`, and a domain with at least one
 * dot whose labels start and end with a letter or digit; 254 bytes at most. Quoted local
 * parts, `[1.2.3.4]` domains and "Name <address>" are refused, as on the server.
 */
export const EMAIL_MAX_BYTES = 254
const LOCAL_MAX_BYTES = 64
const LABEL_MAX_BYTES = 63

/** RFC 5322 atext: letters and digits in any script, and these signs. */
const ATOM = /^[\p{Alphabetic}\p{N}!#$%&'*+\-/=?^_`{|}~]+$/u
const ALPHANUMERIC = /^[\p{Alphabetic}\p{N}]$/u

const bytes = (text: string) => new TextEncoder().encode(text).length

export function isValidEmail(text: string): boolean {
  const email = text.trim()
  if (email === '' || bytes(email) > EMAIL_MAX_BYTES || email.includes('<')) return false
  const at = email.lastIndexOf('@')
  if (at < 0) return false
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  if (local === '' || bytes(local) > LOCAL_MAX_BYTES || !local.split('.').every((part) => ATOM.test(part))) return false
  if (!domain.includes('.')) return false
  return domain.split('.').every((label) => {
    const chars = [...label]
    return chars.length > 0 && bytes(label) <= LABEL_MAX_BYTES && ATOM.test(label) && ALPHANUMERIC.test(chars[0]) && ALPHANUMERIC.test(chars[chars.length - 1])
  })
}
