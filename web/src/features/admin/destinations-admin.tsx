import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { MapPinIcon, MountainIcon, PencilIcon, PlusIcon, SpinnerIcon, StarIcon, TrashIcon } from '../../components/icons'
import { ImagePicker } from '../../components/image-picker'
import { ModalDialog } from '../../components/modal-dialog'
import { Photo } from '../../components/photo'
import { formatRating, reviewCountText } from '../../components/star-rating'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { TextAreaField } from '../../components/text-area-field'
import { TextField } from '../../components/text-field'
import { Toast, useToast } from '../../components/toast'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { DESTINATIONS_TAG, destinationTag } from '../../lib/cache-tags'
import { DESTINATION_LIST_TAGS, destinationListKey, listDestinations, type Destination } from '../../lib/list-destinations'
import { mediaUrl } from '../../lib/media-url'
import { usePagedList } from '../../lib/use-paged-list'
import { createDestination } from './api/create-destination'
import { deleteDestination } from './api/delete-destination'
import { updateDestination } from './api/update-destination'
import { updateTrekFacts } from './api/update-trek-facts'
import { EMPTY_DRAFT, draftForm, draftFrom, validateDraft, type DestinationDraft } from './destination-form'
import { HighlightsField } from './highlights-field'
import { TrekFactsFields } from './trek-facts-fields'
import { EMPTY_TREK_FACTS, trekDraftFrom, trekFactsRequest, validateTrekFacts, type TrekFactsDraft } from './trek-facts-form'
import { msg, useT } from '../../i18n/messages'
import { localNumberFormat } from '../../lib/intl-formats'

/** Destinations per page of the admin list. */
export const ADMIN_DESTINATIONS_PAGE_SIZE = 10
export const NO_DESTINATIONS = msg('admin.noDestinations')

// The admin sees what was added last first: a new destination has no reviews to rank it by yet.
const listQuery = { limit: ADMIN_DESTINATIONS_PAGE_SIZE, query: '', sort: 'newest' } as const

type Editor = { mode: 'create' } | { mode: 'edit'; destination: Destination } | null

type DestinationEditorProps = {
  editor: NonNullable<Editor>
  onSaved: (message: string, destinationId: string) => void
  onCancel: () => void
}

function DestinationEditor({ editor, onSaved, onCancel }: DestinationEditorProps) {
  const [draft, setDraft] = useState<DestinationDraft>(() => (editor.mode === 'edit' ? draftFrom(editor.destination) : EMPTY_DRAFT))
  const [trek, setTrek] = useState<TrekFactsDraft>(() => (editor.mode === 'edit' ? trekDraftFrom(editor.destination) : EMPTY_TREK_FACTS))
  // After a create whose trek facts failed, saving again edits the destination just made.
  const [savedId, setSavedId] = useState<string | null>(editor.mode === 'edit' ? editor.destination._id : null)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const t = useT()
  const set = <K extends keyof DestinationDraft>(key: K, value: DestinationDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))

  useEffect(() => {
    // Opening the form moves the reader to it.
    headingRef.current?.focus()
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }, [])

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const invalid = validateDraft(draft, savedId ? 'edit' : 'create') ?? validateTrekFacts(trek)
    setError(invalid)
    if (invalid) return
    setSaving(true)
    const form = draftForm(draft)
    const result = savedId ? await updateDestination(savedId, form) : await createDestination(form)
    if (!result.ok) {
      setSaving(false)
      setError(result.message)
      return
    }
    const id = result.data.destination._id
    setSavedId(id)
    // The facts go in a second request (JSON, not the photo's multipart form).
    const facts = await updateTrekFacts(id, trekFactsRequest(trek))
    setSaving(false)
    if (!facts.ok) {
      setError(t('admin.trekFactsNotSaved', { message: facts.message }))
      return
    }
    onSaved(result.data.message, id)
  }

  const title = editor.mode === 'edit' ? t('admin.editName', { name: editor.destination.name }) : t('admin.addADestination')
  return (
    <form onSubmit={save} noValidate className="card space-y-5 p-5 sm:p-6" aria-labelledby="destination-editor-title">
      <h2 id="destination-editor-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        <TextField label={t('admin.name')} value={draft.name} onChange={(e) => set('name', e.target.value)} maxLength={120} required placeholder={t('admin.namePlaceholder')} />
        <TextField
          label={t('admin.location')}
          value={draft.location}
          onChange={(e) => set('location', e.target.value)}
          maxLength={120}
          required
          placeholder={t('admin.locationPlaceholder')}
        />
      </div>
      <div>
        <TextAreaField
          label={t('admin.description')}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          rows={6}
          maxLength={5000}
          required
          aria-describedby="destination-description-hint"
        />
        <p id="destination-description-hint" className="mt-1 text-xs text-slate-500">
          {t('admin.blankLineHint')}
        </p>
      </div>
      <HighlightsField legend={t('admin.highlights')} items={draft.highlights} onChange={(items) => set('highlights', items)} disabled={saving} />
      <fieldset className="space-y-5 rounded-xl border border-slate-200 p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('admin.inNepali')}</legend>
        <p className="-mt-2 text-xs text-slate-500">{t('admin.inNepaliHint')}</p>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField label={t('admin.nameNe')} lang="ne" value={draft.nameNe} onChange={(e) => set('nameNe', e.target.value)} maxLength={120} />
          <TextField label={t('admin.locationNe')} lang="ne" value={draft.locationNe} onChange={(e) => set('locationNe', e.target.value)} maxLength={120} />
        </div>
        <TextAreaField label={t('admin.descriptionNe')} lang="ne" value={draft.descriptionNe} onChange={(e) => set('descriptionNe', e.target.value)} rows={6} maxLength={5000} />
        <HighlightsField legend={t('admin.highlightsNe')} lang="ne" items={draft.highlightsNe} onChange={(items) => set('highlightsNe', items)} disabled={saving} />
      </fieldset>
      <div className="grid grid-cols-2 gap-4 sm:gap-5 lg:grid-cols-4">
        <TextField
          label={t('admin.latitude')}
          type="number"
          inputMode="decimal"
          min={-90}
          max={90}
          step="any"
          value={draft.latitude}
          onChange={(e) => set('latitude', e.target.value)}
          placeholder="28.2096"
        />
        <TextField
          label={t('admin.longitude')}
          type="number"
          inputMode="decimal"
          min={-180}
          max={180}
          step="any"
          value={draft.longitude}
          onChange={(e) => set('longitude', e.target.value)}
          placeholder="83.9856"
        />
      </div>
      <p className="-mt-2 text-xs text-slate-500">{t('admin.mapPointHint')}</p>
      <label className="flex items-center gap-3 text-sm font-medium text-slate-700">
        <input type="checkbox" checked={draft.popular} onChange={(e) => set('popular', e.target.checked)} className="h-5 w-5 rounded border-slate-300 accent-himal-700" />
        {t('admin.popularDestination')}
      </label>
      <ImagePicker
        label={editor.mode === 'edit' ? t('admin.photoOptional') : t('admin.photo')}
        file={draft.image}
        onChange={(file) => set('image', file)}
        currentUrl={editor.mode === 'edit' ? mediaUrl(editor.destination.imageThumb ?? editor.destination.image) : null}
        shape="wide"
        required={editor.mode === 'create'}
        disabled={saving}
      />
      <TrekFactsFields draft={trek} onChange={setTrek} disabled={saving} />
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
          {t('admin.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
          {saving && <SpinnerIcon />} {editor.mode === 'edit' ? t('admin.saveChanges') : t('admin.addDestination')}
        </button>
      </div>
    </form>
  )
}

function DestinationRow({ destination, onEdit, onDelete }: { destination: Destination; onEdit: () => void; onDelete: () => void }) {
  const point = destination.coordinates
  const t = useT()
  const coordinate = localNumberFormat({ minimumFractionDigits: 4, maximumFractionDigits: 4 })
  return (
    <li className="card grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 p-4 sm:grid-cols-[auto_1fr_auto]" aria-label={destination.name}>
      <Photo src={destination.imageThumb ?? destination.image} alt="" className="h-16 w-20 rounded-xl sm:h-20 sm:w-28" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/destination/${destination._id}`} className="font-semibold text-slate-900 hover:text-himal-700">
            {destination.name}
          </Link>
          {destination.popular && <span className="rounded-full bg-marigold-100 px-2 py-0.5 text-xs font-semibold text-marigold-800">{t('admin.popular')}</span>}
        </div>
        <p className="mt-0.5 text-sm text-slate-600">{destination.location}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span className="inline-flex items-center gap-1">
            <StarIcon className="text-marigold-400" /> {formatRating(destination.rating)} · {reviewCountText(destination.reviews)}
          </span>
          <span className="inline-flex items-center gap-1">
            <MapPinIcon /> {point ? `${coordinate.format(point.latitude)}, ${coordinate.format(point.longitude)}` : t('admin.noMapPoint')}
          </span>
        </p>
      </div>
      <div className="col-span-2 flex gap-2 sm:col-span-1">
        <button type="button" className="btn-secondary flex-1 sm:flex-none" onClick={onEdit} aria-label={t('admin.editName', { name: destination.name })}>
          <PencilIcon /> {t('admin.edit')}
        </button>
        <button
          type="button"
          className="btn flex-1 border border-red-300 bg-white text-red-700 hover:bg-red-50 sm:flex-none"
          onClick={onDelete}
          aria-label={t('admin.deleteName', { name: destination.name })}
        >
          <TrashIcon /> {t('admin.delete')}
        </button>
      </div>
    </li>
  )
}

/** The admin's destinations: a paged list, a form to add or edit one, and delete with confirmation. */
export function DestinationsAdmin() {
  const cache = useClientCache()
  const list = usePagedList({ key: destinationListKey(listQuery), tags: DESTINATION_LIST_TAGS, loadPage: (page) => listDestinations(listQuery, page) })
  const [editor, setEditor] = useState<Editor>(null)
  const [deleting, setDeleting] = useState<Destination | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { toast, show } = useToast()
  const t = useT()

  function saved(message: string, destinationId: string) {
    setEditor(null)
    show(message)
    // Every list and the destination's own page, here and on the public pages, fetch again.
    invalidate(cache, DESTINATIONS_TAG, destinationTag(destinationId))
  }

  function askDelete(destination: Destination) {
    setDeleteError(null)
    setDeleting(destination)
  }

  function closeDelete() {
    if (!busy) setDeleting(null)
  }

  async function confirmDelete(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!deleting) return
    setBusy(true)
    const result = await deleteDestination(deleting._id)
    setBusy(false)
    if (!result.ok) {
      setDeleteError(result.message)
      return
    }
    if (editor?.mode === 'edit' && editor.destination._id === deleting._id) setEditor(null)
    setDeleting(null)
    show(result.data.message)
    invalidate(cache, DESTINATIONS_TAG, destinationTag(deleting._id))
  }

  return (
    <div className="space-y-5">
      <Toast toast={toast} />
      <div className="card flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="text-sm text-slate-600">{t('admin.popularFirst')}</p>
        <button type="button" className="btn-primary" onClick={() => setEditor({ mode: 'create' })} disabled={editor?.mode === 'create'}>
          <PlusIcon /> {t('admin.addDestination')}
        </button>
      </div>

      {editor && <DestinationEditor key={editor.mode === 'edit' ? editor.destination._id : 'new'} editor={editor} onSaved={saved} onCancel={() => setEditor(null)} />}

      {list.status === 'loading' && (
        <div className="card">
          <LoadingCard label={t('admin.loadingDestinations')} />
        </div>
      )}
      {list.status === 'error' && <ErrorCard message={list.error ?? t('admin.destinationsLoadFailed')} onRetry={list.reload} />}
      {list.status === 'success' && list.items.length === 0 && (
        <EmptyCard icon={<MountainIcon />} title={t(NO_DESTINATIONS)}>
          {t('admin.noDestinationsText')}
        </EmptyCard>
      )}
      {list.items.length > 0 && (
        <ul className="space-y-3" aria-label={t('admin.secDestinationsLabel')}>
          {list.items.map((destination) => (
            <DestinationRow key={destination._id} destination={destination} onEdit={() => setEditor({ mode: 'edit', destination })} onDelete={() => askDelete(destination)} />
          ))}
        </ul>
      )}
      {list.status === 'success' && list.error && (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          {list.error}
        </p>
      )}
      {list.hasMore && (
        <div className="flex justify-center">
          <button type="button" className="btn-secondary" onClick={list.loadMore} disabled={list.isFetchingMore} aria-busy={list.isFetchingMore}>
            {list.isFetchingMore && <SpinnerIcon />} {t('admin.loadMoreDestinations')}
          </button>
        </div>
      )}

      <ModalDialog open={deleting !== null} title={deleting ? t('admin.deleteNameQ', { name: deleting.name }) : t('admin.deleteDestinationQ')} onClose={closeDelete}>
        <form onSubmit={confirmDelete}>
          <p className="text-sm text-slate-600">{t('admin.deleteDestinationText')}</p>
          {deleteError && (
            <div className="mt-4">
              <FormAlert tone="error">{deleteError}</FormAlert>
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={closeDelete} disabled={busy}>
              {t('admin.cancel')}
            </button>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} aria-busy={busy}>
              {busy ? <SpinnerIcon /> : <TrashIcon />} {t('admin.deleteDestination')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </div>
  )
}
