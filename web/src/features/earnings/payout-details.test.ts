import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_NUMBER_INVALID,
  BANK_REQUIRED,
  HOLDER_REQUIRED,
  KHALTI_NUMBER_INVALID,
  accountSummary,
  maskedNumber,
  payoutFormFrom,
  payoutRequest,
  validatePayoutForm,
  type PayoutForm,
} from './payout-details'
import { translate } from '../../i18n/messages'

const khalti: PayoutForm = { method: 'khalti', accountName: 'Rita Gurung', bankName: '', accountNumber: '+977 980-000-0001' }
const bank: PayoutForm = { method: 'bank', accountName: 'Rita Gurung', bankName: 'Nabil Bank', accountNumber: '0123 4567 8901' }

describe('payout details', () => {
  it('accepts a Khalti mobile number as people type it and sends it compact', () => {
    expect(validatePayoutForm(khalti)).toEqual({})
    expect(payoutRequest({ ...khalti, bankName: 'left over' })).toEqual({ method: 'khalti', accountName: 'Rita Gurung', bankName: '', accountNumber: '+9779800000001' })
  })

  it('refuses what the server refuses, beside each field', () => {
    expect(validatePayoutForm({ ...khalti, accountNumber: '12345' })).toEqual({ accountNumber: translate(KHALTI_NUMBER_INVALID) })
    expect(validatePayoutForm({ ...khalti, accountName: '  ' })).toEqual({ accountName: translate(HOLDER_REQUIRED) })
    expect(validatePayoutForm({ ...bank, bankName: '' })).toEqual({ bankName: translate(BANK_REQUIRED) })
    expect(validatePayoutForm({ ...bank, accountNumber: '=HYPERLINK()' })).toEqual({ accountNumber: translate(ACCOUNT_NUMBER_INVALID) })
    expect(validatePayoutForm(bank)).toEqual({})
  })

  it('starts a new form on Khalti and an existing one from what was saved', () => {
    expect(payoutFormFrom(null).method).toBe('khalti')
    expect(payoutFormFrom({ method: 'bank', accountName: 'R', bankName: 'Nabil', accountNumber: '012345678901' })).toEqual({
      method: 'bank',
      accountName: 'R',
      bankName: 'Nabil',
      accountNumber: '012345678901',
    })
  })

  it('shows only the last four characters of an account', () => {
    expect(maskedNumber('9800000001')).toBe('•••• 0001')
    expect(maskedNumber('123')).toBe('123')
    expect(accountSummary({ method: 'khalti', accountName: 'Rita', bankName: '', accountNumber: '9800000001' })).toBe('Khalti wallet •••• 0001 (Rita)')
    expect(accountSummary({ method: 'bank', accountName: 'Rita', bankName: 'Nabil Bank', accountNumber: '012345678901' })).toBe('Nabil Bank •••• 8901 (Rita)')
  })
})
