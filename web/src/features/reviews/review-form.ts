import { msg, translate } from '../../i18n/messages'

/** Review form texts and rules (spec sections 5, 8 and 9). */
export const REVIEW_REQUIRED = msg('guides.reviewRequired')
export const REVIEW_SUBMITTED = msg('guides.reviewSubmitted')
/** The form closes this long after a successful submit. */
export const REVIEW_CLOSE_MS = 2000
/** The server's limit on a comment. */
export const COMMENT_MAX = 1000
export const SCORES = [1, 2, 3, 4, 5] as const

/** A rating of 1 to 5 and a comment that is not blank are both required. */
export function validateReview(score: number, comment: string): string | null {
  if (!SCORES.includes(score as (typeof SCORES)[number]) || comment.trim() === '') return REVIEW_REQUIRED
  return null
}

/** How a score is read out: '1 star', '4 stars'. */
export const scoreLabel = (score: number) => translate('guides.stars', { count: score })
