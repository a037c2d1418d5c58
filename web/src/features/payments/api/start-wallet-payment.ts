import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import { msg, translate } from '../../../i18n/messages'

export type KhaltiInitiated = components['schemas']['KhaltiInitiated']
export type EsewaInitiated = components['schemas']['EsewaInitiated']

export const KHALTI_FAILED = msg('payments.khaltiFailed')
export const ESEWA_FAILED = msg('payments.esewaFailed')

/** POST /api/v1/payments/khalti/initiate/{bookingId}: Khalti's payment page (or the sandbox's) for the booking, in rupees. */
export function startKhalti(bookingId: string): Promise<ApiResult<KhaltiInitiated>> {
  return settle(authApi.POST('/api/v1/payments/khalti/initiate/{bookingId}', { params: { path: { bookingId } } }), translate(KHALTI_FAILED))
}

/** POST /api/v1/payments/esewa/initiate/{bookingId}: eSewa's signed form (or the sandbox's page) for the booking, in rupees. */
export function startEsewa(bookingId: string): Promise<ApiResult<EsewaInitiated>> {
  return settle(authApi.POST('/api/v1/payments/esewa/initiate/{bookingId}', { params: { path: { bookingId } } }), translate(ESEWA_FAILED))
}

/** Sends the browser to eSewa by posting its signed form, as eSewa requires (a GET is refused). */
export function postForm(action: string, fields: Record<string, string>, doc: Document = document): void {
  const form = doc.createElement('form')
  form.method = 'POST'
  form.action = action
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.appendChild(input)
  }
  doc.body.appendChild(form)
  form.submit()
}
