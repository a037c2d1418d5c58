/**
 * Cookies that tell the server how this browser will draw a page, so the first paint it
 * renders into the HTML (server `web::first_paint`) is the one the app then draws: the
 * reader's language, and whether an account is signed in (the server renders only the
 * signed-out view). They carry no secret; the session itself stays in local storage.
 */
export const LANGUAGE_COOKIE = 'yatra_language'
export const SIGNED_IN_COOKIE = 'yatra_signed_in'

const YEAR = 365 * 24 * 3600

export function setServerHint(name: string, value: string | null): void {
  if (typeof document === 'undefined') return
  document.cookie = value === null ? `${name}=; path=/; max-age=0; samesite=lax` : `${name}=${value}; path=/; max-age=${YEAR}; samesite=lax`
}
