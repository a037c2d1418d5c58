import { formatRating } from '../../components/star-rating'
import type { Review, SubRatingAverages } from './api/list-reviews'
import { SUB_RATINGS } from './review-form'
import { useT } from '../../i18n/messages'

/** Each sub-rating's average over the guide's reviews as a labelled bar out of 5; 'Not rated yet' where nobody gave one. */
export function SubRatingBars({ averages }: { averages: SubRatingAverages }) {
  const t = useT()
  if (SUB_RATINGS.every(({ name }) => averages[name].count === 0)) return null
  return (
    <dl className="mb-5 grid gap-x-6 gap-y-2 sm:grid-cols-2" aria-label={t('guides.subRatingsTitle')}>
      {SUB_RATINGS.map(({ name, label }) => {
        const { average, count } = averages[name]
        return (
          <div key={name} className="flex items-center gap-3 text-sm">
            <dt className="w-32 shrink-0 text-slate-600">{t(label)}</dt>
            <dd className="flex flex-1 items-center gap-2">
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <span className="block h-full rounded-full bg-marigold-400" style={{ width: `${((average ?? 0) / 5) * 100}%` }} />
              </span>
              <span className="w-24 text-right text-slate-700">
                {average === null ? t('guides.notRatedYet') : t('guides.subRatingAverage', { average: formatRating(average), count })}
              </span>
            </dd>
          </div>
        )
      })}
    </dl>
  )
}

/** The sub-ratings one review gave, as short labelled scores. */
export function ReviewSubRatings({ review }: { review: Review }) {
  const t = useT()
  const given = SUB_RATINGS.filter(({ name }) => review[name] !== null)
  if (given.length === 0) return null
  return (
    <ul className="mt-2 flex flex-wrap gap-2 text-xs">
      {given.map(({ name, label }) => (
        <li key={name} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
          {t('guides.subRatingGiven', { label: t(label), score: review[name] ?? 0 })}
        </li>
      ))}
    </ul>
  )
}
