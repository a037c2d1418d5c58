import { describe, expect, it } from 'vitest'
import type { OwedGuide } from './api/payouts'
import { AMOUNT_INVALID, REFERENCE_REQUIRED, draftFor, parseDollars, validateDraft } from './payout-form'
import { translate } from '../../i18n/messages'

const guide: OwedGuide = {
  guideId: 'g1',
  firstName: 'Rita',
  lastName: 'Gurung',
  email: 'rita@example.com',
  available: 68,
  pending: 0,
  paidOut: 0,
  payoutDetails: { method: 'bank', accountName: 'Rita', bankName: 'Nabil', accountNumber: '0123456789' },
}

describe('recording a payout', () => {
  it('offers the whole balance by the method the guide chose', () => {
    expect(draftFor(guide)).toEqual({ amount: '68.00', method: 'bank', reference: '' })
    expect(draftFor({ ...guide, payoutDetails: null }).method).toBe('khalti')
  })

  it('reads dollars with at most two decimals, never zero or negative', () => {
    expect(parseDollars('85')).toBe(85)
    expect(parseDollars(' $1,200.50 ')).toBe(1200.5)
    for (const bad of ['0', '-5', 'ten', '1.005', '', '1e3']) expect(parseDollars(bad)).toBeNull()
  })

  it('refuses more than the balance and a missing reference', () => {
    expect(validateDraft({ amount: '68.01', method: 'bank', reference: 'x' }, 68)).toEqual({ amount: 'At most $68.00 is available' })
    expect(validateDraft({ amount: 'lots', method: 'bank', reference: ' ' }, 68)).toEqual({ amount: translate(AMOUNT_INVALID), reference: translate(REFERENCE_REQUIRED) })
    expect(validateDraft({ amount: '68', method: 'khalti', reference: 'KH-1' }, 68)).toEqual({})
  })
})
