import { translate } from '../i18n/messages'
import type { components } from './api-schema'

export type ApiErrorBody = components['schemas']['ErrorBody']

/** True for the server's one error shape: `{ status: 'error', message }`. */
export function isApiError(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'error' && typeof (value as { message?: unknown }).message === 'string'
}

/** The server's message when it sent one, else the screen's fallback text (a text id, or words as they are). */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message
    // A parsed JSON body without status still carries a readable message; a thrown
    // network error (TypeError) does not, so it gets the fallback.
    if (typeof message === 'string' && message.trim() !== '' && !(error instanceof Error)) {
      return message
    }
  }
  return translate(fallback)
}
