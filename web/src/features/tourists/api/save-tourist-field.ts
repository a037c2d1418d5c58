import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { Coordinates } from '../../../lib/geolocation'
import type { Tourist } from './get-tourist-profile'

type Answer = Promise<ApiResult<{ data: Tourist }>>
const unwrap = async (answer: Answer): Promise<ApiResult<Tourist>> => {
  const result = await answer
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** POST /api/v1/tourists/bio */
export const saveTouristBio = (bio: string, fallback: string) => unwrap(settle(authApi.POST('/api/v1/tourists/bio', { body: { bio } }), fallback))

/** POST /api/v1/tourists/nationality */
export const saveTouristNationality = (nationality: string, fallback: string) => unwrap(settle(authApi.POST('/api/v1/tourists/nationality', { body: { nationality } }), fallback))

/** POST /api/v1/tourists/location */
export const saveTouristLocation = ({ longitude, latitude }: Coordinates, fallback: string) =>
  unwrap(settle(authApi.POST('/api/v1/tourists/location', { body: { longitude, latitude } }), fallback))

/** POST /api/v1/tourists/interests */
export const saveTouristInterests = (interests: string[], fallback: string) => unwrap(settle(authApi.POST('/api/v1/tourists/interests', { body: { interests } }), fallback))
