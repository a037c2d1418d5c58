import { describe, expect, it } from 'vitest'
import { formatDollars } from './money'

describe('formatDollars', () => {
  it('shows dollars with 2 decimals and thousands grouped', () => {
    expect(formatDollars(45)).toBe('$45.00')
    expect(formatDollars(135.5)).toBe('$135.50')
    expect(formatDollars(1200)).toBe('$1,200.00')
    expect(formatDollars(0)).toBe('$0.00')
  })
})
