import { useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { BlogCard, BlogCardSkeleton } from '../../components/blog-card'
import { AlertIcon, PencilIcon, SpinnerIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { SearchBox } from '../../components/search-box'
import { EmptyCard, ErrorCard } from '../../components/status-card'
import { useAuth } from '../../lib/auth-store'
import { searchPath } from '../../lib/search-url'
import { usePagedList } from '../../lib/use-paged-list'
import { useInfiniteScroll } from '../../lib/use-infinite-scroll'
import { BLOGS_LOAD_FAILED, BLOG_FEED_KEY, BLOG_FEED_TAGS, listBlogs } from './api/list-blogs'
import { useFillViewport } from './use-fill-viewport'
import { msg, useT } from '../../i18n/messages'

export const LOADING_MORE = msg('blogs.loadingMore')
export const END_OF_BLOGS = msg('blogs.endOfBlogs')
export const NO_BLOGS = msg('blogs.noBlogs')

function SkeletonGrid() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i}>
          <BlogCardSkeleton />
        </li>
      ))}
    </ul>
  )
}

/** /blogs: the newest posts first, loaded page by page as the reader scrolls. */
export function BlogsPage() {
  const navigate = useNavigate()
  const { isSignedIn } = useAuth()
  const t = useT()
  const list = usePagedList({ key: BLOG_FEED_KEY, tags: BLOG_FEED_TAGS, loadPage: listBlogs })
  const canLoadMore = list.status === 'success' && list.hasMore && !list.isFetchingMore && !list.error
  useInfiniteScroll({ enabled: canLoadMore, onLoadMore: list.loadMore })
  const feedRef = useRef<HTMLUListElement>(null)
  useFillViewport({ enabled: canLoadMore, itemCount: list.items.length, onLoadMore: list.loadMore, list: feedRef })

  return (
    <PageShell eyebrow={t('blogs.blogsEyebrow')} title={t('blogs.latestBlogs')} description={t('blogs.feedDescription')}>
      <div className="relative -mt-16 space-y-8 sm:-mt-28">
        <div className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
          <div className="min-w-0 flex-1">
            <SearchBox
              label={t('blogs.searchBlogs')}
              placeholder={t('blogs.searchBlogsPlaceholder')}
              buttonLabel={t('blogs.search')}
              onSearch={(q) => navigate(searchPath({ q }))}
            />
          </div>
          {isSignedIn && (
            <Link to="/blog/create" className="btn-accent shrink-0">
              <PencilIcon /> {t('blogs.writeABlog')}
            </Link>
          )}
        </div>

        <div aria-busy={list.status === 'loading'}>
          {list.status === 'loading' && <SkeletonGrid />}
          {list.status === 'error' && <ErrorCard message={list.error ?? t(BLOGS_LOAD_FAILED)} onRetry={list.reload} />}
          {list.status === 'success' && list.items.length === 0 && (
            <EmptyCard icon={<PencilIcon />} title={t(NO_BLOGS)}>
              {t('blogs.feedEmpty')}{' '}
              <Link to={isSignedIn ? '/blog/create' : '/login'} className="text-link">
                {isSignedIn ? t('blogs.writeFirst') : t('blogs.logInToWriteFirst')}
              </Link>
            </EmptyCard>
          )}
          {list.items.length > 0 && (
            <ul ref={feedRef} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('blogs.blogsEyebrow')}>
              {list.items.map((blog, index) => (
                <li key={blog._id}>
                  <BlogCard blog={blog} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
        </div>

        {list.isFetchingMore && (
          <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600">
            <SpinnerIcon className="animate-spin text-himal-600" /> {t(LOADING_MORE)}
          </p>
        )}
        {list.status === 'success' && list.error && (
          <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-center text-sm">
            <p className="flex items-center gap-2 font-medium text-red-800">
              <AlertIcon /> {list.error}
            </p>
            <button type="button" className="btn-secondary" onClick={list.loadMore}>
              {t('blogs.tryAgain')}
            </button>
          </div>
        )}
        {canLoadMore && (
          <div className="flex justify-center">
            <button type="button" className="btn-secondary px-6" onClick={list.loadMore}>
              {t('blogs.loadMoreBlogs')}
            </button>
          </div>
        )}
        {list.status === 'success' && list.items.length > 0 && !list.hasMore && <p className="text-center text-sm text-slate-500">{t(END_OF_BLOGS)}</p>}
      </div>
    </PageShell>
  )
}
