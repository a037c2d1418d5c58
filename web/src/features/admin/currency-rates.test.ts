import { describe, expect, it } from 'vitest'
import { draftsFrom, rateChanges, rateError } from './currency-rates'

const stored = [
  { code: 'USD', perUsd: 1, updatedAt: '2026-11-23T00:00:00Z' },
  { code: 'NPR', perUsd: 141.5, updatedAt: '2026-11-23T00:00:00Z' },
  { code: 'EUR', perUsd: 0.86, updatedAt: '2026-11-23T00:00:00Z' },
]

describe('rateChanges', () => {
  it('sends only the rates that changed, never the dollar', () => {
    expect(rateChanges({ ...draftsFrom(stored), NPR: ' 142.25 ' }, stored)).toEqual({ changes: { NPR: 142.25 } })
    expect(rateChanges(draftsFrom(stored), stored)).toEqual({ changes: {} })
  })

  it('refuses empty, non-numeric and out-of-bounds rates with the server’s message', () => {
    for (const bad of ['', 'abc', '0', '-3', '0.001', '100001', 'Infinity']) {
      expect(rateChanges({ ...draftsFrom(stored), EUR: bad }, stored)).toEqual({ error: rateError('EUR'), code: 'EUR' })
    }
  })
})
