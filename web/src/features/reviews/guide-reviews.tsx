import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Avatar } from '../../components/avatar'
import { DetailSection } from '../../components/detail-section'
import { CheckIcon, SpinnerIcon, StarIcon } from '../../components/icons'
import { ReportButton, SMALL_REPORT_BUTTON } from '../../components/report-dialog'
import { StarRating, formatRating, reviewCountText } from '../../components/star-rating'
import { useAuth } from '../../lib/auth-store'
import { formatMediumDate } from '../../lib/intl-formats'
import { useCachedQuery } from '../../lib/use-cached-query'
import { usePagedList } from '../../lib/use-paged-list'
import { canReview, canReviewKey, canReviewTags } from './api/can-review'
import { REVIEW_SORTS, listReviews, reviewSummary, reviewSummaryKey, reviewsKey, reviewsTags, type Review, type ReviewSort } from './api/list-reviews'
import { GuideReply } from './guide-reply'
import { accountIdOf, stillEditable } from './review-form'
import { PhotoRow } from './review-photos'
import { ReviewSubRatings, SubRatingBars } from './sub-ratings'
import { ReviewForm } from './write-review-form'
import { msg, useT } from '../../i18n/messages'
import { personName } from '../../lib/person-name'

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: msg('guides.sort_newest'),
  highest: msg('guides.sort_highest'),
  lowest: msg('guides.sort_lowest'),
  with_photos: msg('guides.sort_with_photos'),
}

/** What the reviews show of the guide they are about. */
export type ReviewedGuide = { _id: string; firstName: string; reviewCount: number; averageRating: number }

type Notify = (text: string, tone: 'success' | 'error') => void

type ReviewItemProps = {
  review: Review
  guide: ReviewedGuide
  onMessage: Notify
  /** The signed-in account's id, to offer the author Edit and the guide Reply. */
  viewerId: string | null
}

function ReviewItem({ review, guide, onMessage, viewerId }: ReviewItemProps) {
  const t = useT()
  const name = personName(review)
  const [editing, setEditing] = useState(false)
  // Offered only in the server's 48 hours; the server refuses anyone else and later changes anyway.
  const mayEdit = viewerId === review.authorId && stillEditable(review.editableUntil)
  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0">
      <Avatar src={review.profilePicture} name={name} className="h-11 w-11 text-sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="font-semibold text-slate-900">{name}</p>
          {review.verified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              <CheckIcon /> {t('guides.verifiedTrip')}
            </span>
          )}
          <span className="ml-auto flex items-center gap-2">
            {mayEdit && !editing && (
              <button type="button" className="btn-ghost px-2 py-1 text-sm" onClick={() => setEditing(true)}>
                {t('guides.editReview')}
              </button>
            )}
            <ReportButton targetType="review" targetId={review._id} onMessage={onMessage} className={SMALL_REPORT_BUTTON} />
          </span>
        </div>
        {editing ? (
          <div className="mt-3">
            <ReviewForm guideId={guide._id} guideName={guide.firstName} editing={review} onClose={() => setEditing(false)} />
          </div>
        ) : (
          <>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
              <StarRating value={review.score} className="text-sm" />
              <span>{t('guides.tripOn', { date: formatMediumDate(review.tripDate) })}</span>
              <span aria-hidden="true">·</span>
              <span>{t('guides.reviewedOn', { date: formatMediumDate(review.createdAt) })}</span>
            </div>
            <ReviewSubRatings review={review} />
            <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{review.comment}</p>
            {review.photos.length > 0 && (
              <div className="mt-3">
                <PhotoRow photos={review.photos} altOf={(n) => t('guides.reviewPhotoAlt', { n, name })} title={t('guides.photosFrom', { name })} />
              </div>
            )}
          </>
        )}
        <GuideReply review={review} guideId={guide._id} guideName={guide.firstName} isOwnPage={viewerId === guide._id} />
      </div>
    </li>
  )
}

/** The guide page's anchor for the review form: `/guides/:id#review`. */
export const REVIEW_ANCHOR = '#review'

/**
 * A guide's reviews on their public page: the average, the list page by page, and 'Write a
 * Review' for a traveller whose completed trip with them is not yet reviewed. Shown by the
 * guides feature (`exposed` in eslint.config.js).
 */
export function GuideReviews({ guide, onMessage }: { guide: ReviewedGuide; onMessage: Notify }) {
  const { isSignedIn, token } = useAuth()
  const t = useT()
  const viewerId = accountIdOf(token)
  const sortId = useId()
  const [writing, setWriting] = useState(false)
  const [sort, setSort] = useState<ReviewSort>('newest')
  const reviews = usePagedList({ key: reviewsKey(guide._id, sort), tags: reviewsTags(guide._id), loadPage: (page) => listReviews(guide._id, page, sort) })
  const summary = useCachedQuery({
    key: reviewSummaryKey(guide._id),
    tags: reviewsTags(guide._id),
    load: (signal) => reviewSummary(guide._id, signal),
    enabled: guide.reviewCount > 0,
  })
  // Only a traveller with a completed trip not yet reviewed is offered the form; others see why.
  const eligibility = useCachedQuery({ key: canReviewKey(guide._id), tags: canReviewTags(guide._id), load: (signal) => canReview(guide._id, signal), enabled: isSignedIn })
  const mayReview = isSignedIn && eligibility.data === true

  // 'Write a review' from the dashboard links to #review (issue 26): once the answer says
  // the traveller may review, the form opens and takes the focus; otherwise the page shows
  // why not at the same place.
  const { hash } = useLocation()
  const anchor = useRef<HTMLDivElement>(null)
  const [reachedAnchor, setReachedAnchor] = useState(false)
  const settled = !isSignedIn || eligibility.status !== 'loading'
  if (hash === REVIEW_ANCHOR && !reachedAnchor && settled) {
    setReachedAnchor(true)
    if (mayReview) setWriting(true)
  }
  useEffect(() => {
    if (reachedAnchor && !mayReview) anchor.current?.scrollIntoView({ block: 'center' })
  }, [reachedAnchor, mayReview])

  return (
    <DetailSection
      title={t('guides.reviewsTitle', { count: guide.reviewCount })}
      action={
        mayReview && (
          <button type="button" className="btn-secondary" aria-expanded={writing} aria-controls="review" onClick={() => setWriting((open) => !open)}>
            <StarIcon filled={false} /> {t('guides.writeReview')}
          </button>
        )
      }
    >
      {guide.reviewCount > 0 && (
        <p className="mb-4 flex items-center gap-2">
          <StarRating value={guide.averageRating} className="text-lg" />
          <span className="text-base font-semibold text-slate-900">{formatRating(guide.averageRating)}</span>
          <span className="text-slate-500">{t('guides.fromReviews', { reviews: reviewCountText(guide.reviewCount) })}</span>
        </p>
      )}
      {summary.data && <SubRatingBars averages={summary.data.subRatings} />}
      {summary.data && summary.data.photoStrip.length > 0 && (
        <section className="mb-5" aria-label={t('guides.photoStripTitle')}>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{t('guides.photoStripTitle')}</h3>
          <PhotoRow photos={summary.data.photoStrip} altOf={(n) => t('guides.travellerPhotoAlt', { n, name: guide.firstName })} title={t('guides.photoStripTitle')} size="large" />
        </section>
      )}
      <div id="review" ref={anchor} className="scroll-mt-24">
        {/* Kept open once opened: after sending, the answer says the form is no longer offered, but its thanks stay until it closes. */}
        {writing && isSignedIn && (
          <div className="mb-6">
            <ReviewForm guideId={guide._id} guideName={guide.firstName} onClose={() => setWriting(false)} focusOnOpen={hash === REVIEW_ANCHOR} />
          </div>
        )}
        {!mayReview && !writing && (isSignedIn ? eligibility.status !== 'loading' : true) && (
          <p className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-slate-50 px-4 py-3 text-slate-600">
            <span>{t('guides.reviewsComeFrom', { name: guide.firstName })}</span>
            {!isSignedIn && (
              <Link to="/login" className="text-link">
                {t('guides.logInToReviewYours')}
              </Link>
            )}
          </p>
        )}
      </div>
      {guide.reviewCount > 1 && (
        <div className="mb-4 flex items-center justify-end gap-2">
          <label htmlFor={sortId} className="text-sm text-slate-600">
            {t('guides.sortReviews')}
          </label>
          <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as ReviewSort)} className="field-input w-auto">
            {REVIEW_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
      )}
      {reviews.status === 'loading' && (
        <p role="status" className="flex items-center gap-2 py-4 text-slate-500">
          <SpinnerIcon className="animate-spin text-himal-600" /> {t('guides.loadingReviews')}
        </p>
      )}
      {reviews.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 py-2">
          <p className="font-medium text-red-700">{t(reviews.error ?? '')}</p>
          <button type="button" className="btn-secondary" onClick={reviews.reload}>
            {t('guides.tryAgainTitle')}
          </button>
        </div>
      )}
      {reviews.status === 'success' && reviews.items.length === 0 && (
        <p className="py-2 text-slate-500">
          {sort === 'with_photos' && guide.reviewCount > 0 ? t('guides.noReviewsWithPhotos') : t('guides.noReviews', { name: guide.firstName })}
        </p>
      )}
      {reviews.items.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label={t('guides.reviews')}>
          {reviews.items.map((review) => (
            <ReviewItem key={review._id} review={review} guide={guide} onMessage={onMessage} viewerId={viewerId} />
          ))}
        </ul>
      )}
      {reviews.status === 'success' && reviews.error && (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {t(reviews.error)}
        </p>
      )}
      {reviews.hasMore && (
        <button type="button" className="btn-ghost mt-4" onClick={reviews.loadMore} disabled={reviews.isFetchingMore} aria-busy={reviews.isFetchingMore}>
          {reviews.isFetchingMore && <SpinnerIcon />} {t('guides.showMoreReviews')}
        </button>
      )}
    </DetailSection>
  )
}
