import { ReliabilityLine, TrustedBadge } from '../../components/guide-reliability'
import { AlertIcon, CheckIcon } from '../../components/icons'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { msg, useT } from '../../i18n/messages'
import { formatLocalNumber, formatMediumDate } from '../../lib/intl-formats'
import { isTrusted, percentText } from '../../lib/reliability'
import { useCachedQuery } from '../../lib/use-cached-query'
import { TRUST_LOAD_FAILED, getGuideTrust, guideTrustKey, guideTrustTags, type Threshold } from './api/get-guide-trust'

const THRESHOLD_LABELS: Record<Threshold['name'], string> = {
  rating: msg('bookings.trustRating'),
  reviews: msg('bookings.trustReviews'),
  response_rate: msg('bookings.trustResponseRate'),
  cancellation_rate: msg('bookings.trustCancellationRate'),
  licence: msg('bookings.trustLicence'),
  completed_trips: msg('bookings.trustCompletedTrips'),
}

/** Where the guide stands on a threshold, in its own terms. */
function standing(threshold: Threshold, t: ReturnType<typeof useT>): string {
  const actual = threshold.actual
  switch (threshold.name) {
    case 'rating':
      return actual == null ? t('bookings.trustNoReviews') : formatLocalNumber(actual, { minimumFractionDigits: 1, maximumFractionDigits: 2 })
    case 'response_rate':
    case 'cancellation_rate':
      return actual == null ? t('common.notEnoughYet') : percentText(actual)
    case 'licence':
      return actual === 1 ? t('bookings.trustLicenceValid') : t('bookings.trustLicenceMissing')
    default:
      return formatLocalNumber(actual ?? 0)
  }
}

/**
 * The "Trusted guide" badge on the guide's dashboard: whether they hold it, and each
 * threshold with where they stand, so a guide who misses one knows which.
 */
export function TrustPanel() {
  const t = useT()
  const query = useCachedQuery({ key: guideTrustKey, tags: guideTrustTags, load: getGuideTrust })
  const trust = query.data
  let body
  if (query.status === 'loading') body = <LoadingCard label={t('bookings.trustLoading')} />
  else if (!trust) body = <ErrorCard message={t(query.error ?? TRUST_LOAD_FAILED)} onRetry={query.reload} />
  else {
    const trusted = isTrusted(trust.badges)
    const missed = trust.thresholds.filter((threshold) => !threshold.met).length
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <TrustedBadge badges={trust.badges} className="px-2.5 py-1 text-sm" />
          <p className="text-sm text-slate-700">{trusted ? t('bookings.trustYouHoldIt') : t('bookings.trustYouMiss', { count: missed })}</p>
        </div>
        <ReliabilityLine reliability={trust.reliability} className="text-sm" />
        <ul className="grid gap-2 sm:grid-cols-2">
          {trust.thresholds.map((threshold) => (
            <li key={threshold.name} className={`flex items-start gap-3 rounded-xl px-3 py-2.5 ${threshold.met ? 'bg-emerald-50' : 'bg-amber-50'}`}>
              {threshold.met ? (
                <CheckIcon className="mt-0.5 shrink-0 text-emerald-700" aria-label={t('bookings.trustMet')} />
              ) : (
                <AlertIcon className="mt-0.5 shrink-0 text-amber-700" aria-label={t('bookings.trustMissed')} />
              )}
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{t(THRESHOLD_LABELS[threshold.name])}</span>
                <span className="text-slate-600">{t('bookings.trustYours', { value: standing(threshold, t) })}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">{trust.computedOn ? t('bookings.trustComputedOn', { date: formatMediumDate(trust.computedOn) }) : t('bookings.trustNotComputed')}</p>
      </div>
    )
  }
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="trust-panel-title">
      <h2 id="trust-panel-title" className="mb-4 text-lg font-semibold text-slate-900">
        {t('common.trustedGuide')}
      </h2>
      {body}
    </section>
  )
}
