import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../i18n/messages'
import { readGuideFilters, writeGuideFilters, type GuideFilters } from '../lib/guide-filters'
import type { SearchRequest } from '../lib/search-url'
import { GuideFilterBar, type ResultsView } from './guide-filter-bar'
import { SpinnerIcon } from './icons'

// Leaflet is loaded only when the map is opened, so it never grows a page's first load.
const GuideMap = lazy(() => import('./guide-map'))

/**
 * A page's filters and list/map view, read from and written to its URL (`view=map`), so a
 * search can be shared and survives a reload. Changing a filter replaces the history entry's
 * parameters but keeps the others (the search words, the point).
 */
export function useGuideFilters(): { filters: GuideFilters; setFilters: (filters: GuideFilters) => void; view: ResultsView; setView: (view: ResultsView) => void } {
  const [params, setParams] = useSearchParams()
  // The URL as last written. The router hands a functional update the parameters of its
  // last render, not of a navigation still on its way, so two changes in quick succession
  // (a price left, then an order chosen) would lose the first: each builds on this instead.
  const latest = useRef(params)
  useEffect(() => {
    latest.current = params
  }, [params])
  const write = (updated: URLSearchParams) => {
    latest.current = updated
    setParams(updated, { preventScrollReset: true })
  }
  const filters = readGuideFilters(params)
  const view: ResultsView = params.get('view') === 'map' ? 'map' : 'list'
  return {
    filters,
    // Only what this change changed is written over the latest filters.
    setFilters: (next) => {
      const changed = Object.fromEntries(Object.entries(next).filter(([name, value]) => filters[name as keyof GuideFilters] !== value))
      write(writeGuideFilters({ ...readGuideFilters(latest.current), ...changed }, latest.current))
    },
    view,
    setView: (next) => {
      const updated = new URLSearchParams(latest.current)
      if (next === 'map') updated.set('view', 'map')
      else updated.delete('view')
      write(updated)
    },
  }
}

type GuideResultsProps = {
  filters: GuideFilters
  setFilters: (filters: GuideFilters) => void
  view: ResultsView
  setView: (view: ResultsView) => void
  total: number | undefined
  withCategory: boolean
  canSortByDistance: boolean
  /** What the page searches for: the map shows every guide it matches. */
  search: SearchRequest
  /** The list as the page shows it (cards, states, more). */
  list: ReactNode
}

/** The filter bar, then the list or the map of the guides found. */
export function GuideResults({ filters, setFilters, view, setView, total, withCategory, canSortByDistance, search, list }: GuideResultsProps) {
  const t = useT()
  return (
    <div className="space-y-6">
      <GuideFilterBar filters={filters} onChange={setFilters} total={total} withCategory={withCategory} canSortByDistance={canSortByDistance} view={view} onViewChange={setView} />
      {view === 'map' && (
        <Suspense
          fallback={
            <p role="status" className="flex h-[28rem] items-center justify-center gap-2 rounded-2xl bg-slate-100 text-sm text-slate-600">
              <SpinnerIcon className="animate-spin" /> {t('filters.mapLoading')}
            </p>
          }
        >
          <GuideMap search={search} />
        </Suspense>
      )}
      {list}
    </div>
  )
}
