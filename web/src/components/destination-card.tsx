import type { MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { useIntlLocale } from '../i18n/language'
import { msg, useT, type Translator } from '../i18n/messages'
import { destinationInLanguage, useContentLanguage } from '../lib/content-language'
import type { Destination } from '../lib/list-destinations'
import { durationText, monthRanges } from '../lib/trek-facts'
import { ArrowRightIcon, ClockIcon, MapPinIcon, StarIcon, SunIcon } from './icons'
import { CARD_SIZES, Photo } from './photo'
import { formatRating, reviewCountText } from './star-rating'

/** A destination earns the 'Top Rated' badge from this rating up (spec section 9). */
export const TOP_RATED_MIN = 4.5
/** Fixed card texts (spec section 9), kept for destinations without trek facts (issue 15). */
export const TRIP_LENGTH = msg('common.tripLength')
export const BEST_TIME = msg('common.bestTime')

/** The card's trip length: the destination's own duration where it has one. */
export const tripLength = (destination: Pick<Destination, 'durationDays'>, t: Translator) => durationText(destination, t) ?? t(TRIP_LENGTH, { from: 3, to: 5 })

/** The card's best time: the destination's own months where it has them. */
export function bestTime(destination: Pick<Destination, 'bestMonths'>, t: Translator, locale: string): string {
  const months = monthRanges(destination.bestMonths, locale, t('trek.allYear'))
  return months ? t('trek.bestTimeMonths', { months }) : t(BEST_TIME)
}

export const isTopRated = (destination: Pick<Destination, 'rating'>) => destination.rating >= TOP_RATED_MIN

export const destinationPath = (destinationId: string) => `/destination/${destinationId}`

type DestinationCardProps = {
  destination: Destination
  /** 'always': the landing page's fixed badge; 'earned': only from a rating of 4.5. */
  topRated: 'always' | 'earned'
  /** The landing page's 'Best time: …' (the fixed 'Apr-Jun' where the destination has no months). */
  showBestTime?: boolean
  /** The destinations page's two-line description. */
  showDescription?: boolean
  /** Buttons laid over the photo's corner (favourite, share). */
  actions?: ReactNode
  headingLevel?: 'h2' | 'h3'
  /** The first card of a list that opens the page: its photo loads first. */
  priority?: boolean
}

/** A destination card; clicking anywhere on it (but its buttons) opens the destination. */
export function DestinationCard({
  destination: given,
  topRated,
  showBestTime = false,
  showDescription = false,
  actions,
  headingLevel: Heading = 'h3',
  priority = false,
}: DestinationCardProps) {
  const navigate = useNavigate()
  const t = useT()
  const locale = useIntlLocale()
  const destination = destinationInLanguage(given, useContentLanguage())
  const path = destinationPath(destination._id)
  const badge = topRated === 'always' || isTopRated(destination)

  function openOnClick(e: MouseEvent<HTMLElement>) {
    // Links and buttons inside do their own thing; 'Learn More' is the keyboard's way in.
    if ((e.target as HTMLElement).closest('a, button, input, label')) return
    navigate(path)
  }

  return (
    <article className="card group flex h-full cursor-pointer flex-col overflow-hidden transition-shadow hover:shadow-float" aria-label={destination.name} onClick={openOnClick}>
      <div className="relative">
        <Photo
          src={destination.imageThumb ?? destination.image}
          variants={destination.imageVariants}
          sizes={CARD_SIZES}
          priority={priority}
          alt={destination.name}
          className="h-48 sm:h-56"
        />
        {badge && (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-marigold-400 px-2.5 py-1 text-xs font-bold text-himal-950 shadow-sm">
            <StarIcon /> {t('common.topRated')}
          </span>
        )}
        {actions && <div className="absolute top-3 right-3 flex gap-2">{actions}</div>}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <Heading className="text-lg font-semibold text-slate-900 group-hover:text-himal-700">{destination.name}</Heading>
          <p className="flex shrink-0 items-center gap-1 text-sm font-semibold text-slate-900">
            <StarIcon className="text-marigold-400" aria-hidden="true" />
            <span className="sr-only">{t('common.ratedPrefix')} </span>
            {formatRating(destination.rating)}
          </p>
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <MapPinIcon className="shrink-0 text-slate-500" />
          <span className="truncate">{destination.location}</span>
        </p>
        <p className="mt-1 text-xs text-slate-500">{reviewCountText(destination.reviews)}</p>
        {showDescription && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{destination.description}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-4 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <ClockIcon className="text-himal-500" /> {tripLength(destination, t)}
          </span>
          {showBestTime && (
            <span className="inline-flex items-center gap-1.5">
              <SunIcon className="text-marigold-500" /> {bestTime(destination, t, locale)}
            </span>
          )}
          {/* Part visually hidden, not aria-label: search engines read the link's text, and 'Learn More' alone says nothing. */}
          <Link to={path} className="ml-auto inline-flex items-center gap-1 text-link">
            {t.rich('common.learnMoreAbout', { name: destination.name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })} <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </article>
  )
}

/** The shape of a destination card while it loads. */
export function DestinationCardSkeleton() {
  return (
    <div className="card flex h-full animate-pulse flex-col overflow-hidden" aria-hidden="true">
      <div className="h-48 bg-slate-200 sm:h-56" />
      <div className="flex flex-col gap-3 p-5">
        <span className="h-5 w-1/2 rounded bg-slate-200" />
        <span className="h-4 w-2/3 rounded bg-slate-100" />
        <span className="h-4 w-1/3 rounded bg-slate-100" />
        <span className="mt-3 h-4 w-3/4 rounded bg-slate-100" />
      </div>
    </div>
  )
}
