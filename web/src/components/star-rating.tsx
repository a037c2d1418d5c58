import { StarIcon } from './icons'

const STARS = [1, 2, 3, 4, 5]

/** A rating as one decimal, e.g. '4.8'. */
export function formatRating(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1)
}

/** Five stars filled up to `value` (0 to 5), read out as 'Rated 4.8 out of 5'. */
export function StarRating({ value, className = '' }: { value: number; className?: string }) {
  const filled = Math.max(0, Math.min(5, value)) * 20
  return (
    <span role="img" aria-label={`Rated ${formatRating(value)} out of 5`} className={`relative inline-flex shrink-0 ${className}`}>
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
  if (count === 0) return 'No reviews yet'
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`
}
