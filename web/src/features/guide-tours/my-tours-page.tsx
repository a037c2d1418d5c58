import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useFlashMessage } from '../../lib/use-flash-message'
import { FormAlert } from '../../components/form-alert'
import { CalendarIcon, EyeIcon, MountainIcon, PencilIcon, PlusIcon, SpinnerIcon, TrashIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { PageShell } from '../../components/page-shell'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { useT } from '../../i18n/messages'
import { useIntlLocale } from '../../i18n/language'
import type { Booking } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { TOURS_TAG, tourTag } from '../../lib/cache-tags'
import { formatMediumDate } from '../../lib/intl-formats'
import { formatDollars } from '../../lib/money'
import { useCachedQuery } from '../../lib/use-cached-query'
import { deleteTour, DELETE_TOUR_FAILED, myTours, TOURS_LOAD_FAILED, tourPath, unpublishTour, type Tour } from '../tours/api/tours'
import { RiskBadge } from '../tours/risk-badge'
import { bookingsOfTour, GUIDE_BOOKINGS_KEY, GUIDE_BOOKINGS_TAGS, listGuideBookings, MY_TOURS_KEY, MY_TOURS_TAGS } from './api/editor-data'
import { editTourPath, NEW_TOUR_PATH } from './paths'
import { AcknowledgeDialog, CERTIFICATES_PATH, PublishError, usePublish } from './publish-dialog'
import { BookingList, GUIDE_DASHBOARD_PATH } from './tour-bookings'

const STATUS_STYLE: Record<Tour['status'], string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  archived: 'bg-slate-200 text-slate-600 ring-slate-500/30',
}

/** The editor's preview tab, for a tour travellers cannot see yet. */
export const previewPath = (tourId: string) => `${editTourPath(tourId)}?view=preview`

type RowProps = {
  tour: Tour
  bookings: readonly Booking[] | undefined
  busy: boolean
  onPublish: () => void
  onUnpublish: () => void
  onDelete: () => void
}

function TourRow({ tour, bookings, busy, onPublish, onUnpublish, onDelete }: RowProps) {
  const t = useT()
  const archived = tour.status === 'archived'
  return (
    <li className="card p-4 sm:p-5" data-testid="my-tour" aria-labelledby={`tour-${tour._id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`tour-${tour._id}-title`} className="text-lg font-semibold break-words text-slate-900">
            {tour.title}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>{t('guideTours.dayCount', { count: tour.days.length })}</span>
            <span>{t('guideTours.priceFrom', { price: formatDollars(tour.priceFromUsd) })}</span>
            <span>{t('guideTours.updated', { date: formatMediumDate(tour.updatedAt) })}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLE[tour.status]}`} data-testid="tour-status">
            {t('guideTours.status', { status: tour.status })}
          </span>
          <RiskBadge risk={tour.acclimatisation.risk} />
        </div>
      </div>

      <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {!archived && (
          <Link to={editTourPath(tour._id)} className="btn-secondary px-3" aria-label={t('guideTours.editNamed', { title: tour.title })}>
            <PencilIcon /> {t('guideTours.edit')}
          </Link>
        )}
        <Link
          to={tour.status === 'published' ? tourPath(tour._id) : previewPath(tour._id)}
          className="btn-secondary px-3"
          aria-label={t('guideTours.previewNamed', { title: tour.title })}
        >
          <EyeIcon /> {t('guideTours.preview')}
        </Link>
        {tour.status === 'draft' && (
          <button type="button" className="btn-primary px-3" onClick={onPublish} disabled={busy} aria-label={t('guideTours.publishNamed', { title: tour.title })}>
            {t('guideTours.publish')}
          </button>
        )}
        {tour.status === 'published' && (
          <Link to={`${editTourPath(tour._id)}#departures`} className="btn-secondary px-3" aria-label={t('guideTours.departuresNamed', { title: tour.title })}>
            <CalendarIcon /> {t('guideTours.departuresTitle')}
          </Link>
        )}
        {tour.status === 'published' && (
          <button type="button" className="btn-secondary px-3" onClick={onUnpublish} disabled={busy} aria-label={t('guideTours.unpublishNamed', { title: tour.title })}>
            {t('guideTours.unpublish')}
          </button>
        )}
        {!archived && (
          <button
            type="button"
            className="btn border border-red-300 bg-white px-3 text-red-700 hover:bg-red-50"
            onClick={onDelete}
            disabled={busy}
            aria-label={t('guideTours.deleteNamed', { title: tour.title })}
          >
            <TrashIcon /> {t('guideTours.delete')}
          </button>
        )}
      </div>

      {bookings && bookings.length > 0 && (
        <details className="mt-4 rounded-xl bg-slate-50 px-4 py-2">
          <summary className="cursor-pointer py-1 text-sm font-semibold text-slate-800">{t('guideTours.bookingsCount', { count: bookings.length })}</summary>
          <BookingList bookings={bookings} />
          <Link to={GUIDE_DASHBOARD_PATH} className="text-link mt-1 inline-block text-sm">
            {t('guideTours.openDashboard')}
          </Link>
        </details>
      )}
    </li>
  )
}

function DeleteDialog({
  tour,
  bookingCount,
  onClose,
  onDeleted,
}: {
  tour: Tour | null
  bookingCount: number
  onClose: () => void
  onDeleted: (tour: Tour, archived: boolean) => void
}) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ message: string; forbidden: boolean } | null>(null)

  function close() {
    if (busy) return
    setError(null)
    onClose()
  }

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!tour) return
    setBusy(true)
    setError(null)
    const result = await deleteTour(tour._id)
    setBusy(false)
    if (!result.ok) {
      setError({ message: result.status === 403 ? result.message : t(DELETE_TOUR_FAILED), forbidden: result.status === 403 })
      return
    }
    // The server keeps a tour with bookings, archived; its answer says which it did.
    onDeleted(tour, /archiv/i.test(result.data.message))
  }

  return (
    <ModalDialog open={tour !== null} title={t('guideTours.deleteTitle')} onClose={close}>
      <form onSubmit={confirm} className="space-y-4">
        {tour && <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm font-semibold break-words text-slate-900">{tour.title}</p>}
        <p className="text-slate-700">{t('guideTours.deleteConfirm')}</p>
        <p className="text-sm text-slate-600">{bookingCount > 0 ? t('guideTours.deleteArchives', { count: bookingCount }) : t('guideTours.deleteArchiveRule')}</p>
        {error && (
          <FormAlert tone="error">
            {error.message}{' '}
            {error.forbidden && (
              <Link to={CERTIFICATES_PATH} className="font-semibold underline underline-offset-2">
                {t('guideTours.goToCertificates')}
              </Link>
            )}
          </FormAlert>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
            {t('guideTours.cancel')}
          </button>
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} aria-busy={busy}>
            {busy ? <SpinnerIcon className="animate-spin" /> : <TrashIcon />} {t('guideTours.delete')}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

/** /guide/tours: the signed-in guide's tours, with publishing, editing and deleting. */
export function MyToursPage() {
  const t = useT()
  useIntlLocale()
  const cache = useClientCache()
  const { toast, show } = useToast(4000)
  useFlashMessage(show)
  const query = useCachedQuery({ key: MY_TOURS_KEY, tags: MY_TOURS_TAGS, load: myTours })
  const bookings = useCachedQuery({ key: GUIDE_BOOKINGS_KEY, tags: GUIDE_BOOKINGS_TAGS, load: listGuideBookings })
  const [deleting, setDeleting] = useState<Tour | null>(null)
  const [unpublishing, setUnpublishing] = useState<string | null>(null)
  const [actionError, setActionError] = useState<{ message: string; forbidden: boolean } | null>(null)
  const {
    state: publishState,
    publish,
    reset,
  } = usePublish((tour) => {
    invalidate(cache, TOURS_TAG, tourTag(tour._id))
    show(t('guideTours.publishedToast', { title: tour.title }))
  })

  const tours = query.data
  const bookingsOf = (tourId: string) => (bookings.data ? bookingsOfTour(bookings.data, tourId) : undefined)

  async function unpublish(tour: Tour) {
    setUnpublishing(tour._id)
    setActionError(null)
    reset()
    const result = await unpublishTour(tour._id)
    setUnpublishing(null)
    if (!result.ok) {
      setActionError({ message: result.message, forbidden: result.status === 403 })
      return
    }
    invalidate(cache, TOURS_TAG, tourTag(tour._id))
    show(t('guideTours.unpublishedToast', { title: tour.title }))
  }

  function deleted(tour: Tour, archived: boolean) {
    setDeleting(null)
    invalidate(cache, TOURS_TAG, tourTag(tour._id))
    show(archived ? t('guideTours.archivedToast', { title: tour.title }) : t('guideTours.deletedToast', { title: tour.title }))
  }

  const busyId = publishState.step === 'publishing' ? publishState.tourId : unpublishing

  return (
    <PageShell eyebrow={t('guideTours.eyebrow')} title={t('guideTours.myToursTitle')} description={t('guideTours.myToursDescription')}>
      <Toast toast={toast} />
      <div className="relative -mt-16 space-y-4 sm:-mt-28">
        <div className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
          <p className="text-sm text-slate-700" aria-live="polite">
            {tours ? t('guideTours.tourCount', { count: tours.length }) : ' '}
          </p>
          <Link to={NEW_TOUR_PATH} className="btn-accent">
            <PlusIcon /> {t('guideTours.newTour')}
          </Link>
        </div>

        <PublishError state={publishState} />
        {actionError && (
          <FormAlert tone="error">
            {actionError.message}{' '}
            {actionError.forbidden && (
              <Link to={CERTIFICATES_PATH} className="font-semibold underline underline-offset-2">
                {t('guideTours.goToCertificates')}
              </Link>
            )}
          </FormAlert>
        )}

        {tours === undefined && query.status === 'loading' && <LoadingCard label={t('guideTours.loadingTours')} />}
        {tours === undefined && query.status === 'error' && (
          <ErrorCard message={t(TOURS_LOAD_FAILED)} detail={query.error !== t(TOURS_LOAD_FAILED) ? query.error : undefined} onRetry={query.reload}>
            {/* A guide not yet verified, or whose licence has run out, is told where to fix it. */}
            <Link to={CERTIFICATES_PATH} className="btn-secondary">
              {t('guideTours.goToCertificates')}
            </Link>
          </ErrorCard>
        )}
        {tours !== undefined && tours.length === 0 && (
          <EmptyCard icon={<MountainIcon />} title={t('guideTours.emptyTitle')}>
            <p>{t('guideTours.emptyText')}</p>
            <Link to={NEW_TOUR_PATH} className="btn-primary mt-5">
              <PlusIcon /> {t('guideTours.createFirst')}
            </Link>
          </EmptyCard>
        )}
        {tours !== undefined && tours.length > 0 && (
          <ul className="space-y-4" aria-label={t('guideTours.myToursTitle')}>
            {tours.map((tour) => (
              <TourRow
                key={tour._id}
                tour={tour}
                bookings={bookingsOf(tour._id)}
                busy={busyId === tour._id}
                onPublish={() => {
                  setActionError(null)
                  void publish(tour._id)
                }}
                onUnpublish={() => void unpublish(tour)}
                onDelete={() => setDeleting(tour)}
              />
            ))}
          </ul>
        )}
      </div>
      <DeleteDialog tour={deleting} bookingCount={deleting ? (bookingsOf(deleting._id)?.length ?? 0) : 0} onClose={() => setDeleting(null)} onDeleted={deleted} />
      <AcknowledgeDialog state={publishState} onPublish={(tourId) => void publish(tourId, true)} onClose={reset} />
    </PageShell>
  )
}
