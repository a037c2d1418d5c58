import { msg } from '../i18n/messages'
import { authApi } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'

type Answer = components['schemas']['MessageResponse']

export const DELETE_ACCOUNT_FAILED = msg('common.deleteAccountFailed')

/**
 * The login page says the account was deleted when this is set: kept in session storage,
 * which signing out leaves, because the guard of the page the person was on may send
 * them to /login before any navigation of ours lands.
 */
const ACCOUNT_DELETED_KEY = 'yatra.accountDeleted'

export function markAccountDeleted(): void {
  sessionStorage.setItem(ACCOUNT_DELETED_KEY, '1')
}

/** Whether the account was just deleted (then `forgetAccountDeleted` once it is said). */
export function accountJustDeleted(): boolean {
  return sessionStorage.getItem(ACCOUNT_DELETED_KEY) === '1'
}

export function forgetAccountDeleted(): void {
  sessionStorage.removeItem(ACCOUNT_DELETED_KEY)
}

/** DELETE /api/v1/auth/account: erases the signed-in account (the password is required). */
export function deleteAccount(password: string): Promise<ApiResult<Answer>> {
  return settle(authApi.DELETE('/api/v1/auth/account', { body: { password } }), DELETE_ACCOUNT_FAILED)
}
