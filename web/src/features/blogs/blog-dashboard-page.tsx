import { useEffect, useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useFlashMessage } from '../../lib/use-flash-message'
import { FormAlert } from '../../components/form-alert'
import { CalendarIcon, EyeIcon, HeartIcon, ImageIcon, PencilIcon, PlusIcon, SearchIcon, SpinnerIcon, TrashIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { PageShell } from '../../components/page-shell'
import { Photo } from '../../components/photo'
import { EmptyCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { blogPath, excerpt, formatBlogDate, likeCountText, type Blog } from '../../lib/blog-text'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BLOGS_TAG, blogTag } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { DELETE_BLOG_FAILED, deleteBlog } from './api/delete-blog'
import { MY_BLOGS_KEY, MY_BLOGS_TAGS, listMyBlogs } from './api/list-my-blogs'
import { filterBlogs } from './dashboard-filter'
import { msg, useT } from '../../i18n/messages'
import { useIntlLocale } from '../../i18n/language'
import { formatLocalNumber } from '../../lib/intl-formats'

export const DELETE_CONFIRM = msg('blogs.deleteConfirm')
export const NO_MATCHES_TITLE = msg('blogs.noMatchesTitle')
export const NO_MATCHES_TEXT = msg('blogs.noMatchesText')
export const START_WRITING = msg('blogs.startWriting')
export const NO_IMAGE = msg('blogs.noImage')

/** What the form leaves in the navigation state for the dashboard to say: 'Blog published'. */
export type { FlashState as SavedState } from '../../lib/use-flash-message'

export const editPath = (blogId: string) => `/blog/edit/${blogId}`

function DashboardCard({ blog, onDelete }: { blog: Blog; onDelete: () => void }) {
  const image = blog.imageThumb ?? blog.image
  const t = useT()
  return (
    <article className="card flex h-full flex-col overflow-hidden" aria-label={blog.title}>
      {image ? (
        <Photo src={image} alt="" className="h-44" />
      ) : (
        <div className="flex h-44 flex-col items-center justify-center gap-2 bg-slate-100 text-sm text-slate-500">
          <ImageIcon className="text-3xl text-slate-500" />
          {t(NO_IMAGE)}
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-3 text-xs text-slate-500">
          <span className="inline-flex items-center gap-1.5">
            <CalendarIcon className="text-himal-500" />
            <time dateTime={blog.createdAt}>{formatBlogDate(blog.createdAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <HeartIcon className="text-slate-500" /> {likeCountText(blog.likeCount)}
          </span>
        </div>
        <h2 className="mt-2 line-clamp-2 text-lg font-semibold break-words text-slate-900">{blog.title}</h2>
        <p className="mt-2 text-sm break-words text-slate-600">{excerpt(blog.description)}</p>
        <div className="mt-auto grid grid-cols-3 gap-2 pt-5">
          <Link to={blogPath(blog._id)} className="btn-secondary px-2" aria-label={t('blogs.viewTitle', { title: blog.title })}>
            <EyeIcon /> {t('blogs.view')}
          </Link>
          <Link to={editPath(blog._id)} className="btn-secondary px-2" aria-label={t('blogs.editTitle', { title: blog.title })}>
            <PencilIcon /> {t('blogs.edit')}
          </Link>
          <button
            type="button"
            className="btn border border-red-300 bg-white px-2 text-red-700 hover:bg-red-50"
            onClick={onDelete}
            aria-label={t('blogs.deleteTitle', { title: blog.title })}
          >
            <TrashIcon /> {t('blogs.delete')}
          </button>
        </div>
      </div>
    </article>
  )
}

function DeleteDialog({ blog, onClose, onDeleted }: { blog: Blog | null; onClose: () => void; onDeleted: (message: string) => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const t = useT()

  function close() {
    if (busy) return
    setError(null)
    onClose()
  }

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!blog) return
    setBusy(true)
    setError(null)
    const result = await deleteBlog(blog._id)
    setBusy(false)
    if (!result.ok) {
      setError(t(DELETE_BLOG_FAILED))
      return
    }
    onDeleted(result.data.message)
  }

  return (
    <ModalDialog open={blog !== null} title={t('blogs.deleteBlog')} onClose={close}>
      <form onSubmit={confirm} className="space-y-4">
        <p className="text-slate-700">{t(DELETE_CONFIRM)}</p>
        {blog && <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm font-semibold break-words text-slate-900">{blog.title}</p>}
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
            {t('blogs.cancel')}
          </button>
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} aria-busy={busy}>
            {busy ? <SpinnerIcon className="animate-spin" /> : <TrashIcon />} {t('blogs.delete')}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

/** /blog/dashboard: the signed-in author's own posts, with search, edit and delete. */
export function BlogDashboardPage() {
  const cache = useClientCache()
  const t = useT()
  // Re-renders with the reader's digits when they switch language.
  useIntlLocale()
  const searchId = useId()
  const [search, setSearch] = useState('')
  const [deleting, setDeleting] = useState<Blog | null>(null)
  const { toast, show } = useToast()
  useFlashMessage(show)
  const query = useCachedQuery({ key: MY_BLOGS_KEY, tags: MY_BLOGS_TAGS, load: listMyBlogs })

  useEffect(() => {
    // The spec only logs a failed load; the page then shows the empty state.
    if (query.error) console.error('Could not load your blogs:', query.error)
  }, [query.error])

  const blogs = query.data ?? []
  const shown = filterBlogs(blogs, search)
  const filtering = search.trim() !== ''
  const loading = query.data === undefined && query.status === 'loading'

  function deleted(message: string) {
    const blog = deleting
    setDeleting(null)
    show(message)
    // The feed, searches, this list and the post's own page all drop it.
    if (blog) invalidate(cache, BLOGS_TAG, blogTag(blog._id))
  }

  return (
    <PageShell eyebrow={t('blogs.yourBlog')} title={t('blogs.blogDashboard')} description={t('blogs.manageContent')}>
      <Toast toast={toast} />
      <div className="relative -mt-16 space-y-8 sm:-mt-28">
        <div className="card grid gap-4 p-4 sm:p-5 md:grid-cols-[auto_1fr_auto] md:items-center">
          <div className="flex items-center gap-3 rounded-xl bg-himal-50 px-4 py-3 ring-1 ring-himal-100">
            <span className="text-xs font-semibold tracking-wide text-himal-700 uppercase">{t('blogs.totalBlogs')}</span>
            <span className="font-display text-2xl font-bold text-himal-900" aria-live="polite">
              {loading ? '…' : formatLocalNumber(blogs.length)}
            </span>
          </div>
          <div className="relative min-w-0">
            <label htmlFor={searchId} className="sr-only">
              {t('blogs.searchYourBlogs')}
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-lg text-slate-500" />
            <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('blogs.searchByTitle')} className="field-input pl-11" />
          </div>
          <Link to="/blog/create" className="btn-accent">
            <PlusIcon /> {t('blogs.createNewBlog')}
          </Link>
        </div>

        <div aria-busy={loading}>
          {loading && (
            <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
              <SpinnerIcon className="animate-spin text-2xl text-himal-600" /> {t('blogs.loadingYourBlogs')}
            </p>
          )}
          {!loading && shown.length === 0 && filtering && (
            <EmptyCard icon={<SearchIcon />} title={t(NO_MATCHES_TITLE)}>
              {t(NO_MATCHES_TEXT)}
            </EmptyCard>
          )}
          {!loading && shown.length === 0 && !filtering && (
            <EmptyCard icon={<PencilIcon />} title={t('blogs.noBlogs')}>
              <p>{t(START_WRITING)}</p>
              <div className="mt-5 flex flex-col items-center justify-center gap-3 sm:flex-row">
                <Link to="/blog/create" className="btn-primary">
                  <PlusIcon /> {t('blogs.createFirstBlog')}
                </Link>
                {query.status === 'error' && (
                  <button type="button" className="btn-secondary" onClick={query.reload}>
                    {t('blogs.reload')}
                  </button>
                )}
              </div>
            </EmptyCard>
          )}
          {shown.length > 0 && (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('blogs.yourBlogs')}>
              {shown.map((blog) => (
                <li key={blog._id}>
                  <DashboardCard blog={blog} onDelete={() => setDeleting(blog)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <DeleteDialog blog={deleting} onClose={() => setDeleting(null)} onDeleted={deleted} />
    </PageShell>
  )
}
