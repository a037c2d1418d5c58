import { authApi } from '../../../lib/api-client'
import { fileForm, settle, type ApiResult } from '../../../lib/api-result'
import type { ClientCache } from '../../../lib/client-cache'
import { TOURS_TAG, tourTag } from '../../../lib/cache-tags'
import { msg } from '../../../i18n/messages'
import type { Tour } from '../../tours/api/tours'
import { MY_TOURS_KEY, MY_TOURS_TAGS } from './editor-data'

export const PHOTO_UPLOAD_FAILED = msg('guideTours.photoUploadFailed')
export const PHOTO_CHANGE_FAILED = msg('guideTours.photoChangeFailed')

/** POST /api/v1/tours/{id}/photos: one image (field `photo`) added as the tour's last photo. */
export async function uploadTourPhoto(tourId: string, file: File): Promise<ApiResult<Tour>> {
  const result = await settle(authApi.POST('/api/v1/tours/{id}/photos', { params: { path: { id: tourId } }, body: fileForm('photo', file) }), PHOTO_UPLOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.tour } : result
}

/** DELETE /api/v1/tours/{id}/photos/{photoId}. */
export async function removeTourPhoto(tourId: string, photoId: string): Promise<ApiResult<Tour>> {
  const result = await settle(authApi.DELETE('/api/v1/tours/{id}/photos/{photoId}', { params: { path: { id: tourId, photoId } } }), PHOTO_CHANGE_FAILED)
  return result.ok ? { ok: true, data: result.data.tour } : result
}

/** PUT /api/v1/tours/{id}/photos: every photo of the tour once, in the new order; the first is the cover. */
export async function orderTourPhotos(tourId: string, photoIds: string[]): Promise<ApiResult<Tour>> {
  const result = await settle(authApi.PUT('/api/v1/tours/{id}/photos', { params: { path: { id: tourId } }, body: { photoIds } }), PHOTO_CHANGE_FAILED)
  return result.ok ? { ok: true, data: result.data.tour } : result
}

export const PHOTO_CALLS = { upload: uploadTourPhoto, remove: removeTourPhoto, order: orderTourPhotos }

/**
 * Keeps a tour the server answered a photo change with: it replaces the tour in the guide's
 * cached list, and the public lists and the tour's page (which show the cover) read again.
 * The editor's form and its stored draft are not touched.
 */
export function storeTour(cache: ClientCache, tour: Tour): void {
  for (const key of cache.getByTag(TOURS_TAG).keys()) if (key !== MY_TOURS_KEY) cache.delete(key)
  cache.deleteByTag(tourTag(tour._id))
  const mine = cache.peek<Tour[]>(MY_TOURS_KEY)
  if (mine)
    cache.set(
      MY_TOURS_KEY,
      mine.map((t) => (t._id === tour._id ? tour : t)),
      { tags: MY_TOURS_TAGS },
    )
}
