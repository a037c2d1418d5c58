import { useT } from '../../i18n/messages'
import type { Risk } from './api/tours'

const RISK_STYLE: Record<Risk, string> = {
  low: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  moderate: 'bg-marigold-50 text-marigold-800 ring-marigold-600/30',
  high: 'bg-red-50 text-red-800 ring-red-600/30',
}

/** "Altitude risk: high", coloured by how serious it is (a word as well, never colour alone). */
export function RiskBadge({ risk, className = '' }: { risk: Risk; className?: string }) {
  const t = useT()
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${RISK_STYLE[risk]} ${className}`}>
      {t('tours.riskLabel', { risk })}
    </span>
  )
}
