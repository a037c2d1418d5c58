import { msg } from '../../../i18n/messages'
import { api } from '../../../lib/api-client'
import { getErrorMessage } from '../../../lib/api-errors'
import type { components } from '../../../lib/api-schema'

export type SignupRequest = components['schemas']['SignupRequest']

export const SIGNUP_FAILED = msg('auth.signupFailed')

/** POST /api/v1/auth/signup. Resolves null on success, else the message to show. */
export async function signUp(body: SignupRequest): Promise<string | null> {
  try {
    const { error, response } = await api.POST('/api/v1/auth/signup', { body })
    if (response.ok) return null
    return getErrorMessage(error, SIGNUP_FAILED)
  } catch (err) {
    return getErrorMessage(err, SIGNUP_FAILED)
  }
}
