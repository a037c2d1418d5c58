import { describe, expect, it } from 'vitest'
import { isNewOnYatra, isTrusted, percentText, responseTimeText, sinceText } from './reliability'
import { reliability } from '../test-fixtures'

describe('a guide’s reliability in words', () => {
  it('says how soon the guide usually replies, rounding up', () => {
    expect(responseTimeText(12)).toBe('Replies within an hour')
    expect(responseTimeText(60)).toBe('Replies within an hour')
    expect(responseTimeText(61)).toBe('Replies within 2 hours')
    expect(responseTimeText(1439)).toBe('Replies within 24 hours')
    expect(responseTimeText(1440)).toBe('Replies within a day')
    expect(responseTimeText(3000)).toBe('Replies within 3 days')
  })

  it('writes rates as whole percents, and small ones with a decimal so they do not read as none', () => {
    expect(percentText(0.98)).toBe('98%')
    expect(percentText(0)).toBe('0%')
    expect(percentText(0.005)).toBe('0.5%')
    expect(percentText(1)).toBe('100%')
  })

  it('calls a guide new on Yatra until either rate rests on enough events', () => {
    expect(isNewOnYatra(reliability())).toBe(true)
    expect(isNewOnYatra(reliability({ completedTrips: 2 }))).toBe(true)
    expect(isNewOnYatra(reliability({ responseRate: 0.9 }))).toBe(false)
    expect(isNewOnYatra(reliability({ cancellationRate: 0 }))).toBe(false)
  })

  it('knows the badge and the month the guide joined', () => {
    expect(isTrusted(['trusted'])).toBe(true)
    expect(isTrusted([])).toBe(false)
    expect(sinceText('2025-03-10T08:00:00Z')).toBe('March 2025')
    expect(sinceText('not a date')).toBe('')
  })
})
