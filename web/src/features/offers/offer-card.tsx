import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { msg, useT } from '../../i18n/messages'
import { formatMoment, formatTripDate, peopleLabel } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { formatDollars } from '../../lib/money'
import { AcclimatisationPanel } from '../tours/acclimatisation-panel'
import { ItineraryTable } from '../tours/itinerary-table'
import { acceptOffer, OFFER_TAGS, withdrawOffer, type Offer } from './api/offers'

const STATUS_STYLE: Record<Offer['status'], string> = {
  open: 'bg-himal-50 text-himal-800 ring-himal-600/20',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  expired: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  withdrawn: 'bg-slate-100 text-slate-700 ring-slate-500/20',
}

const STATUS_TEXT: Record<Offer['status'], string> = {
  open: msg('offers.statusOpen'),
  accepted: msg('offers.statusAccepted'),
  expired: msg('offers.statusExpired'),
  withdrawn: msg('offers.statusWithdrawn'),
}

/** The offer's name: its tour's title, or what it is when made from scratch. */
export function OfferTitle({ offer }: { offer: Offer }) {
  const t = useT()
  return <>{offer.tourTitle ? t('offers.titleOfTour', { tour: offer.tourTitle }) : t('offers.titleCustom')}</>
}

export function OfferStatus({ offer }: { offer: Offer }) {
  const t = useT()
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLE[offer.status]}`}>
      {offer.status === 'open' ? t('offers.openUntil', { when: formatMoment(offer.expiresAt) }) : t(STATUS_TEXT[offer.status])}
    </span>
  )
}

/**
 * A guide's offer, drawn in the conversation where it was sent: the dates, the group, the
 * price, the altitude risk and the day-by-day plan; "Book this offer" for the traveller
 * while it is open, "Withdraw" for the guide.
 */
export function OfferCard({ offer, mine, onChanged }: { offer: Offer; mine: boolean; onChanged: (offer: Offer) => void }) {
  const t = useT()
  const cache = useClientCache()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [withdrawing, setWithdrawing] = useState(false)
  const days = offer.days.length

  async function accept() {
    setBusy(true)
    setError(null)
    const result = await acceptOffer(offer._id)
    setBusy(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    invalidate(cache, ...OFFER_TAGS)
    onChanged(result.data.offer)
    navigate(`/checkout/${result.data.bookingId}`)
  }

  async function withdraw() {
    setBusy(true)
    setError(null)
    const result = await withdrawOffer(offer._id)
    setBusy(false)
    setWithdrawing(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    invalidate(cache, ...OFFER_TAGS)
    onChanged(result.data)
  }

  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <article className="w-full max-w-xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-himal-200 sm:p-5" aria-label={t('offers.cardLabel')} data-testid="offer">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="text-xs font-semibold tracking-wide text-himal-700 uppercase">{t('offers.eyebrow')}</p>
            <h2 className="text-base font-semibold text-slate-900">
              <OfferTitle offer={offer} />
            </h2>
          </div>
          <OfferStatus offer={offer} />
        </div>
        {offer.note && <p className="mt-2 text-sm whitespace-pre-wrap text-slate-700">{offer.note}</p>}
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">{t('offers.dates')}</dt>
            <dd className="font-medium text-slate-900">
              {formatTripDate(offer.startDate)} – {formatTripDate(offer.endDate)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('offers.length')}</dt>
            <dd className="font-medium text-slate-900">{t('offers.days', { count: days })}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('offers.group')}</dt>
            <dd className="font-medium text-slate-900">{peopleLabel(offer.groupSize)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('offers.total')}</dt>
            <dd className="font-semibold text-slate-900">{formatDollars(offer.totalPriceUsd)}</dd>
          </div>
        </dl>
        <div className="mt-3">
          <AcclimatisationPanel acclimatisation={offer.acclimatisation} compact headingLevel="h3" />
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-himal-700">{t('offers.seeDays', { count: days })}</summary>
          <div className="mt-2 overflow-x-auto">
            <ItineraryTable days={offer.days} warnings={offer.acclimatisation.warnings} caption={t('offers.itineraryCaption')} />
          </div>
        </details>
        {error && (
          <div className="mt-3">
            <FormAlert tone="error">{error}</FormAlert>
          </div>
        )}
        <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
          {offer.status === 'accepted' && (
            <Link to={mine ? '/tour-requests' : '/dashboard'} className="text-link text-sm">
              {t('offers.seeTrip')}
            </Link>
          )}
          {offer.status === 'open' && !mine && (
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void accept()}>
              {busy && <SpinnerIcon className="animate-spin" />} {t('offers.book', { amount: formatDollars(offer.totalPriceUsd) })}
            </button>
          )}
          {offer.status === 'open' && mine && (
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => setWithdrawing(true)}>
              {t('offers.withdraw')}
            </button>
          )}
        </div>
      </article>
      <ModalDialog open={withdrawing} title={t('offers.withdrawTitle')} onClose={() => !busy && setWithdrawing(false)}>
        <p className="text-slate-700">{t('offers.withdrawConfirm')}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => setWithdrawing(false)}>
            {t('offers.keepOffer')}
          </button>
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} onClick={() => void withdraw()}>
            {t('offers.withdrawAction')}
          </button>
        </div>
      </ModalDialog>
    </li>
  )
}
