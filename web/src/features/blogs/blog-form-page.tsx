import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { FieldError } from '../../components/field-error'
import { Link, useBlocker, useNavigate, useParams } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { ImageIcon, SpinnerIcon } from '../../components/icons'
import { ImagePicker } from '../../components/image-picker'
import { ModalDialog } from '../../components/modal-dialog'
import { PageShell } from '../../components/page-shell'
import { TextAreaField } from '../../components/text-area-field'
import { TextField } from '../../components/text-field'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { useAuth } from '../../lib/auth-store'
import type { Blog } from '../../lib/blog-text'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BLOGS_TAG, blogTag } from '../../lib/cache-tags'
import { mediaUrl } from '../../lib/media-url'
import { useCachedQuery } from '../../lib/use-cached-query'
import { createBlog } from './api/create-blog'
import { BLOG_DATA_LOAD_FAILED, getMyBlog, myBlogKey, myBlogTags } from './api/get-my-blog'
import { updateBlog } from './api/update-blog'
import type { SavedState } from './blog-dashboard-page'
import { CONTENT_MAX, EMPTY_DRAFT, TITLE_MAX, draftForm, draftFrom, isDirty, serverLength, validateDraft, type BlogDraft, type DraftErrors } from './blog-form'
import { msg, useT } from '../../i18n/messages'
import { localNumberFormat } from '../../lib/intl-formats'

export const DASHBOARD_PATH = '/blog/dashboard'

type Mode = { kind: 'create' } | { kind: 'edit'; blog: Blog }

const TEXT = {
  create: { title: msg('blogs.createTitle'), description: msg('blogs.createDescription'), submit: msg('blogs.publish'), saving: msg('blogs.creating') },
  edit: { title: msg('blogs.editYourBlog'), description: msg('blogs.editDescription'), submit: msg('blogs.update'), saving: msg('blogs.updating') },
} as const

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const t = useT()
  const tone = length > max ? 'font-semibold text-red-700' : length > max * 0.9 ? 'font-semibold text-marigold-700' : 'text-slate-500'
  return (
    <p id={id} className={`shrink-0 text-xs whitespace-nowrap tabular-nums ${tone}`}>
      {t('blogs.counter', { length: localNumberFormat().format(length), max: localNumberFormat().format(max) })}
    </p>
  )
}

/** Asks before leaving a form with unsaved changes: in-app links through the router, reloads and closing through the browser. */
function useLeaveGuard(dirty: boolean, saved: RefObject<boolean>) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname)

  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => {
      if (saved.current) return
      e.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty, saved])

  return blocker
}

function BlogForm({ mode }: { mode: Mode }) {
  const navigate = useNavigate()
  const cache = useClientCache()
  const { role } = useAuth()
  const t = useT()
  const titleId = useId()
  const contentId = useId()
  const [start] = useState<BlogDraft>(() => (mode.kind === 'edit' ? draftFrom(mode.blog) : EMPTY_DRAFT))
  const [draft, setDraft] = useState<BlogDraft>(start)
  const [errors, setErrors] = useState<DraftErrors>({})
  const [saveError, setSaveError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const saved = useRef(false)
  const titleRef = useRef<HTMLInputElement>(null)
  const contentRef = useRef<HTMLTextAreaElement>(null)
  const text = TEXT[mode.kind]
  const dirty = isDirty(draft, start)
  const blocker = useLeaveGuard(dirty, saved)

  const set = <K extends keyof BlogDraft>(key: K, value: BlogDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    // A field's message goes once the field is changed.
    if (key === 'title' || key === 'content') setErrors((e) => ({ ...e, [key]: undefined }))
    if (key === 'image') setErrors((e) => ({ ...e, image: undefined }))
  }

  const savedImage = mode.kind === 'edit' && !draft.removeImage ? mediaUrl(mode.blog.image) : null

  function removeImage() {
    setDraft((d) => ({ ...d, image: null, removeImage: mode.kind === 'edit' && mode.blog.image !== null }))
    setErrors((e) => ({ ...e, image: undefined }))
  }

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (saving) return
    const found = validateDraft(draft)
    setErrors(found)
    setSaveError(null)
    if (found.title) return titleRef.current?.focus()
    if (found.content) return contentRef.current?.focus()
    if (found.image) return

    setSaving(true)
    const form = draftForm(draft, role)
    const result = mode.kind === 'edit' ? await updateBlog(mode.blog._id, form) : await createBlog(form)
    if (!result.ok) {
      // Everything typed stays in the form.
      setSaving(false)
      setSaveError(result.message)
      return
    }
    // The feed, searches, the author's list and the post's page all show the change.
    invalidate(cache, BLOGS_TAG, blogTag(result.data.blog._id))
    saved.current = true
    navigate(DASHBOARD_PATH, { state: { message: result.data.message } satisfies SavedState })
  }

  return (
    <PageShell eyebrow={t('blogs.yourBlog')} title={t(text.title)} description={t(text.description)}>
      <form onSubmit={save} noValidate aria-label={t(text.title)} className="card relative -mt-16 space-y-6 p-5 sm:-mt-28 sm:p-8">
        <div>
          <label htmlFor={titleId} className="field-label">
            {t('blogs.title')} <span className="text-red-600">*</span>
          </label>
          <input
            id={titleId}
            ref={titleRef}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={TITLE_MAX}
            required
            disabled={saving}
            placeholder={t('blogs.titlePlaceholder')}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={`${titleId}-count${errors.title ? ` ${titleId}-error` : ''}`}
            className="field-input"
          />
          <div className="mt-1 flex items-start justify-between gap-3">
            <FieldError id={`${titleId}-error`} message={errors.title} />
            <span className="ml-auto">
              <Counter id={`${titleId}-count`} length={serverLength(draft.title)} max={TITLE_MAX} />
            </span>
          </div>
        </div>

        <div>
          <label htmlFor={contentId} className="field-label">
            {t('blogs.content')} <span className="text-red-600">*</span>
          </label>
          <textarea
            id={contentId}
            ref={contentRef}
            value={draft.content}
            onChange={(e) => set('content', e.target.value)}
            maxLength={CONTENT_MAX}
            required
            disabled={saving}
            rows={14}
            placeholder={t('blogs.contentPlaceholder')}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={`${contentId}-hint ${contentId}-count${errors.content ? ` ${contentId}-error` : ''}`}
            className="field-input resize-y leading-relaxed"
          />
          <div className="mt-1 flex items-start justify-between gap-3">
            <div>
              <FieldError id={`${contentId}-error`} message={errors.content} />
              <p id={`${contentId}-hint`} className="text-xs text-slate-500">
                {t('blogs.paragraphHint')}
              </p>
            </div>
            <Counter id={`${contentId}-count`} length={serverLength(draft.content)} max={CONTENT_MAX} />
          </div>
        </div>

        <div className="grid gap-6 border-t border-slate-100 pt-6">
          <TextField label={t('blogs.titleNe')} lang="ne" value={draft.titleNe} onChange={(e) => set('titleNe', e.target.value)} maxLength={TITLE_MAX} disabled={saving} />
          <TextAreaField
            label={t('blogs.contentNe')}
            lang="ne"
            value={draft.contentNe}
            onChange={(e) => set('contentNe', e.target.value)}
            maxLength={CONTENT_MAX}
            disabled={saving}
            rows={8}
          />
        </div>

        <div>
          <ImagePicker
            label={t('blogs.featuredImage')}
            file={draft.image}
            onChange={(file) => set('image', file)}
            currentUrl={savedImage}
            shape="wide"
            disabled={saving}
            onRemove={removeImage}
            placeholder={<ImageIcon />}
            hint={draft.removeImage ? t('blogs.imageWillBeRemoved') : t('blogs.imageHint')}
          />
          {errors.image && (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {errors.image}
            </p>
          )}
        </div>

        {saveError && <FormAlert tone="error">{saveError}</FormAlert>}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => navigate(DASHBOARD_PATH)} disabled={saving}>
            {t('blogs.cancel')}
          </button>
          <button type="submit" className="btn-primary px-6" disabled={saving} aria-busy={saving}>
            {saving && <SpinnerIcon className="animate-spin" />} {saving ? t(text.saving) : t(text.submit)}
          </button>
        </div>
      </form>

      <ModalDialog open={blocker.state === 'blocked'} title={t('blogs.leaveWithoutSaving')} onClose={() => blocker.reset?.()}>
        <p className="text-slate-700">{t('blogs.changesLost')}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => blocker.reset?.()}>
            {t('blogs.keepEditing')}
          </button>
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => blocker.proceed?.()}>
            {t('blogs.leave')}
          </button>
        </div>
      </ModalDialog>
    </PageShell>
  )
}

function EditBlog({ blogId }: { blogId: string }) {
  const query = useCachedQuery({ key: myBlogKey(blogId), tags: myBlogTags(blogId), load: () => getMyBlog(blogId) })
  // The form starts from the post once; a later refetch does not overwrite what is being typed.
  const [loaded, setLoaded] = useState<Blog>()
  const t = useT()
  if (query.data && loaded?._id !== query.data._id) setLoaded(query.data)

  if (loaded) return <BlogForm key={loaded._id} mode={{ kind: 'edit', blog: loaded }} />
  return (
    <PageShell eyebrow={t('blogs.yourBlog')} title={t(TEXT.edit.title)}>
      {query.status === 'error' ? (
        <ErrorCard message={t(BLOG_DATA_LOAD_FAILED)} detail={query.error !== t(BLOG_DATA_LOAD_FAILED) ? query.error : undefined} onRetry={query.reload}>
          <Link to={DASHBOARD_PATH} className="btn-secondary">
            {t('blogs.backToDashboard')}
          </Link>
        </ErrorCard>
      ) : (
        <LoadingCard label={t('blogs.loadingBlog')} />
      )}
    </PageShell>
  )
}

/** /blog/create and /blog/edit/:blogId */
export function BlogFormPage() {
  const { blogId } = useParams()
  return blogId ? <EditBlog key={blogId} blogId={blogId} /> : <BlogForm mode={{ kind: 'create' }} />
}
