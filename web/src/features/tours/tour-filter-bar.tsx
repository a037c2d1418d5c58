import { useId, useState, type FormEvent } from 'react'
import { languageLabel } from '../../components/guide-filter-bar'
import { ModalDialog } from '../../components/modal-dialog'
import { TrustedOnlyField } from '../../components/guide-reliability'
import { msg, useT } from '../../i18n/messages'
import { FILTER_LANGUAGES } from '../../lib/guide-filters'
import type { Destination } from '../../lib/list-destinations'
import {
  ALTITUDE_MAX_M,
  DAYS_MAX,
  DIFFICULTIES,
  GROUP_MAX,
  TOUR_PRICE_MAX,
  TOUR_SORTS,
  activeTourFilterCount,
  changeFilters,
  clearTourFilters,
  parsePrice,
  parseWhole,
  type TourFilters,
  type TourSort,
} from './tour-filters'

const SORT_LABELS: Record<TourSort, string> = {
  rating: msg('tours.sortRating'),
  price_asc: msg('tours.sortPriceAsc'),
  price_desc: msg('tours.sortPriceDesc'),
  days_asc: msg('tours.sortDaysAsc'),
  days_desc: msg('tours.sortDaysDesc'),
  trusted: msg('tours.sortTrusted'),
}

type NumberName = 'minDays' | 'maxDays' | 'maxAltitudeM' | 'minPrice' | 'maxPrice' | 'groupSize'

const NUMBER_BOUNDS: Record<NumberName, [number, number]> = {
  minDays: [1, DAYS_MAX],
  maxDays: [1, DAYS_MAX],
  maxAltitudeM: [0, ALTITUDE_MAX_M],
  minPrice: [0, TOUR_PRICE_MAX],
  maxPrice: [0, TOUR_PRICE_MAX],
  groupSize: [1, GROUP_MAX],
}

/** A typed number as the filter takes it: out of range or not a number is no filter. */
function numberOf(name: NumberName, text: string): number | null {
  const [min, max] = NUMBER_BOUNDS[name]
  return name === 'minPrice' || name === 'maxPrice' ? parsePrice(text) : parseWhole(text.trim(), min, max)
}

/** The numbers typed in a form (a number typed but not yet left counts too). */
function typedNumbers(form: HTMLFormElement): Partial<TourFilters> {
  const data = new FormData(form)
  const names = Object.keys(NUMBER_BOUNDS) as NumberName[]
  return Object.fromEntries(names.map((name) => [name, numberOf(name, String(data.get(name) ?? ''))]))
}

type FieldsProps = { filters: TourFilters; onChange: (filters: TourFilters) => void; destinations: readonly Destination[] }

/** The filter fields; a choice is handed up at once, a number when its field is left or Enter pressed. */
function FilterFields({ filters, onChange, destinations }: FieldsProps) {
  const t = useT()
  const id = useId()
  const set = (change: Partial<TourFilters>) => onChange(changeFilters(filters, change))
  const field = 'flex min-w-0 flex-col gap-1'
  const input = 'field-input h-10 w-full py-1.5 text-sm'
  const number = (name: NumberName, label: string, placeholder?: string, inputId?: string) => {
    const [min, max] = NUMBER_BOUNDS[name]
    const commit = (text: string) => {
      const value = numberOf(name, text)
      if (value !== filters[name]) set({ [name]: value })
    }
    return (
      <input
        key={`${name}-${filters[name]}`}
        type="number"
        name={name}
        inputMode={name.endsWith('Price') ? 'decimal' : 'numeric'}
        min={min}
        max={max}
        id={inputId}
        aria-label={inputId ? undefined : label}
        placeholder={placeholder}
        className={input}
        defaultValue={filters[name] ?? ''}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            commit(e.currentTarget.value)
          }
        }}
      />
    )
  }
  const destinationKnown = filters.destination === '' || destinations.some((d) => d._id === filters.destination)
  return (
    <>
      <div className={field}>
        <label htmlFor={`${id}-q`} className="field-label">
          {t('tours.words')}
        </label>
        <input
          key={`q-${filters.q}`}
          id={`${id}-q`}
          type="search"
          name="q"
          maxLength={200}
          className={input}
          placeholder={t('tours.wordsPlaceholder')}
          defaultValue={filters.q}
          onBlur={(e) => e.target.value.trim() !== filters.q && set({ q: e.target.value.trim() })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              if (e.currentTarget.value.trim() !== filters.q) set({ q: e.currentTarget.value.trim() })
            }
          }}
        />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-destination`} className="field-label">
          {t('tours.destination')}
        </label>
        <select id={`${id}-destination`} className={input} value={filters.destination} onChange={(e) => set({ destination: e.target.value })}>
          <option value="">{t('tours.anyDestination')}</option>
          {destinations.map((d) => (
            <option key={d._id} value={d._id}>
              {d.name}
            </option>
          ))}
          {/* A shared link may name a destination not in the list (yet): keep it chosen. */}
          {!destinationKnown && <option value={filters.destination}>{t('tours.chosenDestination')}</option>}
        </select>
      </div>
      <fieldset className={field}>
        <legend className="field-label mb-1">{t('tours.days')}</legend>
        <div className="flex items-center gap-2">
          {number('minDays', t('tours.minDays'), t('tours.min'))}
          <span aria-hidden="true">–</span>
          {number('maxDays', t('tours.maxDays'), t('tours.max'))}
        </div>
      </fieldset>
      <fieldset className={field}>
        <legend className="field-label mb-1">{t('tours.pricePerPerson')}</legend>
        <div className="flex items-center gap-2">
          {number('minPrice', t('tours.minPrice'), t('tours.min'))}
          <span aria-hidden="true">–</span>
          {number('maxPrice', t('tours.maxPrice'), t('tours.max'))}
        </div>
      </fieldset>
      <div className={field}>
        <label htmlFor={`${id}-group`} className="field-label">
          {t('tours.groupSize')}
        </label>
        {number('groupSize', t('tours.groupSize'), t('tours.anyGroupSize'), `${id}-group`)}
      </div>
      <div className={field}>
        <label htmlFor={`${id}-date`} className="field-label">
          {t('tours.availableOn')}
        </label>
        <input id={`${id}-date`} type="date" className={input} value={filters.availableOn} onChange={(e) => set({ availableOn: e.target.value })} />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-altitude`} className="field-label">
          {t('tours.maxAltitudeFilter')}
        </label>
        {number('maxAltitudeM', t('tours.maxAltitudeFilter'), t('tours.anyAltitude'), `${id}-altitude`)}
      </div>
      <div className={field}>
        <label htmlFor={`${id}-difficulty`} className="field-label">
          {t('tours.difficulty')}
        </label>
        <select
          id={`${id}-difficulty`}
          className={input}
          value={filters.difficulty ?? ''}
          onChange={(e) => set({ difficulty: DIFFICULTIES.find((d) => d === e.target.value) ?? null })}
        >
          <option value="">{t('tours.anyDifficulty')}</option>
          {DIFFICULTIES.map((difficulty) => (
            <option key={difficulty} value={difficulty}>
              {t('tours.difficultyName', { difficulty })}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor={`${id}-language`} className="field-label">
          {t('tours.language')}
        </label>
        <select id={`${id}-language`} className={input} value={filters.language} onChange={(e) => set({ language: e.target.value })}>
          <option value="">{t('tours.anyLanguage')}</option>
          {[...FILTER_LANGUAGES, ...(filters.language !== '' && !FILTER_LANGUAGES.some((l) => l === filters.language) ? [filters.language] : [])].map((language) => (
            <option key={language} value={language}>
              {languageLabel(language, t)}
            </option>
          ))}
        </select>
      </div>
      <TrustedOnlyField className={field} checked={filters.trusted} onChange={(trusted) => set({ trusted })} />
    </>
  )
}

type BarProps = FieldsProps & {
  /** How many tours match; undefined while not known. */
  total: number | undefined
}

/**
 * Filters, order and count above the tours. On wide screens the fields sit in a grid; on
 * phones a "Filters" button opens them in a sheet, where changes wait for "Show tours".
 */
export function TourFilterBar({ filters, onChange, destinations, total }: BarProps) {
  const t = useT()
  const sortId = useId()
  const [sheetOpen, setSheetOpen] = useState(false)
  const [draft, setDraft] = useState(filters)
  const active = activeTourFilterCount(filters)

  function openSheet() {
    setDraft(filters)
    setSheetOpen(true)
  }

  function submitSheet(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    onChange(changeFilters(draft, { ...typedNumbers(e.currentTarget), q: String(new FormData(e.currentTarget).get('q') ?? '').trim() }))
    setSheetOpen(false)
  }

  return (
    <div className="space-y-3">
      <form
        className="card hidden gap-3 p-4 sm:grid sm:grid-cols-2 lg:grid-cols-4"
        aria-label={t('tours.filters')}
        onSubmit={(e) => {
          e.preventDefault()
          onChange(changeFilters(filters, typedNumbers(e.currentTarget)))
        }}
      >
        <FilterFields filters={filters} onChange={onChange} destinations={destinations} />
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold text-slate-800" role="status" aria-live="polite">
          {total !== undefined && t('tours.count', { count: total })}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn-secondary h-10 sm:hidden" onClick={openSheet}>
            {active > 0 ? t('tours.filtersActive', { count: active }) : t('tours.filters')}
          </button>
          {active > 0 && (
            <button type="button" className="btn-ghost hidden h-10 sm:inline-flex" onClick={() => onChange(clearTourFilters(filters))}>
              {t('tours.clearFilters')}
            </button>
          )}
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm font-medium whitespace-nowrap text-slate-700">
              {t('tours.sortBy')}
            </label>
            <select
              id={sortId}
              className="field-input h-10 py-1.5 text-sm"
              value={filters.sort ?? 'rating'}
              onChange={(e) => onChange(changeFilters(filters, { sort: e.target.value as TourSort }))}
            >
              {TOUR_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <ModalDialog open={sheetOpen} title={t('tours.filters')} onClose={() => setSheetOpen(false)} sheet>
        <form className="grid gap-4" onSubmit={submitSheet}>
          <FilterFields filters={draft} onChange={setDraft} destinations={destinations} />
          <div className="sticky bottom-0 -mx-6 -mb-6 flex justify-between gap-3 border-t border-slate-100 bg-white px-6 py-4">
            <button type="button" className="btn-ghost" onClick={() => setDraft(clearTourFilters(draft))}>
              {t('tours.clearFilters')}
            </button>
            <button type="submit" className="btn-primary">
              {t('tours.showTours')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </div>
  )
}
