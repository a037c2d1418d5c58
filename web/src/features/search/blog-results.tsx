import { BlogCard } from '../../components/blog-card'
import { SpinnerIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { usePagedList } from '../../lib/use-paged-list'
import { BLOG_SEARCH_TAGS, blogSearchKey, searchBlogs } from './api/search-blogs'

/**
 * Blog posts matching the search, under the guides and destinations. Only worth a section
 * when something matches; a failure here leaves the rest of the page alone.
 */
export function BlogResults({ query }: { query: string }) {
  const t = useT()
  const list = usePagedList({
    key: blogSearchKey(query),
    tags: BLOG_SEARCH_TAGS,
    loadPage: (page, _cursor, signal) => searchBlogs(query, page, signal),
    enabled: query !== '',
  })
  if (query === '' || list.items.length === 0) return null
  return (
    <section aria-labelledby="matching-blogs" className="mt-14">
      <h2 id="matching-blogs" className="font-display text-2xl font-bold text-himal-900">
        {t('search.blogsMatching', { query })}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.items.map((blog) => (
          <li key={blog._id}>
            <BlogCard blog={blog} headingLevel="h3" />
          </li>
        ))}
      </ul>
      {list.hasMore && (
        <div className="mt-6 flex justify-center">
          <button type="button" className="btn-secondary" onClick={list.loadMore} disabled={list.isFetchingMore} aria-busy={list.isFetchingMore}>
            {list.isFetchingMore && <SpinnerIcon className="animate-spin" />} {t('search.moreBlogs')}
          </button>
        </div>
      )}
    </section>
  )
}
