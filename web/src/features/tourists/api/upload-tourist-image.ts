import { authApi } from '../../../lib/api-client'
import { fileForm, settle, type ApiResult } from '../../../lib/api-result'
import type { Tourist } from './get-tourist-profile'

/**
 * POST /api/v1/tourists/profile-image. The traveller form sends the field `profileImage`,
 * the profile page `profilePicture` (spec section 7); the server accepts either.
 */
export async function uploadTouristProfileImage(file: File, field: 'profileImage' | 'profilePicture', fallback: string): Promise<ApiResult<Tourist>> {
  const body = fileForm(field, file)
  const result = await settle(authApi.POST('/api/v1/tourists/profile-image', { body }), fallback)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** POST /api/v1/tourists/cover-image (field coverImage). */
export async function uploadTouristCoverImage(file: File, fallback: string): Promise<ApiResult<Tourist>> {
  const body = fileForm('coverImage', file)
  const result = await settle(authApi.POST('/api/v1/tourists/cover-image', { body }), fallback)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** POST /api/v1/tourists/id-image (field idCardImage): private, served only to the owner and admins. */
export async function uploadTouristIdImage(file: File, fallback: string): Promise<ApiResult<Tourist>> {
  const body = fileForm('idCardImage', file)
  const result = await settle(authApi.POST('/api/v1/tourists/id-image', { body }), fallback)
  return result.ok ? { ok: true, data: result.data.data } : result
}
