import { useState } from 'react'
import { mediaUrl } from '../lib/media-url'
import { absoluteSrcset, type ImageVariants } from './photo'

/** Up to two initials of a name, e.g. 'PS' for 'Pemba Sherpa'. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
  if (letters.length === 0) return '?'
  return letters.length === 1 ? letters[0] : `${letters[0]}${letters.at(-1)}`
}

const TONES = ['bg-himal-100 text-himal-800', 'bg-marigold-100 text-marigold-800', 'bg-emerald-100 text-emerald-800', 'bg-rose-100 text-rose-800', 'bg-sky-100 text-sky-800']

/** A steady colour for a name, so one person keeps the same fallback everywhere. */
function toneOf(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return TONES[hash % TONES.length]
}

type AvatarProps = {
  /** A public image path from the server, or nothing. */
  src: string | null | undefined
  name: string
  /** Size, border and text size; the avatar fills it. */
  className?: string
  /** Whose picture this is, for screen readers; empty when a name is already beside it. */
  alt?: string
  /** WebP copies of the photo, and how wide the avatar is drawn (`<img sizes>`). */
  variants?: ImageVariants | null
  sizes?: string
}

/** A round photo that falls back to the person's initials when there is none or it fails to load. */
export function Avatar({ src, name, className = 'h-12 w-12 text-base', alt = '', variants, sizes = '128px' }: AvatarProps) {
  const url = mediaUrl(src)
  const [failed, setFailed] = useState<string | null>(null)
  const frame = `flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold ${className}`
  if (url && failed !== url) {
    return (
      <span className={`${frame} bg-slate-100`}>
        <img
          src={url}
          srcSet={variants ? absoluteSrcset(variants.srcset) : undefined}
          sizes={variants ? sizes : undefined}
          width={variants?.width}
          height={variants?.height}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(url)}
          className="h-full w-full object-cover"
        />
      </span>
    )
  }
  return (
    <span className={`${frame} ${toneOf(name)}`} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      {initials(name)}
    </span>
  )
}
