import { useId, useState, type ReactNode } from 'react'
import { msg, useT } from '../i18n/messages'
import { GUIDE_CATEGORIES } from '../lib/guide-categories'
import { FILTER_LANGUAGES, GUIDE_SORTS, NO_FILTERS, PRICE_MAX, RATING_STEPS, activeFilterCount, type GuideFilters, type GuideSort } from '../lib/guide-filters'
import { localNumberFormat } from '../lib/intl-formats'
import { DateFromToday } from './date-from-today'
import { ModalDialog } from './modal-dialog'
import { TrustedOnlyField } from './guide-reliability'

export type ResultsView = 'list' | 'map'

const SORT_LABELS: Record<GuideSort, string> = {
  rating: msg('filters.sort.rating'),
  price_asc: msg('filters.sort.priceAsc'),
  price_desc: msg('filters.sort.priceDesc'),
  reviews: msg('filters.sort.reviews'),
  trusted: msg('filters.sort.trusted'),
  distance: msg('filters.sort.distance'),
}

const LANGUAGE_LABELS: Record<(typeof FILTER_LANGUAGES)[number], string> = {
  English: msg('filters.lang.english'),
  Nepali: msg('filters.lang.nepali'),
  Hindi: msg('filters.lang.hindi'),
  French: msg('filters.lang.french'),
  German: msg('filters.lang.german'),
  Spanish: msg('filters.lang.spanish'),
  Italian: msg('filters.lang.italian'),
  Dutch: msg('filters.lang.dutch'),
  Russian: msg('filters.lang.russian'),
  Hebrew: msg('filters.lang.hebrew'),
  Chinese: msg('filters.lang.chinese'),
  Japanese: msg('filters.lang.japanese'),
  Korean: msg('filters.lang.korean'),
  Tibetan: msg('filters.lang.tibetan'),
  Newari: msg('filters.lang.newari'),
  Gurung: msg('filters.lang.gurung'),
  Sherpa: msg('filters.lang.sherpa'),
  Tharu: msg('filters.lang.tharu'),
  Maithili: msg('filters.lang.maithili'),
}

/** A language's name in the reader's language; one the list does not know, as written. */
export function languageLabel(language: string, t: (id: string) => string): string {
  const known = FILTER_LANGUAGES.find((l) => l === language)
  return known ? t(LANGUAGE_LABELS[known]) : language
}

type FilterBarProps = {
  filters: GuideFilters
  onChange: (filters: GuideFilters) => void
  /** How many guides match; undefined while it is not known. */
  total: number | undefined
  /** Whether the category is chosen here (on /guides the category chips choose it). */
  withCategory: boolean
  /** Whether a point is searched, so nearest first can be offered. */
  canSortByDistance: boolean
  view: ResultsView
  onViewChange: (view: ResultsView) => void
}

function priceOf(text: string): number | null {
  if (text.trim() === '') return null
  const price = Number(text)
  return Number.isFinite(price) && price >= 0 ? Math.min(price, PRICE_MAX) : null
}

/** The filter fields; each change is handed up at once (prices when the field is left). */
function FilterFields({ filters, onChange, withCategory }: Pick<FilterBarProps, 'filters' | 'onChange' | 'withCategory'>) {
  const t = useT()
  const id = useId()
  const set = (change: Partial<GuideFilters>) => onChange({ ...filters, ...change })
  const setPrice = (which: 'minPrice' | 'maxPrice', text: string) => {
    const price = priceOf(text)
    if (price !== filters[which]) set({ [which]: price })
  }
  const number = localNumberFormat({ maximumFractionDigits: 1 })
  const field = 'flex min-w-0 flex-col gap-1'
  const input = 'field-input h-10 py-1.5 text-sm'
  return (
    <>
      {withCategory && (
        <div className={field}>
          <label htmlFor={`${id}-category`} className="field-label">
            {t('filters.category')}
          </label>
          <select id={`${id}-category`} className={input} value={filters.category} onChange={(e) => set({ category: e.target.value })}>
            {GUIDE_CATEGORIES.map((chip) => (
              <option key={chip.value} value={chip.value}>
                {t(chip.label)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={field}>
        <label htmlFor={`${id}-language`} className="field-label">
          {t('filters.language')}
        </label>
        <select id={`${id}-language`} className={input} value={filters.language} onChange={(e) => set({ language: e.target.value })}>
          <option value="">{t('filters.anyLanguage')}</option>
          {/* A shared link may name a language this list does not offer: keep it choosable. */}
          {[...FILTER_LANGUAGES, ...(filters.language !== '' && !FILTER_LANGUAGES.some((l) => l === filters.language) ? [filters.language] : [])].map((language) => (
            <option key={language} value={language}>
              {languageLabel(language, t)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={field}>
        <legend className="field-label mb-1">{t('filters.pricePerDay')}</legend>
        <div className="flex items-center gap-2">
          <input
            key={`min-${filters.minPrice}`}
            type="number"
            name="minPrice"
            inputMode="decimal"
            min={0}
            max={PRICE_MAX}
            aria-label={t('filters.minPrice')}
            placeholder={t('filters.min')}
            className={`${input} w-full`}
            defaultValue={filters.minPrice ?? ''}
            onBlur={(e) => setPrice('minPrice', e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && setPrice('minPrice', e.currentTarget.value)}
          />
          <span aria-hidden="true">–</span>
          <input
            key={`max-${filters.maxPrice}`}
            type="number"
            name="maxPrice"
            inputMode="decimal"
            min={0}
            max={PRICE_MAX}
            aria-label={t('filters.maxPrice')}
            placeholder={t('filters.max')}
            className={`${input} w-full`}
            defaultValue={filters.maxPrice ?? ''}
            onBlur={(e) => setPrice('maxPrice', e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && setPrice('maxPrice', e.currentTarget.value)}
          />
        </div>
      </fieldset>
      <div className={field}>
        <label htmlFor={`${id}-rating`} className="field-label">
          {t('filters.minRating')}
        </label>
        <select
          id={`${id}-rating`}
          className={input}
          value={filters.minRating == null ? '' : String(filters.minRating)}
          onChange={(e) => set({ minRating: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{t('filters.anyRating')}</option>
          {[...RATING_STEPS].reverse().map((rating) => (
            <option key={rating} value={String(rating)}>
              {t('filters.ratingAtLeast', { rating: number.format(rating) })}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor={`${id}-date`} className="field-label">
          {t('filters.freeOn')}
        </label>
        <DateFromToday id={`${id}-date`} className={input} value={filters.date} onChange={(date) => set({ date })} />
      </div>
      <TrustedOnlyField className={field} checked={filters.trusted} onChange={(trusted) => set({ trusted })} />
    </>
  )
}

function SortSelect({ value, onChange, canSortByDistance }: { value: GuideSort; onChange: (sort: GuideSort) => void; canSortByDistance: boolean }) {
  const t = useT()
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        {t('filters.sortBy')}
      </label>
      <select id={id} className="field-input h-10 py-1.5 text-sm" value={value} onChange={(e) => onChange(e.target.value as GuideSort)}>
        {GUIDE_SORTS.filter((sort) => sort !== 'distance' || canSortByDistance).map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
    </div>
  )
}

function ViewToggle({ view, onChange }: { view: ResultsView; onChange: (view: ResultsView) => void }) {
  const t = useT()
  const option = (value: ResultsView, label: ReactNode) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={`h-10 px-4 text-sm font-semibold ${view === value ? 'bg-himal-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
    >
      {label}
    </button>
  )
  return (
    <div role="group" aria-label={t('filters.view')} className="flex overflow-hidden rounded-lg ring-1 ring-slate-300">
      {option('list', t('filters.list'))}
      {option('map', t('filters.map'))}
    </div>
  )
}

/**
 * Filters, order, result count and list/map toggle above a list of guides. On wide screens
 * the fields sit in a row; on phones a "Filters" button opens them in a dialog, where
 * changes wait for "Show results".
 */
export function GuideFilterBar({ filters, onChange, total, withCategory, canSortByDistance, view, onViewChange }: FilterBarProps) {
  const t = useT()
  const [sheetOpen, setSheetOpen] = useState(false)
  const [draft, setDraft] = useState(filters)
  const active = activeFilterCount(withCategory ? filters : { ...filters, category: 'all' })
  const sort = filters.sort ?? (canSortByDistance ? 'distance' : 'rating')

  function openSheet() {
    setDraft(filters)
    setSheetOpen(true)
  }

  return (
    <div className="space-y-3">
      <div className={`hidden gap-3 sm:grid sm:grid-cols-2 ${withCategory ? 'lg:grid-cols-6' : 'lg:grid-cols-5'}`} role="group" aria-label={t('filters.title')}>
        <FilterFields filters={filters} onChange={onChange} withCategory={withCategory} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold text-slate-800" role="status" aria-live="polite">
          {total !== undefined && t('filters.count', { count: total })}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn-secondary h-10 sm:hidden" onClick={openSheet}>
            {active > 0 ? t('filters.buttonActive', { count: active }) : t('filters.button')}
          </button>
          <SortSelect value={sort} onChange={(next) => onChange({ ...filters, sort: next })} canSortByDistance={canSortByDistance} />
          <ViewToggle view={view} onChange={onViewChange} />
        </div>
      </div>
      <ModalDialog open={sheetOpen} title={t('filters.title')} onClose={() => setSheetOpen(false)}>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            // A price typed but not yet left counts too.
            const form = new FormData(e.currentTarget)
            const price = (name: string) => priceOf(String(form.get(name) ?? ''))
            onChange({ ...draft, minPrice: price('minPrice'), maxPrice: price('maxPrice') })
            setSheetOpen(false)
          }}
        >
          <FilterFields filters={draft} onChange={setDraft} withCategory={withCategory} />
          <div className="flex justify-between gap-3">
            <button type="button" className="btn-ghost" onClick={() => setDraft({ ...NO_FILTERS, sort: draft.sort, category: withCategory ? 'all' : draft.category })}>
              {t('filters.clear')}
            </button>
            <button type="submit" className="btn-primary">
              {t('filters.showResults')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </div>
  )
}
