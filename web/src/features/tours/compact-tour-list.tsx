import { Link } from 'react-router'
import { ArrowRightIcon, CalendarIcon, MountainIcon, SpinnerIcon } from '../../components/icons'
import { Photo } from '../../components/photo'
import { useT } from '../../i18n/messages'
import { TOURS_TAG } from '../../lib/cache-tags'
import { usePrice } from '../../lib/currencies'
import { formatLocalNumber } from '../../lib/intl-formats'
import { useCachedQuery } from '../../lib/use-cached-query'
import { listTours, tourPath, type TourCard, type TourFilters } from './api/tours'
import { RiskBadge } from './risk-badge'

/** The cache key of one list of tours: every filter is in it, so two lists never share data. */
export const toursKey = (filters: TourFilters) =>
  `tours:${Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&')}`

/** The published tours matching `filters` (a guide's, a destination's), through the client cache. */
export function useToursOf(filters: TourFilters, enabled = true) {
  return useCachedQuery({ key: toursKey(filters), tags: [TOURS_TAG], load: (signal) => listTours(filters, signal), enabled })
}

/** A card's width in the section's one or two columns (inside a page's main column). */
const COMPACT_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 45vw, 100vw'

/** A tour in a short list: its cover when it has one, title, days, highest night, altitude risk and the price from. */
export function CompactTourCard({ tour }: { tour: TourCard }) {
  const t = useT()
  const price = usePrice()
  return (
    <li>
      <Link
        to={tourPath(tour._id)}
        className="group flex h-full flex-col gap-2 overflow-hidden rounded-xl border border-slate-200 bg-white p-4 transition hover:border-himal-300 hover:shadow-card focus-visible:ring-2 focus-visible:ring-himal-500 focus-visible:outline-none"
      >
        {/* The title names the link: the cover is decoration here. */}
        {tour.photo && <Photo src={tour.photo.thumbUrl} variants={tour.photo.variants} sizes={COMPACT_SIZES} alt="" className="-mx-4 -mt-4 mb-1 aspect-[16/9]" />}
        <span className="font-semibold text-slate-900 group-hover:text-himal-800">{tour.title}</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <CalendarIcon className="text-slate-500" /> {t('tours.dayCount', { count: tour.dayCount })}
          </span>
          {tour.maxSleepAltitudeM !== null && (
            <span className="inline-flex items-center gap-1">
              <MountainIcon className="text-slate-500" /> {t('tours.upTo', { metres: formatLocalNumber(tour.maxSleepAltitudeM) })}
            </span>
          )}
          <RiskBadge risk={tour.risk} />
        </span>
        <span className="mt-auto flex items-end justify-between gap-3 pt-1">
          <span className="text-sm text-slate-600">
            {t('tours.priceFrom')} <span className="text-base font-bold text-himal-900">{price.show(tour.pricePerPersonUsd)}</span> {t('tours.perPerson')}
          </span>
          <ArrowRightIcon className="shrink-0 text-himal-600" aria-hidden="true" />
        </span>
      </Link>
    </li>
  )
}

/**
 * A section of tours for a page that is about something else (a guide, a destination):
 * loading, failed (with Try again), empty (`empty` says what to do instead), or the cards.
 */
export function CompactTourList({ filters, title, empty, more }: { filters: TourFilters; title: string; empty: string; more?: { to: string; label: string } }) {
  const t = useT()
  const query = useToursOf(filters)
  const tours = query.data?.tours ?? []
  return (
    <section className="card p-5 sm:p-6" aria-label={title} data-testid="tours-section">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {more && query.data && query.data.total > tours.length && (
          <Link to={more.to} className="text-sm font-semibold text-link">
            {more.label}
          </Link>
        )}
      </div>
      <div className="mt-3 text-sm text-slate-700">
        {query.data ? (
          tours.length === 0 ? (
            <p className="text-slate-500">{empty}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {tours.map((tour) => (
                <CompactTourCard key={tour._id} tour={tour} />
              ))}
            </ul>
          )
        ) : query.status === 'error' ? (
          <div role="alert" className="flex flex-wrap items-center gap-3">
            <span className="text-red-700">{t(query.error ?? 'tours.loadFailed')}</span>
            <button type="button" className="btn-secondary" onClick={query.reload}>
              {t('common.tryAgain')}
            </button>
          </div>
        ) : (
          <p role="status" className="flex items-center gap-2 text-slate-500">
            <SpinnerIcon className="animate-spin text-himal-600" /> {t('tours.loadingTours')}
          </p>
        )}
      </div>
    </section>
  )
}
