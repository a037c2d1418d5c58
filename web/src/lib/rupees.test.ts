import { describe, expect, it } from 'vitest'
import { formatRate, formatRupees, rupeesFor } from './rupees'

describe('rupees', () => {
  it('rounds to the rupee exactly as the server does', () => {
    expect(rupeesFor(80, 133.5)).toBe(10680)
    expect(rupeesFor(45.55, 133.27)).toBe(6070)
    expect(rupeesFor(0.01, 133.5)).toBe(1)
  })

  it('writes amounts and rates for people', () => {
    expect(formatRupees(10680)).toBe('NPR 10,680')
    expect(formatRupees(4672.5)).toBe('NPR 4,672.50')
    expect(formatRate(133.5)).toBe('NPR 133.50 per US$1')
  })
})
