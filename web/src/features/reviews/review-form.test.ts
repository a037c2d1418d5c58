import { beforeAll, describe, expect, it } from 'vitest'
import { REVIEW_REQUIRED, TOO_MANY_PHOTOS, accountIdOf, scoreLabel, stillEditable, validateReview } from './review-form'
import { loadTexts, translate } from '../../i18n/messages'

beforeAll(() => loadTexts(['guides']))

describe('validateReview', () => {
  it('needs a rating from 1 to 5 and a comment that is not blank', () => {
    expect(validateReview(0, 'Great trek')).toBe(REVIEW_REQUIRED)
    expect(validateReview(6, 'Great trek')).toBe(REVIEW_REQUIRED)
    expect(validateReview(4, '   ')).toBe(REVIEW_REQUIRED)
    expect(validateReview(4, '')).toBe(REVIEW_REQUIRED)
    expect(validateReview(1, 'Too fast for us')).toBeNull()
    expect(validateReview(5, 'Great trek')).toBeNull()
  })

  it('uses the spec’s message', () => {
    expect(translate(REVIEW_REQUIRED)).toBe('Please provide both rating and comment')
  })
})

describe('scoreLabel', () => {
  it('reads one star and several stars', () => {
    expect(scoreLabel(1)).toBe('1 star')
    expect(scoreLabel(4)).toBe('4 stars')
  })
})

describe('review rules beyond the spec', () => {
  it('allows at most five photos', () => {
    expect(validateReview(5, 'Great trek', 5)).toBeNull()
    expect(validateReview(5, 'Great trek', 6)).toBe(TOO_MANY_PHOTOS)
  })

  it('lets the author edit until the time the server gave', () => {
    const now = Date.parse('2026-05-03T10:00:00Z')
    expect(stillEditable('2026-05-04T10:00:00Z', now)).toBe(true)
    expect(stillEditable('2026-05-03T09:59:59Z', now)).toBe(false)
  })

  it('reads the account id from a session token', () => {
    const payload = btoa(JSON.stringify({ sub: 'abc123', role: 'tourist' })).replace(/=+$/, '')
    expect(accountIdOf(`x.${payload}.y`)).toBe('abc123')
    expect(accountIdOf('not-a-token')).toBeNull()
    expect(accountIdOf(null)).toBeNull()
  })
})
