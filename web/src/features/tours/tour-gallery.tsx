import { useEffect, useRef, useState } from 'react'
import { ChevronDownIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { Photo } from '../../components/photo'
import { useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'
import type { TourPhoto } from './api/tours'

/** Photos the grid shows from `sm` up: the cover and four more; the lightbox has them all. */
const GRID_TILES = 5

/**
 * Where photo `index` of `count` sits in the grid (four columns, two rows, from `sm` up): the
 * cover takes the left, the rest share what is left. Below `sm` every photo is a slide of
 * the strip.
 */
export function tilePlacement(index: number, count: number): string {
  if (index >= GRID_TILES) return 'sm:hidden'
  if (count === 1) return 'sm:col-span-4 sm:row-span-2'
  if (index === 0) return count <= 3 ? 'sm:col-span-3 sm:row-span-2' : 'sm:col-span-2 sm:row-span-2'
  if (count === 2) return 'sm:row-span-2'
  if (count === 4 && index === 1) return 'sm:col-span-2'
  return ''
}

// The frame's width on the page (max-w-6xl less its padding), for choosing a copy.
function tileSizes(index: number, count: number): string {
  const phone = count === 1 ? '100vw' : '85vw'
  if (count === 1) return `(min-width: 1152px) 1088px, ${phone}`
  if (index === 0) return count <= 3 ? `(min-width: 1152px) 816px, (min-width: 640px) 75vw, ${phone}` : `(min-width: 1152px) 544px, (min-width: 640px) 50vw, ${phone}`
  if (count === 4 && index === 1) return `(min-width: 1152px) 544px, (min-width: 640px) 50vw, ${phone}`
  return `(min-width: 1152px) 272px, (min-width: 640px) 25vw, ${phone}`
}

/** "Langtang in 7 days, photo 2 of 5", in the reader's language and digits. */
export function usePhotoAlt() {
  const t = useT()
  return (title: string, index: number, count: number) => t('tours.photoAlt', { title, n: formatLocalNumber(index + 1), count: formatLocalNumber(count) })
}

/**
 * A tour's photos at the top of its page: the cover large with four more beside it (a strip
 * to swipe on a phone); any photo opens the lightbox. Nothing at all when there are none.
 */
export function TourGallery({ photos, title }: { photos: readonly TourPhoto[]; title: string }) {
  const t = useT()
  const altOf = usePhotoAlt()
  const [open, setOpen] = useState<number | null>(null)
  const count = photos.length
  if (count === 0) return null
  const hidden = count - GRID_TILES
  return (
    <div data-testid="tour-gallery">
      <ul
        aria-label={t('tours.photos', { count })}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:h-80 sm:grid-cols-4 sm:grid-rows-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:h-[26rem]"
      >
        {photos.map((photo, i) => (
          <li key={photo._id} className={`relative shrink-0 snap-start ${count === 1 ? 'w-full' : 'w-[85%]'} sm:w-auto ${tilePlacement(i, count)}`}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-haspopup="dialog"
              className="group block h-full w-full overflow-hidden rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-himal-700"
            >
              <Photo
                src={i === 0 ? photo.url : photo.thumbUrl}
                variants={photo.variants}
                sizes={tileSizes(i, count)}
                alt={altOf(title, i, count)}
                priority={i === 0}
                className="aspect-[4/3] h-full w-full transition duration-300 group-hover:brightness-90 sm:aspect-auto"
              />
              {i === GRID_TILES - 1 && hidden > 0 && (
                <span aria-hidden="true" className="absolute inset-0 hidden items-center justify-center rounded-2xl bg-slate-900/55 text-lg font-semibold text-white sm:flex">
                  {t('tours.morePhotos', { more: formatLocalNumber(hidden) })}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {count > 1 && (
        <p aria-hidden="true" className="mt-1.5 text-xs text-slate-500 sm:hidden">
          {t('tours.swipePhotos', { count: formatLocalNumber(count) })}
        </p>
      )}
      <PhotoLightbox photos={photos} title={title} index={open} onIndex={setOpen} />
    </div>
  )
}

/**
 * One photo at a time, as large as the screen allows, in a dialog: previous and next by
 * button, arrow key or swipe; Escape or Close ends it.
 */
export function PhotoLightbox({ photos, title, index, onIndex }: { photos: readonly TourPhoto[]; title: string; index: number | null; onIndex: (index: number | null) => void }) {
  const t = useT()
  const altOf = usePhotoAlt()
  const swipeFrom = useRef<number | null>(null)
  const count = photos.length
  const open = index !== null && count > 0
  const at = open ? Math.min(index, count - 1) : 0
  const go = (by: -1 | 1) => onIndex((at + by + count) % count)

  useEffect(() => {
    if (!open || count < 2) return
    function onKey(e: KeyboardEvent) {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
      // The keys turn the photos, not scroll the page behind.
      e.preventDefault()
      onIndex((at + (e.key === 'ArrowLeft' ? count - 1 : 1)) % count)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, at, count, onIndex])

  const photo = open ? photos[at] : null
  const ratio = photo ? photo.variants.width / Math.max(1, photo.variants.height) : 1
  return (
    <ModalDialog open={open} title={title} onClose={() => onIndex(null)} wide>
      {photo && (
        <figure>
          <div
            className="relative mx-auto touch-pan-y"
            // Fits the screen both ways at the photo's own shape, so nothing is cropped or moves.
            style={{ aspectRatio: `${photo.variants.width} / ${photo.variants.height}`, width: `min(100%, calc(70dvh * ${ratio.toFixed(4)}))` }}
            onPointerDown={(e) => {
              swipeFrom.current = e.clientX
            }}
            onPointerUp={(e) => {
              const from = swipeFrom.current
              swipeFrom.current = null
              if (from === null || count < 2) return
              const moved = e.clientX - from
              if (Math.abs(moved) > 40) go(moved < 0 ? 1 : -1)
            }}
          >
            <Photo
              key={photo._id}
              src={photo.url}
              variants={photo.variants}
              sizes="(min-width: 1024px) 976px, 100vw"
              alt={altOf(title, at, count)}
              priority
              className="h-full w-full rounded-xl"
            />
            {count > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  aria-label={t('tours.previousPhoto')}
                  className="absolute top-1/2 left-2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-card hover:bg-white"
                >
                  <ChevronDownIcon className="rotate-90" />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  aria-label={t('tours.nextPhoto')}
                  className="absolute top-1/2 right-2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-card hover:bg-white"
                >
                  <ChevronDownIcon className="-rotate-90" />
                </button>
              </>
            )}
          </div>
          <figcaption className="mt-3 text-center text-sm text-slate-600" aria-live="polite">
            {t('tours.photoOf', { n: formatLocalNumber(at + 1), count: formatLocalNumber(count) })}
          </figcaption>
        </figure>
      )}
    </ModalDialog>
  )
}
