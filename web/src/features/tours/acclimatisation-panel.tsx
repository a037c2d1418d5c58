import { Link } from 'react-router'
import { useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'
import type { Acclimatisation } from './api/tours'
import { RiskBadge } from './risk-badge'

/** Where the tour page, the booking step and the trek pack send a traveller to read about altitude sickness. */
export const ALTITUDE_SICKNESS_PATH = '/altitude-sickness'

const FRAME: Record<Acclimatisation['risk'], string> = {
  low: 'border-emerald-200 bg-emerald-50/50',
  moderate: 'border-marigold-200 bg-marigold-50/60',
  high: 'border-red-200 bg-red-50/60',
}

/**
 * The altitude check of a tour: its risk, why (each flagged night with its reason, in the
 * reader's language as the server words it), and a link to what altitude sickness is and
 * what to do. `compact` leaves out the explanation, for the booking step.
 */
export function AcclimatisationPanel({
  acclimatisation,
  compact = false,
  headingLevel = 'h2',
}: {
  acclimatisation: Acclimatisation
  compact?: boolean
  headingLevel?: 'h2' | 'h3'
}) {
  const t = useT()
  const Heading = headingLevel
  const { risk, maxSleepAltitudeM, warnings } = acclimatisation
  return (
    <section className={`rounded-xl border p-4 ${FRAME[risk]}`} aria-label={t('tours.altitudeCheck')} data-testid="acclimatisation">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-base font-semibold text-slate-900">{t('tours.altitudeCheck')}</Heading>
        <RiskBadge risk={risk} />
      </div>
      {maxSleepAltitudeM !== null && <p className="mt-1 text-sm text-slate-700">{t('tours.highestNight', { metres: formatLocalNumber(maxSleepAltitudeM) })}</p>}
      {!compact && <p className="mt-2 text-sm text-slate-700">{t('tours.riskExplained', { risk })}</p>}
      {warnings.length > 0 && (
        <ul className="mt-3 space-y-1.5 text-sm">
          {warnings.map((w) => (
            <li key={`${w.day}-${w.code}`} className="flex gap-2">
              <span className="shrink-0 font-semibold text-slate-900">{t('tours.dayNumber', { day: w.day })}</span>
              <span className="text-slate-700">{w.message}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <Link to={ALTITUDE_SICKNESS_PATH} className="font-semibold text-himal-700 underline underline-offset-2 hover:text-himal-900">
          {t('tours.altitudeSicknessLink')}
        </Link>
      </p>
    </section>
  )
}
