import { Link } from 'react-router'
import { translate, useT } from '../i18n/messages'
import type { GuideSummary } from '../lib/list-guides'
import { usePrice } from '../lib/currencies'
import { Avatar } from './avatar'
import { SaveButton } from './save-button'
import { GlobeIcon, MapPinIcon } from './icons'
import { CARD_SIZES, Photo } from './photo'
import { StarRating, formatRating, reviewCountText } from './star-rating'
import { ReliabilityLine, TrustedBadge } from './guide-reliability'
import { formatLocalNumber } from '../lib/intl-formats'

/** Interests a card shows before '+N more' (spec section 2). */
export const CARD_INTERESTS = 4

/** The first `max` interests, and how many are left for '+N more'. */
export function splitInterests(interests: readonly string[], max: number = CARD_INTERESTS): { shown: string[]; more: number } {
  return { shown: interests.slice(0, max), more: Math.max(0, interests.length - max) }
}

/** '1.4 km away', or '12 km away' once it is far enough that tenths do not matter. */
export function distanceText(km: number): string {
  const distance = formatLocalNumber(km, { maximumFractionDigits: km < 10 ? 1 : 0, minimumFractionDigits: km < 10 ? 1 : 0 })
  return translate('common.kmAway', { distance })
}

export const guidePath = (guideId: string) => `/guides/${guideId}`

/**
 * A guide in a list: rating, languages, address, up to four interests plus '+N more',
 * price per day and 'Book Now', which opens the guide's page. The list's first card is
 * the `priority` one: its cover is the largest image of the first screenful.
 */
export function GuideCard({ guide, priority = false, headingLevel: Heading = 'h3' }: { guide: GuideSummary; priority?: boolean; headingLevel?: 'h2' | 'h3' }) {
  const name = `${guide.firstName} ${guide.lastName}`.trim()
  const { shown, more } = splitInterests(guide.interests)
  const price = usePrice()
  const t = useT()
  const path = guidePath(guide._id)
  return (
    <article className="card flex h-full flex-col overflow-hidden" aria-label={name}>
      <div className="relative">
        <Photo src={guide.coverImage} variants={guide.coverImageVariants} sizes={CARD_SIZES} priority={priority} alt="" className="h-28" />
        <div className="absolute top-3 right-3 flex items-center gap-2">
          {guide.distanceKm != null && (
            <span className="inline-flex items-center gap-1 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-himal-800 shadow-sm">
              <MapPinIcon /> {distanceText(guide.distanceKm)}
            </span>
          )}
          <SaveButton kind="guide" id={guide._id} name={name} />
        </div>
        <Avatar
          src={guide.profilePicture}
          variants={guide.profilePictureVariants}
          sizes="64px"
          name={name}
          className="absolute -bottom-8 left-5 h-16 w-16 border-4 border-white text-lg shadow-card"
        />
      </div>
      <div className="flex flex-1 flex-col px-5 pt-10 pb-5">
        <Heading className="text-lg font-semibold text-slate-900">
          <Link to={path} className="hover:text-himal-700">
            {name}
          </Link>
        </Heading>
        {guide.contactInfo.address && (
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
            <MapPinIcon className="shrink-0 text-slate-500" />
            <span className="truncate">{guide.contactInfo.address}</span>
          </p>
        )}
        <p className="mt-2 flex items-center gap-2 text-sm">
          <StarRating value={guide.averageRating} />
          {guide.reviewCount > 0 && <span className="font-semibold text-slate-900">{formatRating(guide.averageRating)}</span>}
          <span className="text-slate-500">({reviewCountText(guide.reviewCount)})</span>
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          <TrustedBadge badges={guide.badges} />
          <ReliabilityLine reliability={guide.reliability} />
        </div>
        {guide.expertiseLanguages.length > 0 && (
          <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
            <GlobeIcon className="mt-0.5 shrink-0 text-slate-500" />
            <span>
              <span className="sr-only">{t('common.languagesPrefix')} </span>
              {guide.expertiseLanguages.join(', ')}
            </span>
          </p>
        )}
        {shown.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('common.interests')}>
            {shown.map((interest) => (
              <li key={interest} className="rounded-full bg-himal-50 px-2.5 py-0.5 text-xs font-medium text-himal-800">
                {interest}
              </li>
            ))}
            {more > 0 && <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">{t('common.moreCount', { count: more })}</li>}
          </ul>
        )}
        <div className="mt-auto flex items-end justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-500">
            {guide.pricePerDay != null ? (
              <>{t.rich('common.pricePerDay', { price: price.show(guide.pricePerDay), b: (chunks) => <span className="text-xl font-bold text-slate-900">{chunks}</span> })}</>
            ) : (
              t('common.rateOnRequest')
            )}
          </p>
          <Link to={path} className="btn-primary shrink-0 px-4 py-2 whitespace-nowrap" aria-label={t('common.bookNowWith', { name })}>
            {t('common.bookNow')}
          </Link>
        </div>
      </div>
    </article>
  )
}

/** The shape of a guide card while it loads, so the grid does not jump when it arrives. */
export function GuideCardSkeleton() {
  return (
    <div className="card flex h-full animate-pulse flex-col overflow-hidden" aria-hidden="true">
      <div className="relative h-28 bg-slate-200">
        <span className="absolute -bottom-8 left-5 h-16 w-16 rounded-full border-4 border-white bg-slate-300" />
      </div>
      <div className="flex flex-1 flex-col gap-3 px-5 pt-10 pb-5">
        <span className="h-5 w-2/3 rounded bg-slate-200" />
        <span className="h-4 w-1/2 rounded bg-slate-100" />
        <span className="h-4 w-3/4 rounded bg-slate-100" />
        <span className="flex gap-2">
          <span className="h-5 w-16 rounded-full bg-slate-100" />
          <span className="h-5 w-20 rounded-full bg-slate-100" />
        </span>
        <span className="mt-4 flex items-center justify-between border-t border-slate-100 pt-4">
          <span className="h-6 w-20 rounded bg-slate-200" />
          <span className="h-9 w-24 rounded-xl bg-slate-200" />
        </span>
      </div>
    </div>
  )
}
