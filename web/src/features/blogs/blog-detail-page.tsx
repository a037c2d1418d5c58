import { useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { BlogCard } from '../../components/blog-card'
import { AlertIcon, ArrowLeftIcon, CalendarIcon, HeartIcon, ShareIcon, SpinnerIcon } from '../../components/icons'
import { MountainScene } from '../../components/mountain-scene'
import { ReportButton } from '../../components/report-dialog'
import { Photo, WIDE_SIZES } from '../../components/photo'
import { Toast, useToast } from '../../components/toast'
import { useAuth } from '../../lib/auth-store'
import { authorName, formatBlogDate, likeCountText, type Blog } from '../../lib/blog-text'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BLOGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { usePagedList } from '../../lib/use-paged-list'
import { usePageTitle } from '../../lib/use-page-title'
import { BLOG_LOAD_FAILED, blogKey, blogTags, getBlog } from './api/get-blog'
import { likeBlog } from './api/like-blog'
import { BLOG_FEED_KEY, BLOG_FEED_TAGS, listBlogs } from './api/list-blogs'
import { unlikeBlog } from './api/unlike-blog'
import { paragraphs } from './blog-body'
import { COPY_FAILED, LINK_COPIED } from '../../lib/share'
import { msg, translate, useT } from '../../i18n/messages'
import { blogInLanguage, useContentLanguage } from '../../lib/content-language'
import { shareBlog } from './share-blog'
import { useIntlLocale } from '../../i18n/language'
import { formatLocalNumber } from '../../lib/intl-formats'

export const LOG_IN_TO_LIKE = msg('blogs.logInToLike')
/** Other recent posts shown under a post. */
export const MORE_BLOGS = 3

type Notify = (text: string, tone: 'success' | 'error') => void

/** Back to the previous page, or to the feed when the post was opened directly. */
function useGoBack(): () => void {
  const navigate = useNavigate()
  const location = useLocation()
  return () => (location.key === 'default' ? navigate('/blogs') : navigate(-1))
}

/** The real like count; pressing it likes or takes the like back (signed-out readers are asked to log in). */
function LikeButton({ blog, onMessage }: { blog: Blog; onMessage: Notify }) {
  const cache = useClientCache()
  const { isSignedIn } = useAuth()
  const [busy, setBusy] = useState(false)
  const [askLogIn, setAskLogIn] = useState(false)
  const t = useT()
  // Re-renders with the reader's digits when they switch language.
  useIntlLocale()

  async function toggle() {
    if (!isSignedIn) {
      setAskLogIn(true)
      return
    }
    setBusy(true)
    const result = blog.likedByMe ? await unlikeBlog(blog._id) : await likeBlog(blog._id)
    setBusy(false)
    if (!result.ok) {
      // A session that could not be refreshed has signed out by now.
      if (result.status === 401) setAskLogIn(true)
      else onMessage(result.message, 'error')
      return
    }
    // The answer is the post's new state: show it at once, and let every card catch up.
    cache.set(blogKey(blog._id), { ...blog, likeCount: result.data.likeCount, likedByMe: result.data.liked }, { tags: blogTags(blog._id) })
    invalidate(cache, BLOGS_TAG)
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-pressed={blog.likedByMe}
        aria-label={t('blogs.likeLabel', { likes: likeCountText(blog.likeCount) })}
        onClick={() => void toggle()}
        disabled={busy}
        aria-busy={busy}
        className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors disabled:cursor-wait ${
          blog.likedByMe ? 'bg-rose-50 text-rose-700 ring-rose-200 hover:bg-rose-100' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:text-rose-700'
        }`}
      >
        {busy ? <SpinnerIcon className="animate-spin" /> : <HeartIcon filled={blog.likedByMe} className={blog.likedByMe ? 'text-rose-600' : ''} />}
        <span>{formatLocalNumber(blog.likeCount)}</span>
      </button>
      {askLogIn && !isSignedIn && (
        <p role="status" className="text-sm text-slate-600">
          {t(LOG_IN_TO_LIKE)}{' '}
          <Link to="/login" className="text-link">
            {t('blogs.logIn')}
          </Link>
        </p>
      )}
    </div>
  )
}

function ShareButton({ blog, onMessage, label }: { blog: Blog; onMessage: Notify; label: string }) {
  async function share() {
    const outcome = await shareBlog(blog)
    if (outcome === 'copied') onMessage(translate(LINK_COPIED), 'success')
    if (outcome === 'failed') onMessage(translate(COPY_FAILED), 'error')
  }
  return (
    <button type="button" className="btn-secondary" onClick={() => void share()}>
      <ShareIcon /> {label}
    </button>
  )
}

/** Up to three other recent posts from the feed; nothing when there are none. */
function MoreBlogs({ currentId }: { currentId: string }) {
  const feed = usePagedList({ key: BLOG_FEED_KEY, tags: BLOG_FEED_TAGS, loadPage: listBlogs })
  const others = feed.items.filter((blog) => blog._id !== currentId).slice(0, MORE_BLOGS)
  const t = useT()
  if (others.length === 0) return null
  return (
    <section aria-labelledby="more-blogs" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
      <h2 id="more-blogs" className="font-display text-2xl font-bold text-himal-900">
        {t('blogs.youMightAlsoLike')}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {others.map((blog) => (
          <li key={blog._id}>
            <BlogCard blog={blog} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  )
}

function BlogView({ blog }: { blog: Blog }) {
  const goBack = useGoBack()
  const { toast, show } = useToast()
  const author = authorName(blog)
  const t = useT()
  const backButton = (
    <button
      type="button"
      onClick={goBack}
      className="inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-2 text-sm font-semibold text-himal-900 shadow-sm ring-1 ring-slate-900/5 hover:bg-white"
    >
      <ArrowLeftIcon /> {t('blogs.back')}
    </button>
  )

  return (
    <>
      <article aria-labelledby="blog-title" className="pb-12">
        <Toast toast={toast} />
        <div className="relative isolate">
          {blog.image ? (
            <Photo src={blog.image} variants={blog.imageVariants} sizes={WIDE_SIZES} alt={blog.title} priority className="h-64 sm:h-[28rem]" />
          ) : (
            <div className="relative h-44 overflow-hidden bg-gradient-to-b from-himal-100 via-himal-50 to-slate-50 sm:h-56">
              <MountainScene className="absolute inset-x-0 bottom-0 h-24 w-full opacity-50 sm:h-32" groundColor="#f8fafc" groundOpacity={1} />
            </div>
          )}
          <div className="absolute inset-x-0 top-0">
            <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6 lg:px-8">{backButton}</div>
          </div>
        </div>

        <div className="relative mx-auto -mt-16 max-w-3xl px-4 sm:-mt-24 sm:px-6">
          <div className="card p-6 sm:p-10">
            <h1 id="blog-title" className="font-display text-3xl font-bold tracking-tight break-words text-himal-900 sm:text-4xl">
              {blog.title}
            </h1>
            <div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-b border-slate-100 pb-6">
              <div className="flex items-center gap-3">
                <Avatar src={null} name={author} className="h-11 w-11 text-sm" />
                <div className="text-sm">
                  <p className="font-semibold text-slate-900">{author}</p>
                  <p className="mt-0.5 inline-flex items-center gap-1.5 text-slate-500">
                    <CalendarIcon />
                    <time dateTime={blog.createdAt}>{formatBlogDate(blog.createdAt)}</time>
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap items-start gap-2">
                <LikeButton blog={blog} onMessage={show} />
                <ShareButton blog={blog} onMessage={show} label={t('blogs.share')} />
                <ReportButton targetType="blog" targetId={blog._id} onMessage={show} />
              </div>
            </div>

            {/* Text nodes only: whatever the author typed shows as written, never as markup. */}
            <div className="mt-6 space-y-5 text-base leading-relaxed break-words text-slate-700 sm:text-lg">
              {paragraphs(blog.description).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>

            <div className="mt-10 flex flex-col gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:justify-between">
              <Link to="/blogs" className="btn-secondary">
                <ArrowLeftIcon /> {t('blogs.backToBlogs')}
              </Link>
              <ShareButton blog={blog} onMessage={show} label={t('blogs.shareThisBlog')} />
            </div>
          </div>
        </div>
      </article>
      <MoreBlogs currentId={blog._id} />
    </>
  )
}

/** /blog/:blogId */
export function BlogDetailPage() {
  const { blogId = '' } = useParams()
  const goBack = useGoBack()
  const t = useT()
  const language = useContentLanguage()
  const query = useCachedQuery({ key: blogKey(blogId), tags: blogTags(blogId), load: (signal) => getBlog(blogId, signal), enabled: blogId !== '' })
  const blog = query.data && blogInLanguage(query.data, language)
  usePageTitle(blog ? t('blogs.pageTitle', { title: blog.title, author: authorName(blog) }) : t('blogs.travelStory'))

  if (blog) return <BlogView blog={blog} />
  if (query.status === 'error') {
    return (
      <div className="px-4 py-16">
        <div role="alert" className="card mx-auto max-w-md p-8 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-2xl text-red-700">
            <AlertIcon />
          </span>
          <h1 className="mt-4 text-lg font-semibold text-slate-900">{query.error ?? t(BLOG_LOAD_FAILED)}</h1>
          <p className="mt-1 text-sm text-slate-500">{query.error === undefined || query.error === t(BLOG_LOAD_FAILED) ? t('blogs.checkConnection') : t('blogs.mayBeRemoved')}</p>
          <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <button type="button" className="btn-primary" onClick={goBack}>
              <ArrowLeftIcon /> {t('blogs.goBack')}
            </button>
            <button type="button" className="btn-secondary" onClick={query.reload}>
              {t('blogs.tryAgain')}
            </button>
          </div>
          <Link to="/blogs" className="mt-4 inline-block text-sm text-link">
            {t('blogs.allBlogs')}
          </Link>
        </div>
      </div>
    )
  }
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-32 text-slate-600">
      <SpinnerIcon className="animate-spin text-3xl text-himal-600" />
      <span>{t('blogs.loadingBlog')}</span>
    </div>
  )
}
