import { authApi } from '../../../lib/api-client'
import { fileForm, settle, type ApiResult } from '../../../lib/api-result'
import type { Guide } from './get-guide-profile'

/** POST /api/v1/guides/profile-image (field profileImage). */
export async function uploadGuideProfileImage(file: File, fallback: string): Promise<ApiResult<Guide>> {
  const body = fileForm('profileImage', file)
  const result = await settle(authApi.POST('/api/v1/guides/profile-image', { body }), fallback)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** POST /api/v1/guides/cover-image (field coverImage). */
export async function uploadGuideCoverImage(file: File, fallback: string): Promise<ApiResult<Guide>> {
  const body = fileForm('coverImage', file)
  const result = await settle(authApi.POST('/api/v1/guides/cover-image', { body }), fallback)
  return result.ok ? { ok: true, data: result.data.data } : result
}
