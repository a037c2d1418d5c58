import { useState } from 'react'
import type { components } from '../lib/api-schema'
import { mediaUrl } from '../lib/media-url'
import { MountainScene } from './mountain-scene'

/** WebP copies of a public image by width, and its size. */
export type ImageVariants = components['schemas']['ImageVariants']

type PhotoProps = {
  /** A public image path from the server, or nothing. */
  src: string | null | undefined
  /** Its WebP copies and size; without them the browser gets `src` alone. */
  variants?: ImageVariants | null
  /** How wide the frame is drawn, for choosing a copy (the `<img sizes>` attribute). */
  sizes?: string
  alt: string
  /** The frame's size and shape; the frame keeps its size whether or not the image loads. */
  className?: string
  /**
   * The first screenful's largest image: loaded at once and first. Every other image
   * waits until it is near the view.
   */
  priority?: boolean
}

/** A card's width in the one-, two- and three-column grids (max-w-6xl page). */
export const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw'
/** A page-wide picture inside the max-w-6xl column. */
export const WIDE_SIZES = '(min-width: 1152px) 1152px, 100vw'

/** `srcset` with each URL made absolute when the API lives on another host. */
export function absoluteSrcset(srcset: string): string {
  return srcset
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [url, ...descriptor] = entry.split(/\s+/)
      return [mediaUrl(url), ...descriptor].join(' ')
    })
    .join(', ')
}

/**
 * A photo in a fixed frame, as WebP at the width the frame needs when the server has
 * copies. When there is none, or it fails to load, the frame shows a mountain drawing on
 * a gradient instead of a broken image.
 */
export function Photo({ src, variants, sizes = '100vw', alt, className = '', priority = false }: PhotoProps) {
  const url = mediaUrl(src)
  const [failed, setFailed] = useState<string | null>(null)
  const shown = url !== null && failed !== url
  return (
    <div className={`relative overflow-hidden bg-gradient-to-br from-himal-700 via-himal-500 to-marigold-300 ${className}`}>
      {shown ? (
        <img
          src={url}
          srcSet={variants ? absoluteSrcset(variants.srcset) : undefined}
          sizes={variants ? sizes : undefined}
          width={variants?.width}
          height={variants?.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
          onError={() => setFailed(url)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <MountainScene className="absolute inset-x-0 bottom-0 h-3/5 w-full" groundColor="#0d2330" groundOpacity={0.35} />
      )}
    </div>
  )
}
