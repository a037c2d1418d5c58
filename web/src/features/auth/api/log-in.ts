import { msg } from '../../../i18n/messages'
import { api } from '../../../lib/api-client'
import { getErrorMessage } from '../../../lib/api-errors'
import type { components } from '../../../lib/api-schema'

export type LoginRequest = components['schemas']['LoginRequest']
export type LoginResponse = components['schemas']['LoginResponse']

export const LOGIN_FAILED = msg('auth.loginFailed')

export type LoginResult = { ok: true; data: LoginResponse } | { ok: false; message: string }

/** POST /api/v1/auth/login. */
export async function logIn(body: LoginRequest): Promise<LoginResult> {
  try {
    const { data, error, response } = await api.POST('/api/v1/auth/login', { body })
    if (response.ok && data && data.token) return { ok: true, data }
    return { ok: false, message: getErrorMessage(error, LOGIN_FAILED) }
  } catch (err) {
    return { ok: false, message: getErrorMessage(err, LOGIN_FAILED) }
  }
}
