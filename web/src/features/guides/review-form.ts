/** Review form texts and rules (spec sections 5, 8 and 9). */
export const REVIEW_REQUIRED = 'Please provide both rating and comment'
export const REVIEW_SUBMITTED = 'Review submitted successfully!'
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
export const scoreLabel = (score: number) => `${score} ${score === 1 ? 'star' : 'stars'}`
