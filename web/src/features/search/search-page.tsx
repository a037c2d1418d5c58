import { Link, useNavigate, useSearchParams } from 'react-router'
import { DestinationCard } from '../../components/destination-card'
import { GuideCard, GuideCardSkeleton } from '../../components/guide-card'
import { GuideResults, useGuideFilters } from '../../components/guide-results'
import { CloseIcon, MapPinIcon, SearchIcon, SpinnerIcon } from '../../components/icons'
import { LoadMore } from '../../components/load-more'
import { PageShell } from '../../components/page-shell'
import { SearchBox } from '../../components/search-box'
import { EmptyCard, ErrorCard } from '../../components/status-card'
import { msg, translate, useT } from '../../i18n/messages'
import { categoryLabel } from '../../lib/guide-categories'
import { localNumberFormat } from '../../lib/intl-formats'
import { DESTINATION_LIST_TAGS, destinationListKey, listDestinations } from '../../lib/list-destinations'
import { readSearchRequest, searchPath, type SearchRequest } from '../../lib/search-url'
import { usePagedList } from '../../lib/use-paged-list'
import { SEARCH_FAILED, SEARCH_TAGS, searchGuides, searchKey } from './api/search-guides'
import { BlogResults } from './blog-results'

export const NO_GUIDES = msg('search.noGuides')
/** Matching destinations shown under the guides. */
export const MATCHING_DESTINATIONS = 6

/** A latitude or longitude to four decimals, in the reader's digits. */
const coordinate = (degrees: number) => localNumberFormat({ minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(degrees)

/** The page's title: where, or what, was searched for. */
export function searchTitle({ q, near, place }: SearchRequest): string {
  if (place !== '') return translate('search.guidesNear', { place })
  if (near) return translate('search.guidesNear', { place: `${coordinate(near.latitude)}, ${coordinate(near.longitude)}` })
  if (q !== '') return translate('search.resultsFor', { q })
  return translate('search.searchGuides')
}

function searchDescription({ q, near, place }: SearchRequest): string {
  if ((near || place !== '') && q !== '') return translate('search.matchingNearestFirst', { q })
  if (near) return translate('search.nearbyDescription')
  if (place !== '') return translate('search.basedIn', { place })
  return translate('search.defaultDescription')
}

function FilterPill({ label, clearTo }: { label: string; clearTo: string }) {
  const t = useT()
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-himal-50 py-1 pr-1 pl-3 text-sm font-medium text-himal-800 ring-1 ring-himal-100">
      {label}
      <Link to={clearTo} aria-label={t('search.removeFilter', { label })} className="flex h-6 w-6 items-center justify-center rounded-full hover:bg-himal-100">
        <CloseIcon />
      </Link>
    </li>
  )
}

function MatchingDestinations({ query }: { query: string }) {
  const t = useT()
  const listQuery = { limit: MATCHING_DESTINATIONS, query }
  const list = usePagedList({
    key: destinationListKey(listQuery),
    tags: DESTINATION_LIST_TAGS,
    loadPage: (page) => listDestinations(listQuery, page),
    enabled: query !== '',
  })
  // Only worth a section when something matches; a failure here leaves the guides alone.
  if (query === '' || list.items.length === 0) return null
  return (
    <section aria-labelledby="matching-destinations" className="mt-14">
      <h2 id="matching-destinations" className="font-display text-2xl font-bold text-himal-900">
        {t('search.destinationsMatching', { query })}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.items.map((destination) => (
          <li key={destination._id}>
            <DestinationCard destination={destination} topRated="earned" />
          </li>
        ))}
      </ul>
      {list.hasMore && (
        <div className="mt-6 flex justify-center">
          <button type="button" className="btn-secondary" onClick={list.loadMore} disabled={list.isFetchingMore} aria-busy={list.isFetchingMore}>
            {list.isFetchingMore && <SpinnerIcon />} {t('search.moreDestinations')}
          </button>
        </div>
      )}
    </section>
  )
}

/** /search?q=&category= (and near=lat,lng, radius, place): guides, then matching destinations. */
export function SearchPage() {
  const navigate = useNavigate()
  const t = useT()
  const [params] = useSearchParams()
  const request = readSearchRequest(params)
  const { q, category, near, place } = request
  const { filters, setFilters, view, setView } = useGuideFilters()
  const guides = usePagedList({
    key: searchKey(request, filters),
    tags: SEARCH_TAGS,
    loadPage: (page, _cursor, signal) => searchGuides(request, page, signal, filters),
  })

  const pills = [
    category !== 'all' && { label: categoryLabel(category), clearTo: searchPath({ ...request, category: undefined }) },
    (near || place !== '') && {
      label: place ? t('search.nearPlace', { place }) : t('search.nearThisPoint'),
      clearTo: searchPath({ q, category: category === 'all' ? undefined : category, filters }),
    },
  ].filter((f): f is { label: string; clearTo: string } => Boolean(f))

  return (
    <PageShell eyebrow={t('search.eyebrow')} title={searchTitle(request)} description={searchDescription(request)}>
      <div className="relative -mt-16 space-y-6 sm:-mt-28">
        <div className="card space-y-3 p-4 sm:p-5">
          <SearchBox
            key={q}
            label={t('search.searchGuides')}
            placeholder={t('search.placeholder')}
            buttonLabel={t('search.searchButton')}
            defaultValue={q}
            onSearch={(text) => navigate(searchPath({ ...request, q: text, category: category === 'all' ? undefined : category }))}
          />
          {pills.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t('search.filters')}>
              {pills.map((filter) => (
                <FilterPill key={filter.label} {...filter} />
              ))}
            </ul>
          )}
        </div>

        <GuideResults
          filters={filters}
          setFilters={setFilters}
          view={view}
          setView={setView}
          total={guides.status === 'success' ? guides.total : undefined}
          withCategory
          canSortByDistance={near != null}
          search={{ ...request, filters }}
          list={
            <section aria-label={t('search.guides')} aria-busy={guides.status === 'loading'}>
              {guides.status === 'loading' && (
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
                  {Array.from({ length: 6 }, (_, i) => (
                    <li key={i}>
                      <GuideCardSkeleton />
                    </li>
                  ))}
                </ul>
              )}
              {guides.status === 'error' && <ErrorCard message={guides.error ?? t(SEARCH_FAILED)} onRetry={guides.reload} />}
              {guides.status === 'success' && guides.items.length === 0 && (
                <EmptyCard icon={near || place ? <MapPinIcon /> : <SearchIcon />} title={t(NO_GUIDES)}>
                  {near || place ? t('search.noGuidesNear') : t('search.tryFewerWords')}{' '}
                  <Link to="/guides" className="text-link">
                    {t('search.browseAllGuides')}
                  </Link>
                </EmptyCard>
              )}
              {guides.status === 'success' && guides.items.length > 0 && (
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {guides.items.map((guide) => (
                    <li key={guide._id}>
                      <GuideCard guide={guide} />
                    </li>
                  ))}
                </ul>
              )}
              <LoadMore list={guides} label={t('search.loadMoreGuides')} />
            </section>
          }
        />
      </div>

      <MatchingDestinations query={q} />
      <BlogResults query={q} />
    </PageShell>
  )
}
