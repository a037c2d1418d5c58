import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon, StarIcon } from '../../components/icons'
import { Photo } from '../../components/photo'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { GUIDES_TAG, guideTag } from '../../lib/cache-tags'
import type { Review, ReviewPhoto } from './api/list-reviews'
import { editReview, uploadReviewPhoto, writeReview, type ReviewDraft } from './api/write-review'
import {
  COMMENT_MAX,
  MAX_REVIEW_PHOTOS,
  REVIEW_CLOSE_MS,
  REVIEW_SUBMITTED,
  REVIEW_UPDATED,
  SCORES,
  SUB_RATINGS,
  TOO_MANY_PHOTOS,
  scoreLabel,
  validateReview,
  type SubRatingName,
} from './review-form'
import { useT } from '../../i18n/messages'

type ReviewFormProps = {
  guideId: string
  guideName: string
  onClose: () => void
  /** Opened from a link to the form (#review): bring it into view and put the focus on it. */
  focusOnOpen?: boolean
  /** The author's own review to change (within 48 hours); a new review otherwise. */
  editing?: Review
}

type Outcome = { tone: 'error' | 'success'; text: string } | null
type SubScores = Record<SubRatingName, number | null>

const NO_SUB_SCORES: SubScores = { knowledge: null, safety: null, communication: null, value: null }

/**
 * A star rating, a comment, four optional sub-ratings and up to five photos. After a
 * successful submit it closes itself 2 s later.
 */
export function ReviewForm({ guideId, guideName, onClose, focusOnOpen = false, editing }: ReviewFormProps) {
  const cache = useClientCache()
  const t = useT()
  const commentId = useId()
  const photosId = useId()
  const [score, setScore] = useState(editing?.score ?? 0)
  const [hovered, setHovered] = useState(0)
  const [comment, setComment] = useState(editing?.comment ?? '')
  const [subScores, setSubScores] = useState<SubScores>(
    editing ? { knowledge: editing.knowledge, safety: editing.safety, communication: editing.communication, value: editing.value } : NO_SUB_SCORES,
  )
  const [photos, setPhotos] = useState<ReviewPhoto[]>(editing?.photos ?? [])
  const [uploading, setUploading] = useState(0)
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
  const busy = sending || done

  async function addPhotos(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? [])
    e.target.value = ''
    const room = MAX_REVIEW_PHOTOS - photos.length - uploading
    if (files.length > room) setOutcome({ tone: 'error', text: TOO_MANY_PHOTOS })
    else setOutcome(null)
    const taken = files.slice(0, Math.max(room, 0))
    setUploading((n) => n + taken.length)
    // One at a time, so they keep the order they were chosen in.
    for (const file of taken) {
      const result = await uploadReviewPhoto(file)
      setUploading((n) => n - 1)
      if (result.ok) setPhotos((shown) => [...shown, result.data])
      else setOutcome({ tone: 'error', text: result.message })
    }
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy || uploading > 0) return
    const invalid = validateReview(score, comment, photos.length)
    if (invalid) {
      setOutcome({ tone: 'error', text: invalid })
      return
    }
    setSending(true)
    setOutcome(null)
    const draft: ReviewDraft = { score, comment: comment.trim(), ...subScores, photos: photos.map((photo) => photo._id) }
    const result = editing ? await editReview(editing._id, draft) : await writeReview(guideId, draft)
    setSending(false)
    if (!result.ok) {
      setOutcome({ tone: 'error', text: result.message })
      return
    }
    const thanks = 'message' in result.data && result.data.message ? result.data.message : editing ? REVIEW_UPDATED : REVIEW_SUBMITTED
    setOutcome({ tone: 'success', text: thanks })
    // The guide's page, reviews and every card showing their rating fetch again.
    invalidate(cache, guideTag(guideId), GUIDES_TAG)
    closeTimer.current = window.setTimeout(onClose, REVIEW_CLOSE_MS)
  }

  const shown = hovered || score
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="card space-y-4 p-5 sm:p-6"
      aria-label={editing ? t('guides.editReviewName', { name: guideName }) : t('guides.reviewName', { name: guideName })}
    >
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
                disabled={busy}
                className="sr-only"
              />
              <StarIcon filled={value <= shown} />
              <span className="sr-only">{t(scoreLabel(value))}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="field-label">{t('guides.subRatingsOptional')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {SUB_RATINGS.map(({ name, label }) => (
            <label key={name} className="flex items-center justify-between gap-3 text-sm text-slate-700">
              <span>{t(label)}</span>
              <select
                name={name}
                value={subScores[name] ?? ''}
                onChange={(e) => setSubScores((scores) => ({ ...scores, [name]: e.target.value === '' ? null : Number(e.target.value) }))}
                disabled={busy}
                className="field-input w-36"
              >
                <option value="">{t('guides.notRated')}</option>
                {SCORES.map((value) => (
                  <option key={value} value={value}>
                    {t(scoreLabel(value))}
                  </option>
                ))}
              </select>
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
          disabled={busy}
          placeholder={t('guides.reviewPlaceholder', { name: guideName })}
          className="field-input resize-y"
        />
        <p className="mt-1 text-right text-xs text-slate-500">{t('guides.commentCount', { typed: comment.length, max: COMMENT_MAX })}</p>
      </div>
      <div>
        <p className="field-label" id={`${photosId}-label`}>
          {t('guides.reviewPhotos', { max: MAX_REVIEW_PHOTOS })}
        </p>
        {photos.length > 0 && (
          <ul className="mb-2 flex flex-wrap gap-2" aria-labelledby={`${photosId}-label`}>
            {photos.map((photo, index) => (
              <li key={photo._id} className="relative">
                <Photo src={photo.thumbUrl} alt={t('guides.yourPhotoN', { n: index + 1 })} className="h-20 w-20 rounded-lg" sizes="80px" />
                <button
                  type="button"
                  className="absolute -top-2 -right-2 rounded-full bg-white px-2 text-sm font-bold text-red-700 shadow ring-1 ring-slate-200"
                  onClick={() => setPhotos((shownPhotos) => shownPhotos.filter((p) => p._id !== photo._id))}
                  disabled={busy}
                  aria-label={t('guides.removePhotoN', { n: index + 1 })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {photos.length + uploading < MAX_REVIEW_PHOTOS && (
          <label htmlFor={photosId} className="btn-secondary cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-himal-700">
            {t('guides.addPhotos')}
            <input id={photosId} type="file" accept="image/jpeg,image/png,image/webp" multiple onChange={addPhotos} disabled={busy} className="sr-only" />
          </label>
        )}
        {uploading > 0 && (
          <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-500">
            <SpinnerIcon className="animate-spin" /> {t('guides.uploadingPhotos', { count: uploading })}
          </p>
        )}
      </div>
      {outcome && <FormAlert tone={outcome.tone}>{t(outcome.text)}</FormAlert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={sending}>
          {t('guides.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={busy || uploading > 0} aria-busy={sending}>
          {sending && <SpinnerIcon />} {editing ? t('guides.saveReview') : t('guides.submitReview')}
        </button>
      </div>
    </form>
  )
}
