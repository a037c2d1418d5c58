import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon, StarIcon } from '../../components/icons'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { GUIDES_TAG, guideTag } from '../../lib/cache-tags'
import { writeReview } from './api/write-review'
import { COMMENT_MAX, REVIEW_CLOSE_MS, REVIEW_SUBMITTED, SCORES, scoreLabel, validateReview } from './review-form'
import { useT } from '../../i18n/messages'

type ReviewFormProps = {
  guideId: string
  guideName: string
  onClose: () => void
  /** Opened from a link to the form (#review): bring it into view and put the focus on it. */
  focusOnOpen?: boolean
}

type Outcome = { tone: 'error' | 'success'; text: string } | null

/** A star rating and a comment. After a successful submit it closes itself 2 s later. */
export function ReviewForm({ guideId, guideName, onClose, focusOnOpen = false }: ReviewFormProps) {
  const cache = useClientCache()
  const t = useT()
  const commentId = useId()
  const [score, setScore] = useState(0)
  const [hovered, setHovered] = useState(0)
  const [comment, setComment] = useState('')
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const closeTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(closeTimer.current), [])
  const firstStar = useRef<HTMLInputElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (!focusOnOpen) return
    formRef.current?.scrollIntoView({ block: 'center' })
    firstStar.current?.focus({ preventScroll: true })
  }, [focusOnOpen])

  const done = outcome?.tone === 'success'

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (sending || done) return
    const invalid = validateReview(score, comment)
    if (invalid) {
      setOutcome({ tone: 'error', text: invalid })
      return
    }
    setSending(true)
    setOutcome(null)
    const result = await writeReview(guideId, score, comment.trim())
    setSending(false)
    if (!result.ok) {
      setOutcome({ tone: 'error', text: result.message })
      return
    }
    setOutcome({ tone: 'success', text: result.data.message || REVIEW_SUBMITTED })
    // The guide's page, reviews and every card showing their rating fetch again.
    invalidate(cache, guideTag(guideId), GUIDES_TAG)
    closeTimer.current = window.setTimeout(onClose, REVIEW_CLOSE_MS)
  }

  const shown = hovered || score
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="card space-y-4 p-5 sm:p-6" aria-label={t('guides.reviewName', { name: guideName })}>
      <fieldset>
        <legend className="field-label">{t('guides.yourRating')}</legend>
        <div className="flex gap-1" onMouseLeave={() => setHovered(0)}>
          {SCORES.map((value) => (
            <label
              key={value}
              onMouseEnter={() => setHovered(value)}
              className={`cursor-pointer rounded-md p-0.5 text-3xl transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-himal-700 ${
                value <= shown ? 'text-marigold-400' : 'text-slate-300 hover:text-marigold-200'
              }`}
            >
              <input
                ref={value === SCORES[0] ? firstStar : undefined}
                type="radio"
                name="score"
                value={value}
                checked={score === value}
                onChange={() => setScore(value)}
                disabled={sending || done}
                className="sr-only"
              />
              <StarIcon filled={value <= shown} />
              <span className="sr-only">{t(scoreLabel(value))}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={commentId} className="field-label">
          {t('guides.yourReview')}
        </label>
        <textarea
          id={commentId}
          rows={4}
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          disabled={sending || done}
          placeholder={t('guides.reviewPlaceholder', { name: guideName })}
          className="field-input resize-y"
        />
        <p className="mt-1 text-right text-xs text-slate-500">{t('guides.commentCount', { typed: comment.length, max: COMMENT_MAX })}</p>
      </div>
      {outcome && <FormAlert tone={outcome.tone}>{t(outcome.text)}</FormAlert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={sending}>
          {t('guides.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={sending || done} aria-busy={sending}>
          {sending && <SpinnerIcon />} {t('guides.submitReview')}
        </button>
      </div>
    </form>
  )
}
