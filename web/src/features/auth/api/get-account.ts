import { msg } from '../../../i18n/messages'
import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import { ACCOUNT_TAG } from '../../../lib/cache-tags'
import type { Me } from './get-me'

export const ACCOUNT_LOAD_FAILED = msg('auth.accountLoadFailed')

export const accountKey = 'account:me'
export const accountTags = [ACCOUNT_TAG]

/** GET /api/v1/auth/me through the client cache (the verify-email banner reads it). */
export async function getAccount(): Promise<ApiResult<Me>> {
  const result = await settle(authApi.GET('/api/v1/auth/me'), ACCOUNT_LOAD_FAILED)
  return result.ok ? { ok: true, data: result.data.data } : result
}
