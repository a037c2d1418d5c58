import { useId } from 'react'
import { useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'
import type { AltitudeWarning } from './api/tours'

/** Above this the body needs time to adjust (the Wilderness Medical Society's line). */
export const ACCLIMATISED_UP_TO_M = 3000

export type Night = { day: number; place: string; altitudeM: number }

/** The tour's nights in order: every day with a sleeping altitude (a last day that ends the tour has none). */
export function nightsOf(days: readonly { sleepPlace: string; sleepAltitudeM: number | null }[]): Night[] {
  return days.flatMap((day, i) => (day.sleepAltitudeM === null ? [] : [{ day: i + 1, place: day.sleepPlace, altitudeM: day.sleepAltitudeM }]))
}

/** The chart's top: the highest night (or 3,500 m) rounded up to the next 1,000 m. */
export function chartCeiling(nights: readonly Night[]): number {
  const highest = Math.max(ACCLIMATISED_UP_TO_M + 500, ...nights.map((n) => n.altitudeM))
  return Math.ceil(highest / 1000) * 1000
}

const WIDTH = 640
const HEIGHT = 220
const LEFT = 52
const RIGHT = 12
const TOP = 12
const BOTTOM = 28

/**
 * Each night's sleeping altitude as a line chart, with the 3,000 m line above which the
 * altitude check counts, and the nights it flags drawn in red. A table says the same to
 * screen readers.
 */
export function AltitudeProfile({ days, warnings }: { days: readonly { sleepPlace: string; sleepAltitudeM: number | null }[]; warnings: readonly AltitudeWarning[] }) {
  const t = useT()
  const titleId = useId()
  const nights = nightsOf(days)
  if (nights.length === 0) return null
  const flagged = new Set(warnings.map((w) => w.day))
  const ceiling = chartCeiling(nights)
  const plotWidth = WIDTH - LEFT - RIGHT
  const plotHeight = HEIGHT - TOP - BOTTOM
  const x = (i: number) => LEFT + (nights.length === 1 ? plotWidth / 2 : (i * plotWidth) / (nights.length - 1))
  const y = (metres: number) => TOP + plotHeight - (metres / ceiling) * plotHeight
  const line = nights.map((n, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(n.altitudeM).toFixed(1)}`).join(' ')
  const area = `${line} L${x(nights.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z`
  const ticks = Array.from({ length: ceiling / 1000 + 1 }, (_, i) => i * 1000)
  const metres = (m: number) => t('tours.metres', { metres: formatLocalNumber(m) })
  // Label every night while they fit, else every few.
  const labelEvery = Math.ceil(nights.length / 15)

  return (
    <figure className="w-full">
      <figcaption id={titleId} className="mb-2 text-sm font-semibold text-slate-900">
        {t('tours.profileTitle')}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} className="h-auto w-full overflow-visible" data-testid="altitude-profile">
        {ticks.map((m) => (
          <g key={m}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(m)} y2={y(m)} className="stroke-slate-200" strokeWidth={1} />
            <text x={LEFT - 6} y={y(m) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
              {formatLocalNumber(m)}
            </text>
          </g>
        ))}
        <path d={area} className="fill-himal-100/70" />
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(ACCLIMATISED_UP_TO_M)} y2={y(ACCLIMATISED_UP_TO_M)} className="stroke-marigold-600" strokeWidth={1.5} strokeDasharray="6 4" />
        <text x={WIDTH - RIGHT} y={y(ACCLIMATISED_UP_TO_M) - 5} textAnchor="end" className="fill-marigold-800 text-[11px] font-semibold">
          {t('tours.thresholdLine', { metres: formatLocalNumber(ACCLIMATISED_UP_TO_M) })}
        </text>
        <path d={line} fill="none" className="stroke-himal-600" strokeWidth={2.5} strokeLinejoin="round" />
        {nights.map((n, i) => {
          const warned = flagged.has(n.day)
          return (
            <g key={n.day} data-flagged={warned || undefined}>
              <circle cx={x(i)} cy={y(n.altitudeM)} r={warned ? 6 : 4} className={warned ? 'fill-red-600 stroke-white' : 'fill-himal-600 stroke-white'} strokeWidth={2}>
                <title>{`${t('tours.dayNumber', { day: n.day })}: ${n.place}, ${metres(n.altitudeM)}`}</title>
              </circle>
              {i % labelEvery === 0 && (
                <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" className={warned ? 'fill-red-700 text-[11px] font-semibold' : 'fill-slate-500 text-[11px]'}>
                  {formatLocalNumber(n.day)}
                </text>
              )}
            </g>
          )
        })}
      </svg>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <span>{t('tours.profileAxis')}</span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-full bg-red-600" /> {t('tours.flaggedNight')}
        </span>
      </div>
      {/* A table is as wide as its text whatever its own width says: clipped in a box, it
          cannot widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{t('tours.profileTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tours.night')}</th>
              <th scope="col">{t('tours.sleepPlace')}</th>
              <th scope="col">{t('tours.sleepAltitude')}</th>
              <th scope="col">{t('tours.flaggedNight')}</th>
            </tr>
          </thead>
          <tbody>
            {nights.map((n) => (
              <tr key={n.day}>
                <td>{t('tours.dayNumber', { day: n.day })}</td>
                <td>{n.place}</td>
                <td>{metres(n.altitudeM)}</td>
                <td>{flagged.has(n.day) ? t('tours.flaggedYes') : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
