import { useEffect, useId, useState } from 'react'
import { useT } from '../../i18n/messages'
import { tourTag } from '../../lib/cache-tags'
import { formatLocalNumber } from '../../lib/intl-formats'
import { formatRupees } from '../../lib/rupees'
import { useCachedQuery } from '../../lib/use-cached-query'
import { QUOTE_FAILED, quoteTour, type PublicTour, type Quote } from './api/tours'
import { formatUsd, NATIONALITIES, tierFor, type TourChoice } from './tour-booking'

/** How long the choice must rest before the price is asked for again. */
export const QUOTE_DEBOUNCE_MS = 300

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms)
    return () => window.clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** A permit's charge for the group, in the fee's own currency. */
function permitTotal(charge: Quote['permits'][number]): string {
  if (charge.totalUsd != null) return formatUsd(charge.totalUsd)
  return formatRupees(charge.totalNpr ?? 0)
}

function permitFee(charge: Quote['permits'][number]): string {
  if (charge.feeUsd != null) return formatUsd(charge.feeUsd)
  return formatRupees(charge.feeNpr ?? 0)
}

/** The group size stepper, the nationality choice and the start date the price and booking share. */
export function ChoiceFields({ tour, choice, onChoice, today }: { tour: PublicTour; choice: TourChoice; onChoice: (choice: TourChoice) => void; today: string }) {
  const t = useT()
  const id = useId()
  const set = (change: Partial<TourChoice>) => onChoice({ ...choice, ...change })
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-people`} className="field-label">
          {t('tours.people')}
        </label>
        <select id={`${id}-people`} className="field-input h-10 py-1.5 text-sm" value={choice.groupSize} onChange={(e) => set({ groupSize: Number(e.target.value) })}>
          {Array.from({ length: tour.maxGroupSize }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t('tours.peopleCount', { count: n, people: formatLocalNumber(n) })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className="field-label">
          {t('tours.nationality')}
        </label>
        <select
          id={`${id}-from`}
          className="field-input h-10 py-1.5 text-sm"
          value={choice.nationality}
          onChange={(e) => set({ nationality: e.target.value === 'saarc' ? 'saarc' : 'other' })}
        >
          {NATIONALITIES.map((n) => (
            <option key={n} value={n}>
              {t('tours.nationalityName', { nationality: n })}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex flex-col gap-1">
        <label htmlFor={`${id}-date`} className="field-label">
          {t('tours.startDate')}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          min={today}
          className="field-input h-10 py-1.5 text-sm"
          value={choice.startDate}
          onChange={(e) => set({ startDate: e.target.value })}
        />
      </div>
    </div>
  )
}

/**
 * The all-in price for the choice: the guide's part (the tier's price per person times the
 * people), each permit of the destination for the group, and the totals in dollars and
 * rupees, as the server works them out (asked again once the choice rests).
 */
export function TourPriceCalculator({ tour, choice }: { tour: PublicTour; choice: TourChoice }) {
  const t = useT()
  // Compared as text: the page reads a new choice object from its URL on every render.
  const choiceKey = JSON.stringify(choice)
  const settledKey = useSettled(choiceKey, QUOTE_DEBOUNCE_MS)
  const settled = JSON.parse(settledKey) as TourChoice
  const query = { groupSize: settled.groupSize, nationality: settled.nationality, ...(settled.startDate !== '' && { startDate: settled.startDate }) }
  const quote = useCachedQuery({
    key: `tour:${tour._id}:quote?people=${query.groupSize}&from=${query.nationality}&date=${settled.startDate}`,
    tags: [tourTag(tour._id)],
    load: (signal) => quoteTour(tour._id, query, signal),
  })
  const tier = tierFor(tour.pricing, choice.groupSize)
  const q = quote.data
  const waiting = settledKey !== choiceKey || quote.isFetching
  return (
    <div aria-busy={waiting} data-testid="price-calculator">
      {quote.status === 'error' && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(quote.error ?? QUOTE_FAILED)}{' '}
          <button type="button" className="text-link" onClick={quote.reload}>
            {t('tours.tryAgain')}
          </button>
        </p>
      )}
      {quote.status === 'loading' && <p className="py-6 text-center text-sm text-slate-500">{t('tours.workingOutPrice')}</p>}
      {q && (
        <dl className={`divide-y divide-slate-100 text-sm transition-opacity ${waiting ? 'opacity-60' : ''}`} aria-label={t('tours.priceBreakdown')}>
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-700">
              {t('tours.guidePart')}
              {tier && (
                <span className="block text-xs text-slate-500">
                  {t('tours.tierTimesPeople', { price: formatUsd(tier.pricePerPersonUsd), count: q.groupSize, people: formatLocalNumber(q.groupSize) })}
                </span>
              )}
            </dt>
            <dd className="font-medium text-slate-900">{formatUsd(q.guideUsd)}</dd>
          </div>
          {q.permits.map((permit) => (
            <div key={permit.name} className="flex justify-between gap-4 py-2">
              <dt className="text-slate-700">
                {permit.name}
                <span className="block text-xs text-slate-500">
                  {t('tours.permitSum', {
                    fee: permitFee(permit),
                    people: formatLocalNumber(q.groupSize),
                    times: formatLocalNumber(permit.times),
                    per: permit.per,
                    count: permit.times,
                  })}
                </span>
              </dt>
              <dd className="font-medium whitespace-nowrap text-slate-900">{permitTotal(permit)}</dd>
            </div>
          ))}
          {q.permits.length === 0 && <p className="py-2 text-slate-500">{t('tours.noPermits')}</p>}
          <div className="flex justify-between gap-4 py-3 text-base">
            <dt className="font-semibold text-slate-900">{t('tours.totalUsd')}</dt>
            <dd className="font-bold text-slate-900" data-testid="total-usd">
              {q.totalUsd != null ? formatUsd(q.totalUsd) : t('tours.totalUsdUnknown', { guide: formatUsd(q.guideUsd), permits: formatRupees(q.permitsNpr) })}
            </dd>
          </div>
          {q.totalNpr != null && (
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-700">{t('tours.totalNpr')}</dt>
              <dd className="font-semibold text-slate-900" data-testid="total-npr">
                {formatRupees(q.totalNpr)}
              </dd>
            </div>
          )}
        </dl>
      )}
      <p className="mt-2 text-xs text-slate-500">{t('tours.permitsPaidNote')}</p>
    </div>
  )
}
