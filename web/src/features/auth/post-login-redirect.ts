/**
 * Where to go after login (spec section 2, Login): a complete profile goes home; an
 * incomplete one goes to the role's profile form; any unexpected answer goes home.
 */
export function postLoginPath(role: string | null, completion: unknown): string {
  // Admins have no profile to complete: they go straight to the verification queue.
  if (role === 'admin') return '/admin'
  const answer = completion as { status?: unknown; data?: { isProfileComplete?: unknown } } | null | undefined
  const isComplete = answer?.data?.isProfileComplete
  if (answer?.status !== 'success' || typeof isComplete !== 'boolean') {
    console.error('Unexpected profile completion answer', completion)
    return '/'
  }
  if (isComplete) return '/'
  if (role === 'tourist') return '/touristform'
  if (role === 'guide') return '/guideform'
  console.error('Unknown role after login', role)
  return '/'
}

/**
 * The page a login was asked from (`/login?next=/tours/…`), when it is a path of this site:
 * never another site ('//evil.example', 'https://…') nor the login page itself.
 */
export function safeNextPath(next: string | null): string | null {
  if (next == null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  if (/^\/login(?:[?#/]|$)/.test(next)) return null
  return next
}
