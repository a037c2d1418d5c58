import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { TrustedBadge } from '../../components/guide-reliability'
import { MapPinIcon, StarIcon } from '../../components/icons'
import { CARD_SIZES, Photo } from '../../components/photo'
import { formatRating, reviewCountText } from '../../components/star-rating'
import { useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'
import { tourPath, type TourCard as TourCardData } from './api/tours'
import { RiskBadge } from './risk-badge'
import { formatUsd } from './tour-booking'

/** How a tour is booked, as a badge: at once, or by asking the guide. */
export function BookingModeBadge({ mode }: { mode: TourCardData['bookingMode'] }) {
  const t = useT()
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${mode === 'instant' ? 'bg-himal-50 text-himal-800 ring-himal-600/30' : 'bg-slate-50 text-slate-700 ring-slate-500/30'}`}
    >
      {t('tours.bookingModeBadge', { mode })}
    </span>
  )
}

/**
 * A tour in a list: its cover photo when it has one, title (the link to its page), where, how
 * long and how high, its altitude risk, the price per person for the group searched for, its
 * guide and how it is booked. `people` carries the group size on to the tour's page.
 */
export function TourCard({ tour, people }: { tour: TourCardData; people: number | null }) {
  const t = useT()
  const guideName = `${tour.guide.firstName} ${tour.guide.lastName}`.trim()
  const path = people != null && people > 1 ? `${tourPath(tour._id)}?people=${people}` : tourPath(tour._id)
  return (
    <article className="card relative flex h-full flex-col overflow-hidden" aria-labelledby={`tour-${tour._id}`}>
      {/* The title says what the card is: the cover is decoration here. */}
      {tour.photo && <Photo src={tour.photo.thumbUrl} variants={tour.photo.variants} sizes={CARD_SIZES} alt="" className="aspect-[3/2] w-full" />}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <RiskBadge risk={tour.risk} />
          <BookingModeBadge mode={tour.bookingMode} />
        </div>
        <h2 id={`tour-${tour._id}`} className="mt-3 text-lg leading-snug font-semibold text-slate-900">
          {/* The whole card is the link's target, for a thumb; the title alone is its name. */}
          <Link to={path} className="after:absolute after:inset-0 after:rounded-2xl hover:text-himal-800 focus-visible:outline-none">
            {tour.title}
          </Link>
        </h2>
        {tour.destinationName && (
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <MapPinIcon className="shrink-0 text-himal-600" /> {tour.destinationName}
          </p>
        )}
        <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <div>
            <dt className="sr-only">{t('tours.length')}</dt>
            <dd>{t('tours.dayCount', { count: tour.dayCount, days: formatLocalNumber(tour.dayCount) })}</dd>
          </div>
          {tour.maxSleepAltitudeM != null && (
            <div>
              <dt className="sr-only">{t('tours.maxAltitude')}</dt>
              <dd>{t('tours.sleepsUpTo', { metres: formatLocalNumber(tour.maxSleepAltitudeM) })}</dd>
            </div>
          )}
        </dl>
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">{tour.summary}</p>
        <div className="mt-auto flex items-end justify-between gap-3 border-t border-slate-100 pt-4">
          <div className="flex min-w-0 items-center gap-2">
            <Avatar src={tour.guide.profilePicture} name={guideName} className="h-9 w-9 text-sm" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-slate-900">{guideName}</p>
              <TrustedBadge badges={tour.guide.badges} className="my-0.5" />
              {tour.guide.reviewCount > 0 ? (
                <p className="flex items-center gap-1 text-slate-600">
                  <StarIcon className="shrink-0 text-marigold-400" aria-hidden="true" />
                  <span className="sr-only">{t('tours.rated', { rating: formatRating(tour.guide.averageRating) })}</span>
                  <span aria-hidden="true" className="font-semibold text-slate-800">
                    {formatRating(tour.guide.averageRating)}
                  </span>
                  <span className="text-slate-500">({reviewCountText(tour.guide.reviewCount)})</span>
                </p>
              ) : (
                <p className="text-slate-500">{t('tours.noReviewsYet')}</p>
              )}
            </div>
          </div>
          <p className="shrink-0 text-right text-sm text-slate-600">
            {t.rich('tours.fromPrice', {
              price: formatUsd(tour.pricePerPersonUsd),
              strong: (chunks) => <strong className="block text-lg font-bold text-slate-900">{chunks}</strong>,
            })}
          </p>
        </div>
      </div>
    </article>
  )
}

/** A card's shape while tours load. */
export function TourCardSkeleton() {
  return (
    <div className="card h-64 animate-pulse p-5" aria-hidden="true">
      <div className="h-5 w-40 rounded-full bg-slate-200" />
      <div className="mt-4 h-6 w-3/4 rounded bg-slate-200" />
      <div className="mt-2 h-4 w-1/2 rounded bg-slate-100" />
      <div className="mt-4 h-4 w-full rounded bg-slate-100" />
      <div className="mt-2 h-4 w-5/6 rounded bg-slate-100" />
      <div className="mt-8 flex justify-between">
        <div className="h-9 w-32 rounded-full bg-slate-200" />
        <div className="h-9 w-20 rounded bg-slate-200" />
      </div>
    </div>
  )
}
