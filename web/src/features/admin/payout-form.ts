import { formatDollars } from '../../lib/money'
import type { OwedGuide } from './api/payouts'

export type PayoutDraft = { amount: string; method: 'bank' | 'khalti'; reference: string }
export type PayoutDraftErrors = Partial<Record<keyof PayoutDraft, string>>

export const AMOUNT_INVALID = 'Enter an amount in dollars, e.g. 85 or 85.50'
export const REFERENCE_REQUIRED = "Enter the bank's or Khalti's reference for the transfer"

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
  if (amount === null) errors.amount = AMOUNT_INVALID
  else if (Math.round(amount * 100) > Math.round(available * 100)) errors.amount = `At most ${formatDollars(available)} is available`
  if (draft.reference.trim() === '') errors.reference = REFERENCE_REQUIRED
  return errors
}
