import { Link } from 'react-router'
import { LoadMore } from '../../components/load-more'
import { useT } from '../../i18n/messages'
import { formatTripDate, peopleLabel } from '../../lib/booking'
import { OFFERS_TAG } from '../../lib/cache-tags'
import { formatLocalNumber } from '../../lib/intl-formats'
import { formatDollars } from '../../lib/money'
import { usePagedList } from '../../lib/use-paged-list'
import { RiskBadge } from '../tours/risk-badge'
import { MY_OFFERS_KEY, myOffers } from './api/offers'
import { OfferStatus, OfferTitle } from './offer-card'

/**
 * "Offers" on a dashboard: those the guide made or the traveller received, newest first,
 * each with its state and a link to the conversation it was sent in. Nothing is shown
 * when there are none (most trips are booked without one).
 */
export function MyOffers({ role }: { role: 'guide' | 'tourist' }) {
  const t = useT()
  const list = usePagedList({ key: MY_OFFERS_KEY, tags: [OFFERS_TAG], loadPage: myOffers })
  if (list.status !== 'success' || list.items.length === 0) {
    if (list.status === 'error')
      return (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {list.error}
        </p>
      )
    return null
  }
  const title = role === 'guide' ? t('offers.madeHeading') : t('offers.receivedHeading')
  return (
    <section aria-label={title} className="mb-10">
      <h2 className="text-xl font-semibold text-slate-900">
        {title}{' '}
        <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">{formatLocalNumber(list.total ?? list.items.length)}</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{role === 'guide' ? t('offers.madeNote') : t('offers.receivedNote')}</p>
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">
        {list.items.map((offer) => (
          <li key={offer._id} className="card p-4 sm:p-5" data-testid="my-offer">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-semibold text-slate-900">
                <OfferTitle offer={offer} />
              </p>
              <OfferStatus offer={offer} />
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {formatTripDate(offer.startDate)} – {formatTripDate(offer.endDate)} · {peopleLabel(offer.groupSize)} · {formatDollars(offer.totalPriceUsd)}
            </p>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <RiskBadge risk={offer.risk} />
              <Link to={`/messages/${offer.conversationId}`} className="text-link text-sm">
                {t('offers.openConversation')}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore list={list} label={t('offers.showMore')} spacing="mt-4" />
    </section>
  )
}
