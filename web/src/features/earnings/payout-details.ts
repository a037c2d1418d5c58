import type { PayoutDetails } from './api/earnings'
import { msg, translate } from '../../i18n/messages'

export type PayoutMethod = 'bank' | 'khalti'
export type PayoutForm = { method: PayoutMethod; accountName: string; bankName: string; accountNumber: string }
export type PayoutErrors = Partial<Record<'accountName' | 'bankName' | 'accountNumber', string>>

export const HOLDER_REQUIRED = msg('earnings.holderRequired')
export const BANK_REQUIRED = msg('earnings.bankRequired')
export const ACCOUNT_NUMBER_INVALID = msg('earnings.accountNumberInvalid')
export const KHALTI_NUMBER_INVALID = msg('earnings.khaltiNumberInvalid')

/** How each method is named (text ids). */
export const METHOD_LABEL: Record<PayoutMethod, string> = { bank: msg('earnings.methodBank'), khalti: msg('earnings.methodKhalti') }

export function payoutFormFrom(details: PayoutDetails | null): PayoutForm {
  if (!details) return { method: 'khalti', accountName: '', bankName: '', accountNumber: '' }
  return { method: details.method === 'bank' ? 'bank' : 'khalti', accountName: details.accountName, bankName: details.bankName, accountNumber: details.accountNumber }
}

/** The number without the spaces and dashes people type (the server does the same). */
const compact = (text: string) => text.replace(/[\s-]/g, '')

/** The server's rules, checked before sending so mistakes show beside their field (in the reader's language). */
export function validatePayoutForm(form: PayoutForm): PayoutErrors {
  const errors: PayoutErrors = {}
  if (form.accountName.trim() === '') errors.accountName = translate(HOLDER_REQUIRED)
  const number = compact(form.accountNumber)
  if (form.method === 'khalti') {
    if (!/^9\d{9}$/.test(number.replace(/^\+977/, ''))) errors.accountNumber = translate(KHALTI_NUMBER_INVALID)
  } else {
    if (form.bankName.trim() === '') errors.bankName = translate(BANK_REQUIRED)
    if (!/^[A-Za-z0-9]{6,20}$/.test(number)) errors.accountNumber = translate(ACCOUNT_NUMBER_INVALID)
  }
  return errors
}

export function payoutRequest(form: PayoutForm): PayoutDetails {
  return {
    method: form.method,
    accountName: form.accountName.trim(),
    bankName: form.method === 'bank' ? form.bankName.trim() : '',
    accountNumber: compact(form.accountNumber),
  }
}

/** An account number with all but its last 4 characters hidden, e.g. `•••• 0001`. */
export function maskedNumber(number: string): string {
  return number.length <= 4 ? number : `•••• ${number.slice(-4)}`
}

/** Where the money goes, in a line, e.g. `Khalti wallet •••• 0001 (Rita Gurung)`. */
export function accountSummary(details: PayoutDetails): string {
  const where =
    details.method === 'bank'
      ? `${details.bankName} ${maskedNumber(details.accountNumber)}`
      : translate('earnings.khaltiWalletNumber', { number: maskedNumber(details.accountNumber) })
  return `${where} (${details.accountName})`
}
