import { authApi } from '../../../lib/api-client'
import type { paths } from '../../../lib/api-schema'

type MeResponse = paths['/api/v1/auth/me']['get']['responses'][200]['content']['application/json']
export type Me = MeResponse['data']

/** GET /api/v1/auth/me: the signed-in user, or null when it cannot be read. */
export async function getMe(): Promise<Me | null> {
  try {
    const { data } = await authApi.GET('/api/v1/auth/me')
    return data?.data ?? null
  } catch {
    return null
  }
}
