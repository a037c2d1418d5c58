import { msg } from '../i18n/messages'
import { authApi } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'

type Answer = components['schemas']['MessageResponse']
export type ChangePasswordRequest = components['schemas']['ChangePasswordRequest']

export const CHANGE_PASSWORD_FAILED = msg('common.changePasswordFailed')
export const LOG_OUT_ALL_FAILED = msg('common.logOutAllFailed')

/** POST /api/v1/auth/change-password (the current password is required). */
export function changePassword(body: ChangePasswordRequest): Promise<ApiResult<Answer>> {
  return settle(authApi.POST('/api/v1/auth/change-password', { body }), CHANGE_PASSWORD_FAILED)
}

/** POST /api/v1/auth/logout-all: every session of the account ends. */
export function logOutEverywhere(): Promise<ApiResult<Answer>> {
  return settle(authApi.POST('/api/v1/auth/logout-all'), LOG_OUT_ALL_FAILED)
}
