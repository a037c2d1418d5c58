import { useSearchParams } from 'react-router'
import { CompassIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { EmptyCard, ErrorCard } from '../../components/status-card'
import { useT } from '../../i18n/messages'
import { DESTINATIONS_TAG, TOURS_TAG } from '../../lib/cache-tags'
import { formatLocalNumber } from '../../lib/intl-formats'
import { listDestinations } from '../../lib/list-destinations'
import { useCachedQuery } from '../../lib/use-cached-query'
import { listTours, TOURS_LOAD_FAILED } from './api/tours'
import { TourCard, TourCardSkeleton } from './tour-card'
import { TourFilterBar } from './tour-filter-bar'
import { activeTourFilterCount, changeFilters, clearTourFilters, readTourFilters, tourListKey, tourQuery, writeTourFilters, type TourFilters } from './tour-filters'

/** Tours per page. */
export const TOURS_PAGE_SIZE = 12

/** Every destination, for the filter's choice (the API gives at most 50 a page; Nepal's list is shorter). */
function useDestinationChoices() {
  const query = useCachedQuery({
    key: 'destinations?limit=50&query=&page=1',
    tags: [DESTINATIONS_TAG],
    load: async () => {
      const result = await listDestinations({ limit: 50, query: '' }, 1)
      return result.ok ? { ok: true as const, data: [...result.data.items].sort((a, b) => a.name.localeCompare(b.name)) } : result
    },
  })
  return query.data ?? []
}

/** Previous / "Page 2 of 4" / Next. */
function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const t = useT()
  if (totalPages <= 1) return null
  return (
    <nav className="flex items-center justify-center gap-3" aria-label={t('tours.pages')}>
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('tours.previousPage')}
      </button>
      <span className="text-sm text-slate-700" aria-current="page">
        {t('tours.pageOf', { page: formatLocalNumber(page), pages: formatLocalNumber(totalPages) })}
      </span>
      <button type="button" className="btn-secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('tours.nextPage')}
      </button>
    </nav>
  )
}

/**
 * /tours: published tours, best rated first, narrowed by filters kept in the URL (so a
 * search survives a reload and can be shared), a page at a time.
 */
export function ToursPage() {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const filters = readTourFilters(params)
  const destinations = useDestinationChoices()
  const list = useCachedQuery({
    key: tourListKey(filters, TOURS_PAGE_SIZE),
    tags: [TOURS_TAG],
    load: (signal) => listTours(tourQuery(filters, TOURS_PAGE_SIZE), signal),
  })

  function setFilters(next: TourFilters) {
    setParams(writeTourFilters(next, params))
  }

  function goToPage(page: number) {
    setFilters(changeFilters(filters, { page }))
    window.scrollTo({ top: 0 })
  }

  const tours = list.data?.tours
  return (
    <PageShell eyebrow={t('tours.eyebrow')} title={t('tours.listTitle')} description={t('tours.listDescription')}>
      <div className="relative -mt-16 space-y-6 sm:-mt-28">
        <TourFilterBar filters={filters} onChange={setFilters} destinations={destinations} total={list.data?.total} />
        <div aria-busy={list.isFetching}>
          {list.status === 'loading' && (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                <li key={i}>
                  <TourCardSkeleton />
                </li>
              ))}
            </ul>
          )}
          {list.status === 'error' && <ErrorCard message={t(list.error ?? TOURS_LOAD_FAILED)} onRetry={list.reload} />}
          {list.status === 'success' && tours?.length === 0 && (
            <EmptyCard icon={<CompassIcon />} title={t('tours.noTours')}>
              {activeTourFilterCount(filters) > 0 ? (
                <>
                  <p>{t('tours.noToursFiltered')}</p>
                  <button type="button" className="btn-primary mt-4" onClick={() => setFilters(clearTourFilters(filters))}>
                    {t('tours.clearFilters')}
                  </button>
                </>
              ) : (
                t('tours.noToursYet')
              )}
            </EmptyCard>
          )}
          {list.status === 'success' && tours && tours.length > 0 && (
            <ul className={`grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${list.isFetching ? 'opacity-60' : ''}`} aria-label={t('tours.results')}>
              {tours.map((tour) => (
                <li key={tour._id}>
                  <TourCard tour={tour} people={filters.groupSize} />
                </li>
              ))}
            </ul>
          )}
        </div>
        {list.status === 'success' && list.data && <Pager page={filters.page} totalPages={list.data.totalPages} onPage={goToPage} />}
      </div>
    </PageShell>
  )
}
