import { describe, expect, it } from 'vitest'
import type { LedgerEntry } from './api/earnings'
import { describeEntry, holdText, payoutHistory, tripEntries } from './earnings-view'

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  _id: 'e1',
  kind: 'earning',
  amount: 68,
  commission: 12,
  bookingId: 'b1',
  tripDate: '2026-12-12',
  travellerName: 'Claire Dubois',
  method: '',
  reference: '',
  createdAt: '2026-11-20T10:00:00Z',
  ...over,
})

describe('the guide ledger, in words', () => {
  it('says what a trip paid and what Yatra kept', () => {
    expect(describeEntry(entry({}))).toEqual({ title: 'Trip on Sat, 12 Dec 2026 with Claire Dubois', detail: '$80.00 paid, less $12.00 Yatra commission' })
  })

  it('names refunds and payouts with their reference', () => {
    expect(describeEntry(entry({ kind: 'earning_refund', amount: -68, commission: 0 })).detail).toBe('Refunded to the traveller')
    expect(describeEntry(entry({ kind: 'payout', amount: -68, method: 'khalti', reference: 'KH-1', tripDate: null, travellerName: null }))).toEqual({
      title: 'Paid out to your Khalti wallet',
      detail: 'Reference KH-1',
    })
    expect(describeEntry(entry({ kind: 'payout', method: 'bank', reference: '' })).title).toBe('Paid out by bank transfer')
  })

  it('splits payouts from trip money', () => {
    const entries = [entry({ _id: 'p', kind: 'payout' }), entry({ _id: 'e' }), entry({ _id: 'r', kind: 'earning_refund' })]
    expect(payoutHistory(entries).map((e) => e._id)).toEqual(['p'])
    expect(tripEntries(entries).map((e) => e._id)).toEqual(['e', 'r'])
  })

  it('says how long earnings are held', () => {
    expect(holdText(3)).toBe('3 days')
    expect(holdText(1)).toBe('1 day')
    expect(holdText(0.25)).toBe('6 hours')
    expect(holdText(0)).toBe('less than an hour')
  })
})
