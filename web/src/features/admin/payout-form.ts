import { formatDollars } from '../../lib/money'
import type { OwedGuide } from './api/payouts'
import { msg, translate } from '../../i18n/messages'

export type PayoutDraft = { amount: string; method: 'bank' | 'khalti'; reference: string }
export type PayoutDraftErrors = Partial<Record<keyof PayoutDraft, string>>

export const AMOUNT_INVALID = msg('admin.amountInvalid')
export const REFERENCE_REQUIRED = msg('admin.referenceRequired')

/** The whole available balance, by the method the guide asked for. */
export function draftFor(guide: OwedGuide): PayoutDraft {
  return { amount: guide.available.toFixed(2), method: guide.payoutDetails?.method === 'bank' ? 'bank' : 'khalti', reference: '' }
}

/** Dollars as typed: a positive number with at most 2 decimals, or null. */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null
  const amount = Number(trimmed)
  return amount > 0 ? amount : null
}

export function validateDraft(draft: PayoutDraft, available: number): PayoutDraftErrors {
  const errors: PayoutDraftErrors = {}
  const amount = parseDollars(draft.amount)
  if (amount === null) errors.amount = translate(AMOUNT_INVALID)
  else if (Math.round(amount * 100) > Math.round(available * 100)) errors.amount = translate('admin.atMostAvailable', { amount: formatDollars(available) })
  if (draft.reference.trim() === '') errors.reference = translate(REFERENCE_REQUIRED)
  return errors
}
