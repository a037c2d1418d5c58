import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { ArrowLeftIcon, AwardIcon, ChatIcon, CheckIcon, GlobeIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldIcon, SpinnerIcon, StarIcon } from '../../components/icons'
import { Photo, WIDE_SIZES } from '../../components/photo'
import { ReportButton } from '../../components/report-dialog'
import { Chips, joinedDate } from '../../components/profile-layout'
import { StarRating, formatRating, reviewCountText } from '../../components/star-rating'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { useAuth } from '../../lib/auth-store'
import { usePrice } from '../../lib/currencies'
import { useCachedQuery, usePagedList } from '../../lib/use-cached-query'
import { usePageTitle } from '../../lib/use-page-title'
import { GUIDE_LOAD_FAILED, getGuide, guideKey, guideTags, type PublicGuide } from './api/get-guide'
import { listReviews, reviewsKey, reviewsTags, type Review } from './api/list-reviews'
import { BookExperience } from './book-experience'
import { ReviewForm } from './write-review-form'

/** Shown when a guide has not said how long they have guided (spec section 9). */
export const DEFAULT_YEARS_OF_EXPERIENCE = 5
export const PHONE_AFTER_BOOKING = 'Available after booking'
export const LOG_IN_TO_REVIEW = 'Please log in to write a review.'

const longDate = (text: string) => {
  // A bare date (YYYY-MM-DD) is a calendar day, not a moment: read it as noon UTC so no time zone moves it.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T12:00:00Z` : text)
  return Number.isNaN(date.getTime()) ? text : date.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric' })
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  )
}

function StatTile({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-card">
      <p className="text-2xl font-bold text-himal-800">{value}</p>
      <p className="mt-1 text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
    </div>
  )
}

type Notify = (text: string, tone: 'success' | 'error') => void

const SMALL_REPORT = 'inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800'

function ReviewItem({ review, onMessage }: { review: Review; onMessage: Notify }) {
  const name = `${review.firstName} ${review.lastName}`.trim()
  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0">
      <Avatar src={review.profilePicture} name={name} className="h-11 w-11 text-sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="font-semibold text-slate-900">{name}</p>
          {review.verified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              <CheckIcon /> Verified trip
            </span>
          )}
          <ReportButton targetType="review" targetId={review._id} onMessage={onMessage} className={`${SMALL_REPORT} ml-auto`} />
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <StarRating value={review.score} className="text-sm" />
          <span>Trip on {longDate(review.tripDate)}</span>
          <span aria-hidden="true">·</span>
          <span>Reviewed {longDate(review.createdAt)}</span>
        </div>
        <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{review.comment}</p>
      </div>
    </li>
  )
}

function Reviews({ guide, onMessage }: { guide: PublicGuide; onMessage: Notify }) {
  const { isSignedIn } = useAuth()
  const [writing, setWriting] = useState(false)
  const name = `${guide.firstName} ${guide.lastName}`.trim()
  const reviews = usePagedList({ key: reviewsKey(guide._id), tags: reviewsTags(guide._id), loadPage: (page) => listReviews(guide._id, page) })

  return (
    <Section
      title={`Reviews (${guide.reviewCount})`}
      action={
        <button type="button" className="btn-secondary" aria-expanded={writing} aria-controls="write-review" onClick={() => setWriting((open) => !open)}>
          <StarIcon filled={false} /> Write Review
        </button>
      }
    >
      {guide.reviewCount > 0 && (
        <p className="mb-4 flex items-center gap-2">
          <StarRating value={guide.averageRating} className="text-lg" />
          <span className="text-base font-semibold text-slate-900">{formatRating(guide.averageRating)}</span>
          <span className="text-slate-500">from {reviewCountText(guide.reviewCount)}</span>
        </p>
      )}
      <div id="write-review">
        {writing && isSignedIn && (
          <div className="mb-6">
            <ReviewForm guideId={guide._id} guideName={guide.firstName} onClose={() => setWriting(false)} />
          </div>
        )}
        {writing && !isSignedIn && (
          <div role="status" className="mb-6 rounded-xl border border-himal-100 bg-himal-50 p-4 text-himal-900">
            <p className="font-semibold">{LOG_IN_TO_REVIEW}</p>
            <p className="mt-1 text-sm">Travellers who have completed a trip with {name} can review them.</p>
            <Link to="/login" className="btn-primary mt-3">
              Log in
            </Link>
          </div>
        )}
      </div>
      {reviews.status === 'loading' && (
        <p role="status" className="flex items-center gap-2 py-4 text-slate-500">
          <SpinnerIcon className="animate-spin text-himal-600" /> Loading reviews...
        </p>
      )}
      {reviews.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 py-2">
          <p className="font-medium text-red-700">{reviews.error}</p>
          <button type="button" className="btn-secondary" onClick={reviews.reload}>
            Try Again
          </button>
        </div>
      )}
      {reviews.status === 'success' && reviews.items.length === 0 && (
        <p className="py-2 text-slate-500">No reviews yet. Travellers can review {guide.firstName} after a completed trip.</p>
      )}
      {reviews.items.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label="Reviews">
          {reviews.items.map((review) => (
            <ReviewItem key={review._id} review={review} onMessage={onMessage} />
          ))}
        </ul>
      )}
      {reviews.status === 'success' && reviews.error && (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {reviews.error}
        </p>
      )}
      {reviews.hasMore && (
        <button type="button" className="btn-ghost mt-4" onClick={reviews.loadMore} disabled={reviews.isFetchingMore} aria-busy={reviews.isFetchingMore}>
          {reviews.isFetchingMore && <SpinnerIcon />} Show more reviews
        </button>
      )}
    </Section>
  )
}

/**
 * 'Message Dawa': opens the traveller's conversation with the guide (their first message
 * starts it). Signed out, it goes to log in; guides and admins do not write to guides.
 */
function MessageGuide({ guideId, firstName }: { guideId: string; firstName: string }) {
  const { isSignedIn, role } = useAuth()
  if (isSignedIn && role !== 'tourist') return null
  return (
    <Link to={isSignedIn ? `/messages/with/${guideId}` : '/login'} className="btn-secondary mt-3 w-full py-3 text-base">
      <ChatIcon /> Message {firstName}
      {!isSignedIn && <span className="sr-only"> (log in first)</span>}
    </Link>
  )
}

function GuideProfile({ guide }: { guide: PublicGuide }) {
  const d = guide.guideDetails
  const name = `${guide.firstName} ${guide.lastName}`.trim()
  const years = d.yearsOfExperience ?? DEFAULT_YEARS_OF_EXPERIENCE
  const joined = joinedDate(d.createdAt)
  const shown = usePrice()
  const price = d.pricePerDay != null ? shown.show(d.pricePerDay) : null
  const { toast, show } = useToast()

  return (
    <article aria-labelledby="guide-name">
      <Toast toast={toast} />
      <div className="mx-auto max-w-6xl sm:px-6 sm:pt-6 lg:px-8">
        <div className="relative">
          <Photo
            src={d.coverImage}
            variants={d.coverImageVariants}
            sizes={WIDE_SIZES}
            alt={`${name}'s cover photo`}
            priority
            className="h-44 rounded-b-3xl sm:h-64 sm:rounded-3xl"
          />
          <Link
            to="/guides"
            className="absolute top-4 left-4 inline-flex items-center gap-1.5 rounded-full bg-white/90 px-3 py-1.5 text-sm font-semibold text-himal-900 shadow-sm backdrop-blur hover:bg-white"
          >
            <ArrowLeftIcon /> All guides
          </Link>
          <Avatar
            src={d.profilePictureThumb ?? d.profilePicture}
            variants={d.profilePictureVariants}
            name={name}
            alt={`${name}'s profile photo`}
            className="absolute -bottom-14 left-5 h-28 w-28 border-4 border-white text-3xl shadow-card sm:left-8 sm:h-32 sm:w-32"
          />
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 pt-18 pb-10 sm:px-6 lg:px-8">
        <header>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 id="guide-name" className="font-display text-3xl font-bold tracking-tight text-himal-900 sm:text-4xl">
                {name}
              </h1>
              {d.status === 'verified' && (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                  <ShieldIcon /> Verified guide
                </span>
              )}
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              {d.contactInfo.address && (
                <span className="inline-flex items-center gap-1.5">
                  <MapPinIcon className="text-slate-500" /> {d.contactInfo.address}
                </span>
              )}
              {joined && <span>{joined}</span>}
            </p>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <StarRating value={guide.averageRating} className="text-base" />
              {guide.reviewCount > 0 && <span className="font-semibold text-slate-900">{formatRating(guide.averageRating)}</span>}
              <span className="text-slate-500">({reviewCountText(guide.reviewCount)})</span>
              <ReportButton targetType="guide" targetId={guide._id} onMessage={show} className={SMALL_REPORT} label="Report guide" />
            </p>
          </div>
        </header>

        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="At a glance" role="group">
              <StatTile value={`${years}`} label={years === 1 ? 'Year guiding' : 'Years guiding'} />
              <StatTile value={guide.reviewCount > 0 ? formatRating(guide.averageRating) : 'New'} label="Rating" />
              <StatTile value={`${guide.reviewCount}`} label={guide.reviewCount === 1 ? 'Review' : 'Reviews'} />
              <StatTile value={`${d.expertiseLanguages.length}`} label={d.expertiseLanguages.length === 1 ? 'Language' : 'Languages'} />
            </div>

            <Section title={`About ${guide.firstName}`}>
              <p className="leading-relaxed whitespace-pre-line">{d.bio || `${guide.firstName} has not written an introduction yet.`}</p>
            </Section>

            <Section title="Specialties">
              <Chips items={d.interests} empty="No specialties listed yet." />
            </Section>

            <Section title="Languages">
              <Chips items={d.expertiseLanguages} empty="No languages listed yet." />
            </Section>

            <Section title="Certifications">
              {d.certifications.length === 0 ? (
                <p className="text-slate-500">No certifications listed.</p>
              ) : (
                <ul className="grid gap-3 sm:grid-cols-2">
                  {d.certifications.map((c) => (
                    <li key={c._id} className="flex gap-3 rounded-xl border border-slate-200 p-3">
                      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-marigold-50 text-xl text-marigold-700">
                        <AwardIcon />
                      </span>
                      <div className="min-w-0">
                        <p className="font-semibold text-slate-900">{c.name}</p>
                        <p className="text-slate-600">{c.issuingOrganization}</p>
                        <p className="text-xs text-slate-500">Issued {longDate(c.issueDate)}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Section>

            <Reviews guide={guide} onMessage={show} />
          </div>

          {/* First on a phone, so booking is not below every review; beside the page from lg up. */}
          <aside className="order-first space-y-6 lg:sticky lg:top-24 lg:order-none lg:self-start" aria-label="Book and contact">
            <div className="card p-5 sm:p-6">
              <p className="text-sm text-slate-600">{price ? 'Daily rate' : 'Rate on request'}</p>
              {price && (
                <p>
                  <span className="font-display text-3xl font-bold text-himal-900">{price}</span>
                  <span className="text-sm text-slate-600"> per day</span>
                </p>
              )}
              <div className="mt-4">
                <BookExperience guide={{ guideId: guide.guideId, firstName: guide.firstName, lastName: guide.lastName, pricePerDay: d.pricePerDay }} />
              </div>
              <MessageGuide guideId={guide.guideId} firstName={guide.firstName} />
              <p className="mt-3 text-center text-xs text-slate-500">You only pay once {guide.firstName} approves your request.</p>
            </div>
            <section className="card p-5 sm:p-6" aria-label="Contact info">
              <h2 className="text-lg font-semibold text-slate-900">Contact info</h2>
              <dl className="mt-3 space-y-3 text-sm">
                <div className="flex gap-3">
                  <dt className="text-lg text-slate-500">
                    <MailIcon />
                    <span className="sr-only">Email</span>
                  </dt>
                  <dd className="min-w-0 break-all">
                    <a href={`mailto:${d.contactInfo.email}`} className="text-link">
                      {d.contactInfo.email}
                    </a>
                  </dd>
                </div>
                <div className="flex gap-3">
                  <dt className="text-lg text-slate-500">
                    <PhoneIcon />
                    <span className="sr-only">Phone</span>
                  </dt>
                  <dd className="text-slate-600">{PHONE_AFTER_BOOKING}</dd>
                </div>
                {d.contactInfo.address && (
                  <div className="flex gap-3">
                    <dt className="text-lg text-slate-500">
                      <MapPinIcon />
                      <span className="sr-only">Address</span>
                    </dt>
                    <dd className="text-slate-700">{d.contactInfo.address}</dd>
                  </div>
                )}
                {d.nationality && (
                  <div className="flex gap-3">
                    <dt className="text-lg text-slate-500">
                      <GlobeIcon />
                      <span className="sr-only">Nationality</span>
                    </dt>
                    <dd className="text-slate-700">{d.nationality}</dd>
                  </div>
                )}
              </dl>
            </section>
          </aside>
        </div>
      </div>
    </article>
  )
}

/** /guides/:id: a verified guide's public page with reviews. */
export function GuideDetailPage() {
  const { id = '' } = useParams()
  const query = useCachedQuery({ key: guideKey(id), tags: guideTags(id), load: (signal) => getGuide(id, signal), enabled: id !== '' })
  // The same title the server puts in this page's HTML for a shared link.
  usePageTitle(query.data ? `${query.data.firstName} ${query.data.lastName} — tour guide in Nepal` : 'Guide')

  if (query.data) return <GuideProfile guide={query.data} />
  if (query.status === 'error') {
    return (
      <div className="px-4 py-16">
        <ErrorCard message={GUIDE_LOAD_FAILED} detail={query.error !== GUIDE_LOAD_FAILED ? query.error : undefined} onRetry={query.reload} asPageTitle>
          <Link to="/guides" className="btn-secondary">
            <ArrowLeftIcon /> Back to guides
          </Link>
        </ErrorCard>
      </div>
    )
  }
  return <LoadingCard label="Loading guide..." />
}
