import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { CategoryChips } from '../../components/category-chips'
import { GuideCard, GuideCardSkeleton } from '../../components/guide-card'
import { GuideResults, useGuideFilters } from '../../components/guide-results'
import { SpinnerIcon, UserIcon } from '../../components/icons'
import { OfflineNote } from '../../components/offline-note'
import { PageShell } from '../../components/page-shell'
import { SearchBox } from '../../components/search-box'
import { EmptyCard, ErrorCard } from '../../components/status-card'
import { GUIDE_CATEGORIES } from '../../lib/guide-categories'
import { activeFilterCount, NO_FILTERS } from '../../lib/guide-filters'
import { GUIDES_LOAD_FAILED, GUIDE_LIST_TAGS, guideListKey, listGuides } from '../../lib/list-guides'
import { keepGuides, useSavedGuides } from '../../lib/offline/offline-copies'
import type { SavedGuides } from '../../lib/offline/offline-pack'
import { useOnline } from '../../lib/offline/use-offline-pack'
import { searchPath } from '../../lib/search-url'
import { usePagedList } from '../../lib/use-paged-list'
import { useInfiniteScroll } from '../../lib/use-infinite-scroll'
import { msg, useT } from '../../i18n/messages'

/** Guides per page on the guides list (spec section 9). */
export const GUIDES_PAGE_SIZE = 10
export const NO_GUIDES = msg('guides.noGuides')

function SkeletonGrid({ count }: { count: number }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <GuideCardSkeleton />
        </li>
      ))}
    </ul>
  )
}

/** /guides with no signal: the guides list last seen, marked as a copy. */
function OfflineGuides({ copy }: { copy: SavedGuides }) {
  const t = useT()
  return (
    <div>
      <OfflineNote savedAt={copy.savedAt} copy>
        {t('offline.guidesCopy')}
      </OfflineNote>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('guides.eyebrow')}>
        {copy.guides.map((guide) => (
          <li key={guide._id}>
            <GuideCard guide={guide} headingLevel="h2" />
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * /guides: every verified guide, best rated first, narrowed by category chips and the filter
 * bar (all kept in the URL), as a list loaded as you scroll or on a map.
 */
export function GuidesPage() {
  const navigate = useNavigate()
  const t = useT()
  const { filters, setFilters, view, setView } = useGuideFilters()
  const { category } = filters
  const query = { limit: GUIDES_PAGE_SIZE, category, filters }
  const list = usePagedList({ key: guideListKey(query), tags: GUIDE_LIST_TAGS, loadPage: (page, cursor) => listGuides(query, page, cursor) })
  const online = useOnline()
  const saved = useSavedGuides()
  // With no signal (or none reaching the server) the list last seen stands in, said to be a copy.
  const offlineCopy = saved && saved.guides.length > 0 && (!online || (list.status === 'error' && list.items.length === 0)) ? saved : null
  const canLoadMore = !offlineCopy && list.status === 'success' && list.hasMore && !list.isFetchingMore && !list.error
  useEffect(() => {
    if (online && list.status === 'success' && list.items.length > 0) keepGuides(list.items, list.total ?? list.items.length)
  }, [online, list.status, list.items, list.total])
  useInfiniteScroll({ enabled: canLoadMore, onLoadMore: list.loadMore })
  const filtered = activeFilterCount({ ...filters, category: 'all' }) > 0

  function chooseCategory(value: string) {
    setFilters({ ...filters, category: value })
  }

  return (
    <PageShell eyebrow={t('guides.eyebrow')} title={t('guides.listTitle')} description={t('guides.listDescription')}>
      <div className="relative -mt-16 space-y-8 sm:-mt-28">
        <div className="card space-y-4 p-4 sm:p-5">
          <SearchBox
            label={t('guides.searchGuides')}
            placeholder={t('guides.searchPlaceholder')}
            buttonLabel={t('guides.search')}
            onSearch={(q) => navigate(searchPath({ q, category: category === 'all' ? undefined : category, filters }))}
          />
          <CategoryChips chips={GUIDE_CATEGORIES} value={category} onChange={chooseCategory} label={t('guides.guideCategories')} />
        </div>

        <GuideResults
          filters={filters}
          setFilters={setFilters}
          view={view}
          setView={setView}
          total={offlineCopy ? undefined : list.status === 'success' ? list.total : undefined}
          withCategory={false}
          canSortByDistance={false}
          search={{ q: '', category, near: null, radiusKm: null, place: '', filters }}
          list={
            offlineCopy ? (
              <OfflineGuides copy={offlineCopy} />
            ) : (
              <div aria-busy={list.status === 'loading'} aria-live="polite">
                {list.status === 'loading' && <SkeletonGrid count={6} />}
                {list.status === 'error' && <ErrorCard message={t(list.error ?? GUIDES_LOAD_FAILED)} onRetry={list.reload} />}
                {list.status === 'success' && list.items.length === 0 && (
                  <EmptyCard icon={<UserIcon />} title={t(NO_GUIDES)}>
                    {filtered ? (
                      <>
                        {t('filters.noFilterMatch')}{' '}
                        <button type="button" className="text-link" onClick={() => setFilters({ ...NO_FILTERS, category })}>
                          {t('filters.clearAll')}
                        </button>
                      </>
                    ) : category === 'all' ? (
                      t('guides.emptyAll')
                    ) : (
                      t('guides.emptyCategory')
                    )}
                  </EmptyCard>
                )}
                {list.status === 'success' && list.items.length > 0 && (
                  <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('guides.eyebrow')}>
                    {list.items.map((guide, index) => (
                      <li key={guide._id}>
                        <GuideCard guide={guide} priority={index === 0} headingLevel="h2" />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )
          }
        />

        {!offlineCopy && list.isFetchingMore && (
          <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600">
            <SpinnerIcon className="animate-spin text-himal-600" /> {t('guides.loadingMore')}
          </p>
        )}
        {!offlineCopy && list.status === 'success' && list.error && (
          <div role="alert" className="flex flex-col items-center gap-3 text-center text-sm">
            <p className="font-medium text-red-700">{t(list.error)}</p>
            <button type="button" className="btn-secondary" onClick={list.loadMore}>
              {t('guides.tryAgainTitle')}
            </button>
          </div>
        )}
        {canLoadMore && (
          <div className="flex justify-center">
            <button type="button" className="btn-secondary px-6" onClick={list.loadMore}>
              {t('guides.loadMore')}
            </button>
          </div>
        )}
        {!offlineCopy && list.status === 'success' && list.items.length > 0 && !list.hasMore && <p className="text-center text-sm text-slate-500">{t('guides.seenAll')}</p>}
      </div>
    </PageShell>
  )
}
