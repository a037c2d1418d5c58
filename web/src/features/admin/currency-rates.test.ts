import { describe, expect, it } from 'vitest'
import { draftsFrom, rateChanges, rateError } from './currency-rates'

const stored = [
  { code: 'USD', perUsd: 1, updatedAt: '2026-11-23T00:00:00Z', fixed: true },
  { code: 'NPR', perUsd: 141.5, updatedAt: '2026-11-23T00:00:00Z', fixed: false },
  { code: 'EUR', perUsd: 0.86, updatedAt: '2026-11-23T00:00:00Z', fixed: false },
]

describe('rateChanges', () => {
  it('sends only the rates that changed, never the dollar', () => {
    expect(rateChanges({ ...draftsFrom(stored), NPR: ' 142.25 ' }, stored)).toEqual({ changes: { NPR: 142.25 } })
    expect(rateChanges(draftsFrom(stored), stored)).toEqual({ changes: {} })
  })

  it('never sends a rate the server fixes: the rupee at YATRA_NPR_PER_USD', () => {
    const serverRupee = stored.map((rate) => (rate.code === 'NPR' ? { ...rate, perUsd: 133.5, fixed: true } : rate))
    expect(rateChanges({ ...draftsFrom(serverRupee), NPR: '150', EUR: '0.9' }, serverRupee)).toEqual({ changes: { EUR: 0.9 } })
    expect(rateChanges({ ...draftsFrom(serverRupee), NPR: '' }, serverRupee)).toEqual({ changes: {} })
  })

  it('refuses empty, non-numeric and out-of-bounds rates with the server’s message', () => {
    for (const bad of ['', 'abc', '0', '-3', '0.001', '100001', 'Infinity']) {
      expect(rateChanges({ ...draftsFrom(stored), EUR: bad }, stored)).toEqual({ error: rateError('EUR'), code: 'EUR' })
    }
  })
})
