import { Link, useNavigate } from 'react-router'
import { SpinnerIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { TOURS_TAG, tourTag } from '../../lib/cache-tags'
import { usePrice } from '../../lib/currencies'
import type { Destination } from '../../lib/list-destinations'
import { feeText } from '../../lib/trek-facts'
import { useCachedQuery } from '../../lib/use-cached-query'
import { quoteTour, tourPath, type TourCard } from '../tours/api/tours'
import { useToursOf } from '../tours/compact-tour-list'
import { PRICED_TOURS, QUOTE_NATIONALITY, bookTourPath, type Nationality } from './plan-trip'

type Choice = { start?: string; visitors: number; nationality: Nationality }

/** One tour's all-in price for the choice: the guide's part and every permit, for the whole group. */
function TourQuote({ tour, start, visitors, nationality }: { tour: TourCard } & Choice) {
  const t = useT()
  const price = usePrice()
  const query = { groupSize: visitors, startDate: start, nationality: QUOTE_NATIONALITY[nationality] }
  const quote = useCachedQuery({
    key: `tour-quote:${tour._id}:${visitors}:${start ?? ''}:${query.nationality}`,
    tags: [TOURS_TAG, tourTag(tour._id)],
    load: (signal) => quoteTour(tour._id, query, signal),
  })
  const q = quote.data
  const permits = q ? [q.permitsNpr > 0 && feeText(q.permitsNpr, 'NPR'), q.permitsUsd > 0 && feeText(q.permitsUsd, 'USD')].filter(Boolean).join(' + ') : ''
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-testid="tour-quote">
      <Link to={tourPath(tour._id)} className="font-medium text-himal-800 hover:underline">
        {tour.title}
      </Link>
      {q ? (
        <>
          <p className="mt-0.5 flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="text-slate-600">{t('destinations.allInFor', { count: visitors })}</span>
            <span className="text-base font-semibold text-slate-900 tabular-nums" data-testid="all-in">
              {q.totalUsd !== null ? price.show(q.totalUsd) : `${price.show(q.guideUsd)} + ${permits}`}
            </span>
          </p>
          <p className="text-xs text-slate-500">{permits ? t('destinations.permitPart', { permits }) : t('destinations.noPermitPart')}</p>
        </>
      ) : quote.status === 'error' ? (
        <p className="mt-0.5 text-red-700" role="alert">
          {t(quote.error ?? 'tours.quoteFailed')}{' '}
          <button type="button" className="text-link" onClick={quote.reload}>
            {t('common.tryAgain')}
          </button>
        </p>
      ) : (
        <p className="mt-0.5 flex items-center gap-2 text-slate-500">
          <SpinnerIcon className="animate-spin text-himal-600" /> {t('destinations.loadingPrices')}
        </p>
      )}
    </li>
  )
}

/**
 * The panel's prices on a destination with tours: the cheapest few tours that take the group
 * on the chosen date, each priced all-in, and 'Book This Trip' to them.
 */
export function TourPrices({ destination, start, visitors, nationality }: { destination: Destination } & Choice) {
  const t = useT()
  const navigate = useNavigate()
  const tours = useToursOf({ destination: destination._id, groupSize: visitors, availableOn: start, sort: 'price_asc', limit: PRICED_TOURS })
  const found = tours.data
  const target = bookTourPath({ destinationId: destination._id, start, visitors, tours: { total: found?.total ?? 0, firstId: found?.tours[0]?._id } })
  return (
    <div className="mt-5 border-t border-slate-100 pt-4 text-sm" role="group" aria-label={t('destinations.tourPrices')}>
      <p className="font-semibold text-slate-900">{t('destinations.tourPrices')}</p>
      <div className="mt-2" aria-live="polite">
        {found ? (
          found.tours.length === 0 ? (
            <p className="text-slate-600">{t('destinations.noTourFits', { count: visitors })}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {found.tours.map((tour) => (
                <TourQuote key={tour._id} tour={tour} start={start} visitors={visitors} nationality={nationality} />
              ))}
            </ul>
          )
        ) : tours.status === 'error' ? (
          <p role="alert" className="text-red-700">
            {t(tours.error ?? 'tours.loadFailed')}{' '}
            <button type="button" className="text-link" onClick={tours.reload}>
              {t('common.tryAgain')}
            </button>
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-slate-500">
            <SpinnerIcon className="animate-spin text-himal-600" /> {t('destinations.loadingPrices')}
          </p>
        )}
      </div>
      {found && found.total > found.tours.length && <p className="mt-2 text-xs text-slate-500">{t('destinations.moreTours', { count: found.total - found.tours.length })}</p>}
      <p className="mt-2 text-xs text-slate-500">{start ? t('destinations.pricesForDate') : t('destinations.pickDateNote')}</p>
      <button type="button" className="btn-accent mt-4 w-full py-3 text-base" onClick={() => navigate(target)}>
        {t('destinations.bookTrip')}
      </button>
      <p className="mt-2 text-center text-xs text-slate-500">{found?.total === 1 ? t('destinations.seeTourNext') : t('destinations.chooseTourNext', { name: destination.name })}</p>
    </div>
  )
}
