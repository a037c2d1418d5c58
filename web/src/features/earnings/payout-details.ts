import type { PayoutDetails } from './api/earnings'

export type PayoutMethod = 'bank' | 'khalti'
export type PayoutForm = { method: PayoutMethod; accountName: string; bankName: string; accountNumber: string }
export type PayoutErrors = Partial<Record<'accountName' | 'bankName' | 'accountNumber', string>>

export const HOLDER_REQUIRED = 'Account holder is required'
export const BANK_REQUIRED = 'Bank is required for a bank account'
export const ACCOUNT_NUMBER_INVALID = 'Account number must be 6 to 20 letters or digits'
export const KHALTI_NUMBER_INVALID = 'Khalti number must be a 10-digit Nepali mobile number, e.g. 98XXXXXXXX'

export const METHOD_LABEL: Record<PayoutMethod, string> = { bank: 'Bank transfer', khalti: 'Khalti wallet' }

export function payoutFormFrom(details: PayoutDetails | null): PayoutForm {
  if (!details) return { method: 'khalti', accountName: '', bankName: '', accountNumber: '' }
  return { method: details.method === 'bank' ? 'bank' : 'khalti', accountName: details.accountName, bankName: details.bankName, accountNumber: details.accountNumber }
}

/** The number without the spaces and dashes people type (the server does the same). */
const compact = (text: string) => text.replace(/[\s-]/g, '')

/** The server's rules, checked before sending so mistakes show beside their field. */
export function validatePayoutForm(form: PayoutForm): PayoutErrors {
  const errors: PayoutErrors = {}
  if (form.accountName.trim() === '') errors.accountName = HOLDER_REQUIRED
  const number = compact(form.accountNumber)
  if (form.method === 'khalti') {
    if (!/^9\d{9}$/.test(number.replace(/^\+977/, ''))) errors.accountNumber = KHALTI_NUMBER_INVALID
  } else {
    if (form.bankName.trim() === '') errors.bankName = BANK_REQUIRED
    if (!/^[A-Za-z0-9]{6,20}$/.test(number)) errors.accountNumber = ACCOUNT_NUMBER_INVALID
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
  const where = details.method === 'bank' ? `${details.bankName} ${maskedNumber(details.accountNumber)}` : `Khalti wallet ${maskedNumber(details.accountNumber)}`
  return `${where} (${details.accountName})`
}
