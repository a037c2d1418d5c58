import { msg, translate } from '../i18n/messages'
import { authApi } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'

export type Name = components['schemas']['Name']
export type NameErrors = { firstName?: string; lastName?: string }

export const NAME_REQUIRED = msg('common.required')
export const COMPLETE_REQUIRED_FIELDS = msg('common.completeRequiredFields')

/** Both names must be non-empty after trimming; each empty one gets the field error 'Required'. */
export function validateNames(firstName: string, lastName: string): NameErrors {
  const errors: NameErrors = {}
  if (firstName.trim() === '') errors.firstName = translate(NAME_REQUIRED)
  if (lastName.trim() === '') errors.lastName = translate(NAME_REQUIRED)
  return errors
}

/** PATCH /api/v1/protect/name, shared by the guide and the tourist profile pages. */
export function updateName(firstName: string, lastName: string, fallback: string): Promise<ApiResult<unknown>> {
  return settle(authApi.PATCH('/api/v1/protect/name', { body: { firstName: firstName.trim(), lastName: lastName.trim() } }), fallback)
}
