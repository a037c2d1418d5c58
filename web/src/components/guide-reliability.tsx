import { useId } from 'react'
import { useT } from '../i18n/messages'
import { formatLocalNumber } from '../lib/intl-formats'
import { isNewOnYatra, isTrusted, percentText, responseTimeText, sinceText, type Badge, type Reliability } from '../lib/reliability'
import { ShieldCheckIcon } from './icons'

/** "Trusted guides only", the filter of the guide and tour lists. */
export function TrustedOnlyField({ checked, onChange, className }: { checked: boolean; onChange: (checked: boolean) => void; className: string }) {
  const t = useT()
  return (
    <div className={`${className} justify-end`}>
      <label className="flex h-10 items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" className="h-4 w-4 rounded border-slate-300 text-himal-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {t('common.trustedOnly')}
      </label>
    </div>
  )
}

/** "Trusted guide", with what it means for a screen reader and on hover. */
export function TrustedBadge({ badges, className = '' }: { badges: readonly Badge[]; className?: string }) {
  const t = useT()
  if (!isTrusted(badges)) return null
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ${className}`}
      title={t('common.trustedGuideExplain')}
    >
      <ShieldCheckIcon className="h-3.5 w-3.5" />
      {t('common.trustedGuide')}
    </span>
  )
}

/** One line for a card: how fast the guide replies, or "New on Yatra". */
export function ReliabilityLine({ reliability, className = '' }: { reliability: Reliability; className?: string }) {
  const t = useT()
  if (isNewOnYatra(reliability)) {
    return <p className={`text-xs font-medium text-slate-500 ${className}`}>{t('common.newOnYatra')}</p>
  }
  const parts = [
    reliability.medianResponseMinutes != null ? responseTimeText(reliability.medianResponseMinutes) : null,
    reliability.responseRate != null ? t('common.responseRateShort', { rate: percentText(reliability.responseRate) }) : null,
  ].filter((part): part is string => part != null)
  if (parts.length === 0) return null
  return <p className={`text-xs text-slate-600 ${className}`}>{parts.join(' · ')}</p>
}

/**
 * The guide's figures, each with its label, for the guide's and a tour's page. A figure
 * resting on too few events reads "Not enough yet".
 */
export function ReliabilityFacts({ reliability, badges, headingLevel: Heading = 'h2' }: { reliability: Reliability; badges: readonly Badge[]; headingLevel?: 'h2' | 'h3' }) {
  const t = useT()
  const headingId = useId()
  const notYet = t('common.notEnoughYet')
  const facts: [string, string][] = [
    [t('common.responseRate'), reliability.responseRate != null ? percentText(reliability.responseRate) : notYet],
    [t('common.responseTime'), reliability.medianResponseMinutes != null ? responseTimeText(reliability.medianResponseMinutes) : notYet],
    [t('common.guideCancellations'), reliability.cancellationRate != null ? percentText(reliability.cancellationRate) : notYet],
    [t('common.completedTrips'), formatLocalNumber(reliability.completedTrips)],
    [t('common.onYatraSince'), sinceText(reliability.since)],
  ]
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          {t('common.reliabilityTitle')}
        </Heading>
        <TrustedBadge badges={badges} />
        {isNewOnYatra(reliability) && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t('common.newOnYatra')}</span>}
      </div>
      {isTrusted(badges) && <p className="text-sm text-emerald-800">{t('common.trustedGuideExplain')}</p>}
      {isNewOnYatra(reliability) && <p className="text-sm text-slate-600">{t('common.newOnYatraExplain')}</p>}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-3 py-2.5">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="mt-0.5 text-sm font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-500">{t('common.reliabilityExplain')}</p>
    </section>
  )
}
