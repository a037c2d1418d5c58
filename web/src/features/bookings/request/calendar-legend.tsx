import { useT } from '../../../i18n/messages'

/** What the calendar's colours mean. */
export function CalendarLegend() {
  const t = useT()
  const swatch = 'inline-block h-3 w-3 rounded'
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
      <span className="inline-flex items-center gap-1.5">
        <span className={`${swatch} bg-himal-700`} /> {t('guides.firstDay')}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className={`${swatch} bg-himal-100`} /> {t('guides.yourTrip')}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className={`${swatch} border border-slate-200 bg-slate-50`} /> {t('guides.notAvailable')}
      </span>
    </p>
  )
}
