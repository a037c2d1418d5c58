import { api } from '../../../lib/api-client'
import { clearSession, getRefreshToken } from '../../../lib/auth-store'

/**
 * Revokes the refresh token on the server (best effort), then clears all local storage
 * and fires authChange. The local sign-out happens even when the server is unreachable.
 */
export async function logOut(): Promise<void> {
  const refreshToken = getRefreshToken()
  clearSession()
  if (!refreshToken) return
  try {
    await api.POST('/api/v1/auth/logout', { body: { refreshToken } })
  } catch (err) {
    console.error('Logout request failed', err)
  }
}
