import { useEffect, useId, useState, type DragEvent } from 'react'
import { FormAlert } from '../../components/form-alert'
import { AlertIcon, ChevronDownIcon, ImageIcon, RefreshIcon, SpinnerIcon, TrashIcon, CloseIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { Photo } from '../../components/photo'
import { useT } from '../../i18n/messages'
import { IMAGE_ACCEPT } from '../../lib/image-file'
import { formatLocalNumber } from '../../lib/intl-formats'
import type { Tour, TourPhoto } from '../tours/api/tours'
import { usePhotoAlt } from '../tours/tour-gallery'
import { PHOTOS_MAX, type PhotoQueue, type PhotosView, type Upload } from './photo-queue'

type Control = 'earlier' | 'later' | 'cover' | 'remove'

/** The id of a photo's control, for moving focus to it after the photos change. */
export const photoControlId = (photoId: string, control: Control) => `tour-photo-${photoId}-${control}`

const TILE_SIZES = '(min-width: 1024px) 200px, (min-width: 640px) 33vw, 50vw'
const iconButton = 'flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent'

function PhotoTile({
  photo,
  index,
  count,
  title,
  removing,
  readOnly,
  onMove,
  onCover,
  onRemove,
}: {
  photo: TourPhoto
  index: number
  count: number
  title: string
  removing: boolean
  readOnly: boolean
  onMove: (by: -1 | 1) => void
  onCover: () => void
  onRemove: () => void
}) {
  const t = useT()
  const altOf = usePhotoAlt()
  const n = formatLocalNumber(index + 1)
  const cover = index === 0
  return (
    <li className="flex flex-col" data-testid="tour-photo" data-removing={removing || undefined}>
      <div className="relative">
        <Photo
          src={photo.thumbUrl}
          variants={photo.variants}
          sizes={TILE_SIZES}
          alt={altOf(title, index, count)}
          className={`aspect-[4/3] w-full rounded-xl ${removing ? 'opacity-40' : ''}`}
        />
        {cover ? (
          <span className="absolute top-2 left-2 rounded-full bg-marigold-400 px-2.5 py-0.5 text-xs font-bold text-himal-950 shadow-sm" data-testid="cover-badge">
            {t('guideTours.cover')}
          </span>
        ) : (
          <span className="absolute top-2 left-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-slate-700 shadow-sm">{t('guideTours.photoNumber', { n })}</span>
        )}
        {removing && (
          <span className="absolute inset-0 flex items-center justify-center gap-2 text-sm font-semibold text-slate-800">
            <SpinnerIcon className="animate-spin" /> {t('guideTours.removingPhoto')}
          </span>
        )}
      </div>
      {!readOnly && (
        <div className="mt-1.5 flex flex-wrap items-center gap-1">
          <button
            type="button"
            id={photoControlId(photo._id, 'earlier')}
            className={iconButton}
            onClick={() => onMove(-1)}
            disabled={removing || cover}
            aria-label={t('guideTours.movePhotoEarlier', { n })}
          >
            <ChevronDownIcon className="rotate-90" />
          </button>
          <button
            type="button"
            id={photoControlId(photo._id, 'later')}
            className={iconButton}
            onClick={() => onMove(1)}
            disabled={removing || index === count - 1}
            aria-label={t('guideTours.movePhotoLater', { n })}
          >
            <ChevronDownIcon className="-rotate-90" />
          </button>
          <button
            type="button"
            id={photoControlId(photo._id, 'remove')}
            className={`${iconButton} ml-auto text-red-700 hover:bg-red-50`}
            onClick={onRemove}
            disabled={removing}
            aria-label={t('guideTours.removePhoto', { n })}
          >
            <TrashIcon />
          </button>
          {!cover && (
            <button
              type="button"
              id={photoControlId(photo._id, 'cover')}
              className="w-full rounded-lg border border-slate-200 px-2 py-1.5 text-xs font-semibold text-himal-800 hover:bg-himal-50 disabled:opacity-40"
              onClick={onCover}
              disabled={removing}
              aria-label={t('guideTours.makeCoverNamed', { n })}
            >
              {t('guideTours.makeCover')}
            </button>
          )}
        </div>
      )}
    </li>
  )
}

/** A chosen file while it waits, uploads, or after it was refused: its own preview and state. */
function UploadTile({ upload, onRetry, onDismiss }: { upload: Upload; onRetry: () => void; onDismiss: () => void }) {
  const t = useT()
  const [preview, setPreview] = useState<string | null>(null)
  const showable = upload.file.type.startsWith('image/')
  useEffect(() => {
    if (!showable) return
    const url = URL.createObjectURL(upload.file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [upload.file, showable])
  const failed = upload.state === 'failed'
  return (
    <li className="flex flex-col" data-testid="photo-upload" data-state={upload.state}>
      <div className={`relative aspect-[4/3] overflow-hidden rounded-xl ${failed ? 'bg-red-50 ring-1 ring-red-200' : 'bg-slate-100'}`}>
        {preview && <img src={preview} alt="" className={`h-full w-full object-cover ${failed ? 'opacity-30' : 'opacity-50'}`} />}
        <span className={`absolute inset-0 flex flex-col items-center justify-center gap-1 px-2 text-center text-sm font-semibold ${failed ? 'text-red-800' : 'text-slate-800'}`}>
          {upload.state === 'uploading' ? <SpinnerIcon className="animate-spin text-lg" /> : failed ? <AlertIcon className="text-lg" /> : <ImageIcon className="text-lg" />}
          {!preview && !failed && <span className="sr-only">{upload.file.name}</span>}
        </span>
      </div>
      <p className="mt-1.5 truncate text-xs text-slate-600" title={upload.file.name}>
        {upload.file.name}
      </p>
      <p className={`text-xs font-medium ${failed ? 'text-red-700' : 'text-slate-700'}`} aria-live="polite">
        {upload.state === 'waiting' && t('guideTours.uploadWaiting')}
        {upload.state === 'uploading' && t('guideTours.uploadSending')}
        {failed && (
          <>
            {t('guideTours.uploadFailed')}: {upload.message}
          </>
        )}
      </p>
      {failed && (
        <div className="mt-1 flex gap-1">
          {upload.retryable && (
            <button type="button" className={iconButton} onClick={onRetry} aria-label={t('guideTours.retryUpload', { name: upload.file.name })}>
              <RefreshIcon />
            </button>
          )}
          <button type="button" className={iconButton} onClick={onDismiss} aria-label={t('guideTours.dismissUpload', { name: upload.file.name })}>
            <CloseIcon />
          </button>
        </div>
      )}
    </li>
  )
}

type PhotosEditorProps = {
  /** The saved tour; null while it is new (photos come once it is saved). */
  tour: Tour | null
  queue: PhotoQueue | null
  view: PhotosView | null
}

/**
 * The editor's Photos: choose or drop several images (each uploads in turn, checked first
 * as the server would), then order them; the first is the cover. Read-only once archived.
 */
export function PhotosEditor({ tour, queue, view }: PhotosEditorProps) {
  const t = useT()
  const id = useId()
  const [focus, setFocus] = useState<{ photoId: string; control: Control } | { chooser: true } | null>(null)
  const [confirming, setConfirming] = useState<TourPhoto | null>(null)
  const [dragging, setDragging] = useState(false)
  const photos = view?.photos ?? []
  const uploads = view?.uploads ?? []
  const readOnly = tour?.status === 'archived'
  const pending = uploads.filter((u) => u.state !== 'failed').length
  const full = photos.length + pending >= PHOTOS_MAX
  const inputId = `${id}-choose`
  const altOf = usePhotoAlt()

  // Focus follows a moved photo, or goes to a neighbour of a removed one.
  useEffect(() => {
    if (!focus) return
    if ('chooser' in focus) {
      document.getElementById(inputId)?.focus()
    } else {
      const target = document.getElementById(photoControlId(focus.photoId, focus.control)) as HTMLButtonElement | null
      // At either end its move button is disabled: the other one takes the focus.
      const other = document.getElementById(photoControlId(focus.photoId, focus.control === 'earlier' ? 'later' : 'earlier')) as HTMLButtonElement | null
      ;(target && !target.disabled ? target : other && !other.disabled ? other : target)?.focus()
    }
    setFocus(null)
  }, [focus, inputId])

  function choose(files: FileList | null) {
    if (!queue || !files || files.length === 0) return
    queue.add(Array.from(files))
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault()
    setDragging(false)
    if (!full) choose(e.dataTransfer.files)
  }

  function move(photo: TourPhoto, by: -1 | 1) {
    queue?.move(photo._id, by)
    setFocus({ photoId: photo._id, control: by === -1 ? 'earlier' : 'later' })
  }

  function makeCover(photo: TourPhoto) {
    queue?.makeCover(photo._id)
    // Now first, it has no Make cover: its move-later button keeps the place.
    setFocus({ photoId: photo._id, control: 'later' })
  }

  function remove(photo: TourPhoto) {
    const at = photos.findIndex((p) => p._id === photo._id)
    const neighbour = photos[at + 1] ?? photos[at - 1]
    queue?.remove(photo._id)
    setConfirming(null)
    setFocus(neighbour ? { photoId: neighbour._id, control: 'remove' } : { chooser: true })
  }

  const title = tour?.title ?? ''
  return (
    <section className="card p-5 sm:p-8" aria-labelledby={`${id}-heading`} data-testid="photos-editor">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {t('guideTours.photosSection')}
        </h2>
        {tour && (
          <p className="text-sm font-medium text-slate-600" data-testid="photo-count">
            {t('guideTours.photosCount', { count: formatLocalNumber(photos.length), max: formatLocalNumber(PHOTOS_MAX) })}
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('guideTours.photosIntro')}</p>

      {!tour || !queue ? (
        <p className="mt-4 flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <ImageIcon className="shrink-0 text-lg text-slate-400" /> {t('guideTours.photosAfterSave')}
        </p>
      ) : readOnly ? (
        <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">{t('guideTours.photosArchived')}</p>
      ) : (
        <div
          className={`mt-4 flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition ${dragging ? 'border-himal-500 bg-himal-50' : 'border-slate-300 bg-slate-50'}`}
          onDragEnter={(e) => {
            e.preventDefault()
            if (!full) setDragging(true)
          }}
          onDragOver={(e) => {
            e.preventDefault()
            e.dataTransfer.dropEffect = full ? 'none' : 'copy'
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false)
          }}
          onDrop={onDrop}
          data-testid="photo-drop"
        >
          <ImageIcon className="text-3xl text-himal-600" />
          {/* The native control stays focusable for keyboards and screen readers; the label is its face. */}
          <input
            id={inputId}
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            disabled={full}
            onChange={(e) => {
              choose(e.target.files)
              // Cleared, so the same file can be chosen again after it failed or was removed.
              e.target.value = ''
            }}
            aria-describedby={`${id}-hint`}
            className="peer sr-only"
          />
          <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-slate-700">
            <label
              htmlFor={inputId}
              className="inline-flex cursor-pointer items-center rounded-lg bg-himal-700 px-4 py-2 text-sm font-semibold text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-himal-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-himal-800"
            >
              {t('guideTours.choosePhotos')}
            </label>
            <span className="hidden pointer-fine:inline">{t('guideTours.dropPhotos')}</span>
          </p>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {full ? t('guideTours.photosFull', { max: formatLocalNumber(PHOTOS_MAX) }) : t('guideTours.photosHint')}
          </p>
        </div>
      )}

      {tour && queue && photos.length === 0 && uploads.length === 0 && !readOnly && <p className="mt-4 text-sm text-slate-500">{t('guideTours.photosEmpty')}</p>}

      {(photos.length > 0 || uploads.length > 0) && (
        <ol className="mt-5 grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('guideTours.photosSection')}>
          {photos.map((photo, i) => (
            <PhotoTile
              key={photo._id}
              photo={photo}
              index={i}
              count={photos.length}
              title={title}
              removing={view?.removing.includes(photo._id) ?? false}
              readOnly={readOnly}
              onMove={(by) => move(photo, by)}
              onCover={() => makeCover(photo)}
              onRemove={() => setConfirming(photo)}
            />
          ))}
          {uploads.map((upload) => (
            <UploadTile key={upload.key} upload={upload} onRetry={() => queue?.retry(upload.key)} onDismiss={() => queue?.dismiss(upload.key)} />
          ))}
        </ol>
      )}

      {view?.error && (
        <div className="mt-4">
          <FormAlert tone="error">{view.error}</FormAlert>
        </div>
      )}

      <ModalDialog open={confirming !== null} title={t('guideTours.removePhotoTitle')} onClose={() => setConfirming(null)}>
        {confirming && (
          <>
            <Photo
              src={confirming.thumbUrl}
              variants={confirming.variants}
              sizes="400px"
              alt={altOf(
                title,
                photos.findIndex((p) => p._id === confirming._id),
                photos.length,
              )}
              className="aspect-[4/3] w-full rounded-xl"
            />
            <p className="mt-3 text-slate-700">{t('guideTours.removePhotoConfirm')}</p>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" className="btn-secondary" onClick={() => setConfirming(null)}>
                {t('guideTours.keepPhoto')}
              </button>
              <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => remove(confirming)}>
                {t('guideTours.removePhotoAction')}
              </button>
            </div>
          </>
        )}
      </ModalDialog>
    </section>
  )
}
