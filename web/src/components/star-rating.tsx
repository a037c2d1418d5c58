import { translate, useT } from '../i18n/messages'
import { StarIcon } from './icons'
import { formatLocalNumber } from '../lib/intl-formats'

const STARS = [1, 2, 3, 4, 5]

/** A rating as one decimal, e.g. '4.8'. */
export function formatRating(value: number): string {
  return formatLocalNumber(Math.round(value * 10) / 10, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

/** Five stars filled up to `value` (0 to 5), read out as 'Rated 4.8 out of 5'. */
export function StarRating({ value, className = '' }: { value: number; className?: string }) {
  const t = useT()
  const filled = Math.max(0, Math.min(5, value)) * 20
  return (
    <span role="img" aria-label={t('common.ratedOutOf5', { rating: formatRating(value), max: 5 })} className={`relative inline-flex shrink-0 ${className}`}>
      <span className="flex text-slate-300">
        {STARS.map((star) => (
          <StarIcon key={star} className="shrink-0" />
        ))}
      </span>
      <span className="absolute inset-y-0 left-0 flex overflow-hidden text-marigold-400" style={{ width: `${filled}%` }}>
        {STARS.map((star) => (
          <StarIcon key={star} className="shrink-0" />
        ))}
      </span>
    </span>
  )
}

/** 'No reviews yet', '1 review' or '12 reviews'. */
export function reviewCountText(count: number): string {
  return translate('common.reviewCount', { count })
}
