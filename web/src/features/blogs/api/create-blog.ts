import { authApi } from '../../../lib/api-client'
import { multipart, settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type BlogSaved = components['schemas']['BlogSaved']

export const SAVE_BLOG_FAILED = msg('blogs.saveFailed')

/** POST /api/v1/blogs (201 'Blog published'): title, description, role and an optional image. */
export function createBlog(form: FormData): Promise<ApiResult<BlogSaved>> {
  return settle(authApi.POST('/api/v1/blogs', { body: multipart(form) }), translate(SAVE_BLOG_FAILED))
}
