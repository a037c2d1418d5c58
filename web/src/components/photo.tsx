import { useState } from 'react'
import { mediaUrl } from '../lib/media-url'
import { MountainScene } from './mountain-scene'

type PhotoProps = {
  /** A public image path from the server, or nothing. */
  src: string | null | undefined
  alt: string
  /** The frame's size and shape; the frame keeps its size whether or not the image loads. */
  className?: string
  /** The first screenful's main image loads at once; every other one waits until near view. */
  eager?: boolean
}

/**
 * A photo in a fixed frame, loaded lazily. When there is none, or it fails to load, the
 * frame shows a mountain drawing on a gradient instead of a broken image.
 */
export function Photo({ src, alt, className = '', eager = false }: PhotoProps) {
  const url = mediaUrl(src)
  const [failed, setFailed] = useState<string | null>(null)
  const shown = url !== null && failed !== url
  return (
    <div className={`relative overflow-hidden bg-gradient-to-br from-himal-700 via-himal-500 to-marigold-300 ${className}`}>
      {shown ? (
        <img
          src={url}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(url)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <MountainScene className="absolute inset-x-0 bottom-0 h-3/5 w-full" groundColor="#0d2330" groundOpacity={0.35} />
      )}
    </div>
  )
}
