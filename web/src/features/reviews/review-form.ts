import { msg, translate } from '../../i18n/messages'

/** Review form texts and rules (spec sections 5, 8 and 9). */
export const REVIEW_REQUIRED = msg('guides.reviewRequired')
export const REVIEW_SUBMITTED = msg('guides.reviewSubmitted')
export const REVIEW_UPDATED = msg('guides.reviewUpdated')
export const TOO_MANY_PHOTOS = msg('guides.reviewPhotosTooMany')
/** The form closes this long after a successful submit. */
export const REVIEW_CLOSE_MS = 2000
/** The server's limit on a comment. */
export const COMMENT_MAX = 1000
/** The server's limit on a reply. */
export const REPLY_MAX = 1000
/** Photos one review may have. */
export const MAX_REVIEW_PHOTOS = 5
export const SCORES = [1, 2, 3, 4, 5] as const

/** The optional sub-ratings, as the API names them, with their labels. */
export const SUB_RATINGS = [
  { name: 'knowledge', label: msg('guides.subKnowledge') },
  { name: 'safety', label: msg('guides.subSafety') },
  { name: 'communication', label: msg('guides.subCommunication') },
  { name: 'value', label: msg('guides.subValue') },
] as const
export type SubRatingName = (typeof SUB_RATINGS)[number]['name']

/** A rating of 1 to 5 and a comment that is not blank are both required; at most five photos. */
export function validateReview(score: number, comment: string, photoCount = 0): string | null {
  if (!SCORES.includes(score as (typeof SCORES)[number]) || comment.trim() === '') return REVIEW_REQUIRED
  if (photoCount > MAX_REVIEW_PHOTOS) return TOO_MANY_PHOTOS
  return null
}

/** How a score is read out: '1 star', '4 stars'. */
export const scoreLabel = (score: number) => translate('guides.stars', { count: score })

/** Whether the author may still change a review written until `editableUntil`. */
export const stillEditable = (editableUntil: string, now = Date.now()) => Date.parse(editableUntil) > now

/** The account id (`sub`) of a signed-in session's token; null when it cannot be read. */
export function accountIdOf(token: string | null): string | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const sub: unknown = JSON.parse(json).sub
    return typeof sub === 'string' ? sub : null
  } catch {
    return null
  }
}
