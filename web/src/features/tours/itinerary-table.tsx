import { AlertIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'
import type { AltitudeWarning } from './api/tours'

type ItineraryDay = { title: string; sleepPlace: string; sleepAltitudeM: number | null }

/**
 * A tour's days as a plain table (day, title, where the group sleeps, at what altitude), with
 * the nights the altitude check flags marked in words as well as colour. It prints, and it
 * reads offline from a saved copy.
 */
export function ItineraryTable({ days, warnings = [], caption }: { days: readonly ItineraryDay[]; warnings?: readonly AltitudeWarning[]; caption: string }) {
  const t = useT()
  const flagged = new Set(warnings.map((w) => w.day))
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="itinerary">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('tours.day')}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('tours.dayTitle')}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('tours.sleepPlace')}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t('tours.sleepAltitude')}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => {
            const number = i + 1
            const isFlagged = flagged.has(number)
            return (
              <tr key={number} className={`border-b border-slate-100 align-top last:border-0 ${isFlagged ? 'bg-red-50/70' : ''}`}>
                <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap text-slate-900">
                  {formatLocalNumber(number)}
                </th>
                <td className="py-2 pr-3 text-slate-800">{day.title}</td>
                <td className="py-2 pr-3 text-slate-700">{day.sleepPlace || '—'}</td>
                <td className="py-2 text-right whitespace-nowrap text-slate-700 tabular-nums">
                  {day.sleepAltitudeM === null ? '—' : t('tours.metres', { metres: formatLocalNumber(day.sleepAltitudeM) })}
                  {isFlagged && (
                    <span className="mt-0.5 flex items-center justify-end gap-1 text-xs font-semibold text-red-800">
                      <AlertIcon /> {t('tours.flaggedYes')}
                    </span>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
