import { api } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { translate } from '../../../i18n/messages'

export type GuideName = { _id: string; firstName: string; lastName: string; profilePicture: string | null }

/** GET /api/v1/users/guide/{id}: who a new conversation is with (404 for anyone but a verified guide). */
export async function getGuideName(guideId: string): Promise<ApiResult<GuideName>> {
  const result = await settle(api.GET('/api/v1/users/guide/{id}', { params: { path: { id: guideId } } }), translate('messages.guideLoadFailed'))
  if (!result.ok) return result
  const g = result.data.data
  return {
    ok: true,
    data: { _id: guideId, firstName: g.firstName, lastName: g.lastName, profilePicture: g.guideDetails.profilePictureThumb ?? g.guideDetails.profilePicture ?? null },
  }
}
