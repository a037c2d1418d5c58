import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { formatLocalNumber } from '../../lib/intl-formats'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { ArrowLeftIcon, SpinnerIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { useT } from '../../i18n/messages'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { TOURS_TAG, tourTag } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { createTour, myTours, TOURS_LOAD_FAILED, updateTour, type Tour } from '../tours/api/tours'
import { DESTINATION_OPTIONS_KEY, DESTINATION_OPTIONS_TAGS, listDestinationOptions, MY_TOURS_KEY, MY_TOURS_TAGS } from './api/editor-data'
import { ItineraryEditor, latestAcclimatisation } from './itinerary-editor'
import { MY_TOURS_PATH, type ListState } from './paths'
import { PhotosEditor } from './photos-editor'
import { PricingEditor } from './pricing-editor'
import { AcknowledgeDialog, CERTIFICATES_PATH, PublishError, usePublish } from './publish-dialog'
import { TextListEditor } from './text-list-editor'
import { DeparturesPanel } from './departures-panel'
import { TourBookings } from './tour-bookings'
import { TourPreview } from './tour-preview'
import {
  clearStoredDraft,
  draftFromTour,
  emptyDraft,
  fieldOfServerError,
  loadStoredDraft,
  requestOf,
  storeDraft,
  validateDraft,
  CUTOFF_HOURS_MAX,
  GROUP_MAX,
  MEETING_POINT_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
  type DayDraft,
  type DraftErrors,
  type TourDraft,
} from './tour-draft'
import { useAltitudeCheck } from './use-altitude-check'
import { useTourPhotos } from './use-tour-photos'

function Field({ id, label, required = false, hint, error, children }: { id: string; label: string; required?: boolean; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label} {required && <span className="text-red-600">*</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/** The ids that describe a field: its hint and, when it has one, its error. */
const describedBy = (id: string, hint: boolean, error: string | undefined) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

function TourEditor({ tour }: { tour: Tour | null }) {
  const t = useT()
  const navigate = useNavigate()
  const cache = useClientCache()
  const id = useId()
  // A new tour saved here (then refused publishing) is edited from then on.
  const [savedTour, setSavedTour] = useState<Tour | null>(null)
  const tourId = savedTour?._id ?? tour?._id ?? null
  const [restored] = useState(() => loadStoredDraft(tour?._id ?? null))
  const [draft, setDraft] = useState<TourDraft>(() => restored ?? (tour ? draftFromTour(tour) : emptyDraft()))
  const [keepLocally, setKeepLocally] = useState(false)
  const [errors, setErrors] = useState<DraftErrors>({})
  const [topError, setTopError] = useState<{ message: string; forbidden: boolean } | null>(null)
  const [saving, setSaving] = useState(false)
  const [searchParams] = useSearchParams()
  const [tab, setTab] = useState<'edit' | 'preview'>(searchParams.get('view') === 'preview' ? 'preview' : 'edit')
  const [showRestored, setShowRestored] = useState(restored !== null)
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const check = useAltitudeCheck(draft.days)
  const destinations = useCachedQuery({ key: DESTINATION_OPTIONS_KEY, tags: DESTINATION_OPTIONS_TAGS, load: listDestinationOptions })
  const { state: publishState, publish, reset: resetPublish } = usePublish(published)
  // Photos are saved one by one as they change, apart from the form and its stored draft.
  const photos = useTourPhotos(savedTour ?? tour)

  // Every change is kept in this browser until saved, so a reload loses nothing.
  useEffect(() => {
    if (keepLocally) storeDraft(tourId, draft)
  }, [keepLocally, tourId, draft])

  // A refusal for the whole tour is shown where the guide looks, not below the fold.
  useEffect(() => {
    if (topError || publishState.step === 'failed') alertRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [topError, publishState.step])

  function change(update: Partial<TourDraft>) {
    setDraft((d) => ({ ...d, ...update }))
    setKeepLocally(true)
    // A field's message goes once it is changed.
    setErrors((e) => {
      const next = { ...e }
      for (const field of Object.keys(update)) delete next[field]
      if ('onePrice' in update || 'price' in update || 'tiers' in update || 'maxGroupSize' in update) delete next.pricing
      return next
    })
  }

  function changeDays(days: DayDraft[], edited: string[]) {
    setDraft((d) => ({ ...d, days }))
    setKeepLocally(true)
    // A day's message goes once that day is changed.
    setErrors((e) => {
      const next = { ...e }
      for (const field of edited) delete next[field]
      return next
    })
  }

  function discardRestored() {
    clearStoredDraft(tourId)
    setDraft(tour ? draftFromTour(tour) : emptyDraft())
    setKeepLocally(false)
    setShowRestored(false)
    setErrors({})
  }

  function focusFirstError(found: DraftErrors) {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    return Object.keys(found).length > 0
  }

  function published(saved: Tour) {
    invalidate(cache, TOURS_TAG, tourTag(saved._id))
    navigate(MY_TOURS_PATH, { state: { message: t('guideTours.publishedToast', { title: saved.title }) } satisfies ListState })
  }

  async function save(then: 'list' | 'publish') {
    if (saving) return
    const found = validateDraft(draft)
    setErrors(found)
    setTopError(null)
    resetPublish()
    if (Object.keys(found).length > 0) {
      setTab('edit')
      focusFirstError(found)
      return
    }
    setSaving(true)
    const body = requestOf(draft)
    const result = tourId ? await updateTour(tourId, body) : await createTour(body)
    setSaving(false)
    if (!result.ok) {
      // Everything typed stays in the form (and in this browser).
      const field = result.status === 400 ? fieldOfServerError(result.message, draft.days) : null
      if (field) {
        setErrors({ [field]: result.message })
        setTab('edit')
        focusFirstError({ [field]: result.message })
      } else setTopError({ message: result.message, forbidden: result.status === 403 })
      return
    }
    clearStoredDraft(tourId)
    setKeepLocally(false)
    setSavedTour(result.data)
    invalidate(cache, TOURS_TAG, tourTag(result.data._id))
    if (then === 'publish') {
      // Saved as a draft first: a refused publish leaves the editor on the saved tour.
      await publish(result.data._id)
      return
    }
    navigate(MY_TOURS_PATH, { state: { message: t('guideTours.savedToast', { title: result.data.title }) } satisfies ListState })
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    void save('list')
  }

  const acclimatisation = latestAcclimatisation(check)
  const busy = saving || publishState.step === 'publishing'
  const request = requestOf(draft)
  const destinationName = destinations.data?.find((d) => d._id === draft.destinationId)?.name ?? null
  const status = (savedTour ?? tour)?.status ?? 'draft'

  return (
    <PageShell eyebrow={t('guideTours.eyebrow')} title={tour ? t('guideTours.editTitle') : t('guideTours.newTitle')} description={t('guideTours.editorDescription')}>
      <div className="relative -mt-16 space-y-4 sm:-mt-28">
        {showRestored && (
          <div className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" role="status">
            <p className="text-sm text-slate-700">{t('guideTours.restoredDraft')}</p>
            <button type="button" className="btn-secondary shrink-0" onClick={discardRestored}>
              {t('guideTours.discardRestored')}
            </button>
          </div>
        )}

        <Link to={MY_TOURS_PATH} className="text-link inline-flex items-center gap-1 text-sm sm:hidden">
          <ArrowLeftIcon /> {t('guideTours.backToTours')}
        </Link>
        <div role="tablist" aria-label={t('guideTours.editorTabs')} className="card flex gap-1 p-1.5">
          {(['edit', 'preview'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${id}-panel-${name}`}
              onClick={() => setTab(name)}
              className={`flex-1 rounded-xl px-4 py-2.5 text-sm font-semibold ${tab === name ? 'bg-himal-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {name === 'edit' ? t('guideTours.tabEdit') : t('guideTours.tabPreview')}
            </button>
          ))}
        </div>

        {tab === 'preview' && (
          <div role="tabpanel" id={`${id}-panel-preview`} aria-labelledby={`${id}-tab-preview`} className="card p-5 sm:p-8">
            <TourPreview tour={request} photos={photos.view?.photos ?? []} acclimatisation={acclimatisation} destinationName={destinationName} />
          </div>
        )}

        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          aria-label={tour ? t('guideTours.editTitle') : t('guideTours.newTitle')}
          hidden={tab !== 'edit'}
          role="tabpanel"
          id={`${id}-panel-edit`}
          aria-labelledby={`${id}-tab-edit`}
          className="space-y-4"
        >
          <section className="card space-y-5 p-5 sm:p-8" aria-labelledby={`${id}-about`}>
            <h2 id={`${id}-about`} className="text-lg font-semibold text-slate-900">
              {t('guideTours.aboutSection')}
            </h2>
            <Field id={`${id}-title`} label={t('guideTours.title')} required error={errors.title}>
              <input
                id={`${id}-title`}
                value={draft.title}
                onChange={(e) => change({ title: e.target.value })}
                maxLength={TITLE_MAX}
                disabled={busy}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={describedBy(`${id}-title`, false, errors.title)}
                placeholder={t('guideTours.titlePlaceholder')}
                className="field-input"
              />
            </Field>
            <Field id={`${id}-summary`} label={t('guideTours.summary')} required error={errors.summary}>
              <textarea
                id={`${id}-summary`}
                value={draft.summary}
                onChange={(e) => change({ summary: e.target.value })}
                maxLength={SUMMARY_MAX}
                rows={4}
                disabled={busy}
                aria-invalid={errors.summary ? true : undefined}
                aria-describedby={describedBy(`${id}-summary`, false, errors.summary)}
                className="field-input resize-y"
              />
            </Field>
            <Field
              id={`${id}-destination`}
              label={t('guideTours.destination')}
              hint={destinations.status === 'error' ? t('guideTours.destinationsFailed') : t('guideTours.destinationHint')}
              error={errors.destinationId}
            >
              <select
                id={`${id}-destination`}
                value={draft.destinationId}
                onChange={(e) => change({ destinationId: e.target.value })}
                disabled={busy}
                aria-describedby={describedBy(`${id}-destination`, true, errors.destinationId)}
                className="field-input"
              >
                <option value="">{t('guideTours.noDestination')}</option>
                {/* The saved destination stays choosable while the list loads. */}
                {draft.destinationId !== '' && !destinations.data?.some((d) => d._id === draft.destinationId) && (
                  <option value={draft.destinationId}>{t('guideTours.currentDestination')}</option>
                )}
                {destinations.data?.map((d) => (
                  <option key={d._id} value={d._id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${id}-meeting`} label={t('guideTours.meetingPoint')} required error={errors.meetingPoint}>
              <input
                id={`${id}-meeting`}
                value={draft.meetingPoint}
                onChange={(e) => change({ meetingPoint: e.target.value })}
                maxLength={MEETING_POINT_MAX}
                disabled={busy}
                aria-invalid={errors.meetingPoint ? true : undefined}
                aria-describedby={describedBy(`${id}-meeting`, false, errors.meetingPoint)}
                placeholder={t('guideTours.meetingPointPlaceholder')}
                className="field-input"
              />
            </Field>
          </section>

          <PhotosEditor tour={savedTour ?? tour} queue={photos.queue} view={photos.view} />

          <section className="card space-y-5 p-5 sm:p-8" aria-labelledby={`${id}-booking`}>
            <h2 id={`${id}-booking`} className="text-lg font-semibold text-slate-900">
              {t('guideTours.bookingSection')}
            </h2>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                id={`${id}-group`}
                label={t('guideTours.maxGroupSize')}
                required
                hint={t('guideTours.maxGroupSizeHint', { max: formatLocalNumber(GROUP_MAX) })}
                error={errors.maxGroupSize}
              >
                <input
                  id={`${id}-group`}
                  value={draft.maxGroupSize}
                  onChange={(e) => change({ maxGroupSize: e.target.value })}
                  inputMode="numeric"
                  disabled={busy}
                  aria-invalid={errors.maxGroupSize ? true : undefined}
                  aria-describedby={describedBy(`${id}-group`, true, errors.maxGroupSize)}
                  className="field-input"
                />
              </Field>
              <Field
                id={`${id}-cutoff`}
                label={t('guideTours.cutoffHours')}
                required
                hint={t('guideTours.cutoffHint', { max: formatLocalNumber(CUTOFF_HOURS_MAX) })}
                error={errors.cutoffHours}
              >
                <input
                  id={`${id}-cutoff`}
                  value={draft.cutoffHours}
                  onChange={(e) => change({ cutoffHours: e.target.value })}
                  inputMode="numeric"
                  disabled={busy}
                  aria-invalid={errors.cutoffHours ? true : undefined}
                  aria-describedby={describedBy(`${id}-cutoff`, true, errors.cutoffHours)}
                  className="field-input"
                />
              </Field>
            </div>
            <fieldset>
              <legend className="field-label">{t('guideTours.bookingMode')}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['request', 'instant'] as const).map((mode) => (
                  <label
                    key={mode}
                    className={`flex cursor-pointer gap-3 rounded-xl border p-3 text-sm ${draft.bookingMode === mode ? 'border-himal-500 bg-himal-50' : 'border-slate-200'}`}
                  >
                    <input
                      type="radio"
                      name={`${id}-mode`}
                      checked={draft.bookingMode === mode}
                      onChange={() => change({ bookingMode: mode })}
                      disabled={busy}
                      className="mt-0.5 size-4 shrink-0 accent-himal-700"
                    />
                    <span>
                      <span className="block font-semibold text-slate-900">{t('guideTours.bookingModeName', { mode })}</span>
                      <span className="text-slate-600">{t('guideTours.bookingModeExplained', { mode })}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <PricingEditor draft={draft} error={errors.pricing} disabled={busy} onChange={change} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextListEditor label={t('guideTours.included')} items={draft.included} error={errors.included} disabled={busy} onChange={(included) => change({ included })} />
              <TextListEditor label={t('guideTours.excluded')} items={draft.excluded} error={errors.excluded} disabled={busy} onChange={(excluded) => change({ excluded })} />
            </div>
          </section>

          <section className="card p-5 sm:p-8" aria-labelledby={`${id}-days`}>
            <h2 id={`${id}-days`} className="text-lg font-semibold text-slate-900">
              {t('guideTours.daysSection')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('guideTours.daysIntro')}</p>
            <ItineraryEditor days={draft.days} check={check} errors={errors} disabled={busy} onChange={changeDays} />
          </section>

          <div ref={alertRef} className="space-y-4 empty:hidden">
            {topError && (
              <div>
                <FormAlert tone="error">
                  {topError.message}
                  {topError.forbidden && (
                    <>
                      {' '}
                      <Link to={CERTIFICATES_PATH} className="font-semibold underline underline-offset-2">
                        {t('guideTours.goToCertificates')}
                      </Link>
                    </>
                  )}
                </FormAlert>
              </div>
            )}
            <PublishError state={publishState} />
          </div>

          {/* Always at hand on a phone: two buttons side by side; the way back is in the menu and at the top. */}
          <div className="card sticky bottom-16 z-10 flex gap-2 p-2 sm:justify-end sm:gap-3 sm:p-4 [&>*]:flex-1 sm:[&>*]:flex-none">
            <Link to={MY_TOURS_PATH} className="btn-secondary hidden sm:inline-flex">
              {t('guideTours.backToTours')}
            </Link>
            <button type="submit" className={`px-3 sm:px-5 ${status === 'published' ? 'btn-primary' : 'btn-secondary'}`} disabled={busy} aria-busy={saving}>
              {saving && <SpinnerIcon className="animate-spin" />} {status === 'published' ? t('guideTours.saveChanges') : t('guideTours.saveDraft')}
            </button>
            {status === 'draft' && (
              <button type="button" className="btn-primary px-3 sm:px-5" disabled={busy} onClick={() => void save('publish')} aria-busy={publishState.step === 'publishing'}>
                {publishState.step === 'publishing' && <SpinnerIcon className="animate-spin" />} {t('guideTours.saveAndPublish')}
              </button>
            )}
          </div>
        </form>

        {(savedTour ?? tour)?.status === 'published' && <DeparturesPanel tour={(savedTour ?? tour)!} />}
        {tour && <TourBookings tourId={tour._id} />}
      </div>

      <AcknowledgeDialog state={publishState} onPublish={(tourToPublish) => void publish(tourToPublish, true)} onClose={resetPublish} />
    </PageShell>
  )
}

function EditTour({ tourId }: { tourId: string }) {
  const t = useT()
  const query = useCachedQuery({ key: MY_TOURS_KEY, tags: MY_TOURS_TAGS, load: myTours })
  // The form starts from the tour once; a later refetch does not overwrite what is being typed.
  const [loaded, setLoaded] = useState<Tour>()
  const found = query.data?.find((tour) => tour._id === tourId)
  if (found && loaded?._id !== found._id) setLoaded(found)

  if (loaded) return <TourEditor key={loaded._id} tour={loaded} />
  return (
    <PageShell eyebrow={t('guideTours.eyebrow')} title={t('guideTours.editTitle')}>
      {query.status === 'error' || (query.data && !found) ? (
        <ErrorCard message={query.data && !found ? t('guideTours.notFound') : t(TOURS_LOAD_FAILED)} detail={query.error} onRetry={query.reload}>
          <Link to={MY_TOURS_PATH} className="btn-secondary">
            {t('guideTours.backToTours')}
          </Link>
        </ErrorCard>
      ) : (
        <LoadingCard label={t('guideTours.loadingTour')} />
      )}
    </PageShell>
  )
}

/** /guide/tours/new and /guide/tours/:id/edit */
export function TourEditorPage() {
  const { id } = useParams()
  return id ? <EditTour key={id} tourId={id} /> : <TourEditor tour={null} />
}
