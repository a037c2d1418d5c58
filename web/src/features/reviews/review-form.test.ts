import { beforeAll, describe, expect, it } from 'vitest'
import { REVIEW_REQUIRED, scoreLabel, validateReview } from './review-form'
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
