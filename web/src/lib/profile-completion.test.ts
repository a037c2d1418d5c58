import { describe, expect, it } from 'vitest'
import { completionPercent, completionTone } from './profile-completion'

describe('profile completion', () => {
  it('is the share of filled items as a whole percent', () => {
    expect(completionPercent([true, false, false, false])).toBe(25)
    expect(completionPercent(Array(13).fill(true))).toBe(100)
    expect(completionPercent([...Array(5).fill(true), ...Array(8).fill(false)])).toBe(38)
    expect(completionPercent([])).toBe(0)
  })

  it('is red below 40, amber below 70 and green from 70', () => {
    expect(completionTone(0)).toBe('red')
    expect(completionTone(39)).toBe('red')
    expect(completionTone(40)).toBe('amber')
    expect(completionTone(69)).toBe('amber')
    expect(completionTone(70)).toBe('green')
    expect(completionTone(100)).toBe('green')
  })
})
