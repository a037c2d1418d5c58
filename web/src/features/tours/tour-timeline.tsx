import { useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'
import { ACCLIMATISED_UP_TO_M } from './altitude-profile'
import type { AltitudeWarning, TourDay } from './api/tours'

/**
 * The tour day by day: each day's title and plan, where the group sleeps and how high,
 * hours of walking and the kind of lodging. A night the altitude check flags says why.
 */
export function TourTimeline({ days, warnings }: { days: readonly TourDay[]; warnings: readonly AltitudeWarning[] }) {
  const t = useT()
  return (
    <ol className="relative space-y-5 border-l-2 border-himal-100 pl-6" aria-label={t('tours.dayByDay')}>
      {days.map((day, i) => {
        const number = i + 1
        const flags = warnings.filter((w) => w.day === number)
        const high = day.sleepAltitudeM != null && day.sleepAltitudeM > ACCLIMATISED_UP_TO_M
        return (
          <li key={number} className="relative" aria-label={t('tours.dayNumber', { day: formatLocalNumber(number) })}>
            <span
              aria-hidden="true"
              className={`absolute top-0.5 -left-[2.3rem] flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold ring-4 ring-white ${flags.length > 0 ? 'bg-red-600 text-white' : 'bg-himal-700 text-white'}`}
            >
              {formatLocalNumber(number)}
            </span>
            <p className="text-xs font-semibold tracking-wide text-marigold-700 uppercase">{t('tours.dayNumber', { day: formatLocalNumber(number) })}</p>
            <h3 className="font-semibold text-slate-900">{day.title}</h3>
            {day.description && <p className="mt-1 text-sm text-slate-700">{day.description}</p>}
            <ul className="mt-2 flex flex-wrap gap-2 text-xs">
              {day.sleepAltitudeM != null ? (
                <li className={`rounded-full px-2.5 py-1 font-medium ${high ? 'bg-marigold-50 text-marigold-900' : 'bg-slate-100 text-slate-700'}`}>
                  {t('tours.sleepsAt', { place: day.sleepPlace, metres: formatLocalNumber(day.sleepAltitudeM) })}
                </li>
              ) : (
                <li className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">{t('tours.tourEnds')}</li>
              )}
              {day.walkHours != null && day.walkHours > 0 && (
                <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
                  {t('tours.walkHours', { hours: formatLocalNumber(day.walkHours, { maximumFractionDigits: 1 }) })}
                </li>
              )}
              {day.lodging !== 'none' && <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">{t('tours.lodging', { lodging: day.lodging })}</li>}
            </ul>
            {flags.map((w) => (
              <p key={w.code} className="mt-2 rounded-lg bg-red-50 px-3 py-1.5 text-sm text-red-800">
                {w.message}
              </p>
            ))}
          </li>
        )
      })}
    </ol>
  )
}
