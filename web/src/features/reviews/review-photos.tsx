import { useState } from 'react'
import { ModalDialog } from '../../components/modal-dialog'
import { Photo } from '../../components/photo'
import type { ReviewPhoto } from './api/list-reviews'
import { useT } from '../../i18n/messages'

type PhotoRowProps = {
  photos: ReviewPhoto[]
  /** Read out for each photo, with its number: 'Photo 2 from Emma's review'. */
  altOf: (n: number) => string
  /** The larger view's title. */
  title: string
  size?: 'small' | 'large'
}

/**
 * Photos as a row of thumbnails; each is a button that opens the photo larger in a modal
 * (Escape or Close returns), where Previous and Next step through the others.
 */
export function PhotoRow({ photos, altOf, title, size = 'small' }: PhotoRowProps) {
  const t = useT()
  const [open, setOpen] = useState<number | null>(null)
  const frame = size === 'small' ? 'h-16 w-16 sm:h-20 sm:w-20' : 'h-20 w-20 sm:h-24 sm:w-24'
  const current = open === null ? null : photos[open]
  return (
    <>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {photos.map((photo, index) => (
          <li key={photo._id} className="shrink-0">
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="block rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-himal-700"
              aria-label={t('guides.openPhoto', { alt: altOf(index + 1) })}
            >
              <Photo src={photo.thumbUrl} alt={altOf(index + 1)} className={`${frame} rounded-lg`} sizes="96px" />
            </button>
          </li>
        ))}
      </ul>
      <ModalDialog open={current !== null} title={title} onClose={() => setOpen(null)} wide>
        {current && open !== null && (
          <div>
            <Photo
              src={current.url}
              variants={current.variants}
              alt={altOf(open + 1)}
              className="aspect-[4/3] w-full rounded-xl"
              sizes="(min-width: 1024px) 1024px, 100vw"
              priority
            />
            {photos.length > 1 && (
              <div className="mt-3 flex items-center justify-between gap-3">
                <button type="button" className="btn-secondary" onClick={() => setOpen((open - 1 + photos.length) % photos.length)}>
                  {t('guides.previousPhoto')}
                </button>
                <span className="text-sm text-slate-500">{t('guides.photoOf', { n: open + 1, total: photos.length })}</span>
                <button type="button" className="btn-secondary" onClick={() => setOpen((open + 1) % photos.length)}>
                  {t('guides.nextPhoto')}
                </button>
              </div>
            )}
          </div>
        )}
      </ModalDialog>
    </>
  )
}
