import { useId, useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import {
  AlertIcon,
  ArrowLeftIcon,
  CalendarIcon,
  CheckIcon,
  CompassIcon,
  FlagIcon,
  GlobeIcon,
  MapPinIcon,
  MountainIcon,
  ShieldIcon,
  SpinnerIcon,
  StarIcon,
  SunIcon,
  UsersIcon,
} from '../../components/icons'
import { Photo, WIDE_SIZES } from '../../components/photo'
import { formatRating, reviewCountText } from '../../components/star-rating'
import { Toast, useToast } from '../../components/toast'
import { useIntlLocale } from '../../i18n/language'
import { msg, useT, type Translator } from '../../i18n/messages'
import type { Destination } from '../../lib/list-destinations'
import { todayInNepal } from '../../lib/booking'
import { usePrice } from '../../lib/currencies'
import { useCachedQuery } from '../../lib/use-cached-query'
import { usePageTitle } from '../../lib/use-page-title'
import { destinationInLanguage, useContentLanguage } from '../../lib/content-language'
import { altitudeText, durationText, feeText, monthRanges, type Permit } from '../../lib/trek-facts'
import { DESTINATION_LOAD_FAILED, destinationKey, destinationTags, getDestination } from './api/get-destination'
import { DateFromToday } from '../../components/date-from-today'
import { SaveButton } from '../../components/save-button'
import { ShareButton } from './destination-actions'
import { TourPrices } from './tour-prices'
import { CompactTourList, useToursOf } from '../tours/compact-tour-list'
import {
  BEST_TIME_TO_VISIT,
  CANCELLATION_NOTE,
  CANCELLATION_POLICY,
  HIGHLIGHTS,
  NATIONALITY_OPTIONS,
  TRIP_PRICE,
  VISITOR_OPTIONS,
  guidesNearPath,
  paragraphs,
  permitTotals,
  tripStart,
  visitorCount,
  type Nationality,
} from './plan-trip'

/** The 'Tours to …' section shows this many; the panel asks the same question, so one request serves both. */
const DESTINATION_TOURS_LIMIT = 6
const destinationTours = (destinationId: string) => ({ destination: destinationId, limit: DESTINATION_TOURS_LIMIT })

export const SOMETHING_WENT_WRONG = msg('app.errorTitle')

/** Back to the previous page, or to the list when this page was opened directly. */
function useGoBack(): () => void {
  const navigate = useNavigate()
  const location = useLocation()
  return () => (location.key === 'default' ? navigate('/destinations') : navigate(-1))
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span className="text-himal-600">{icon}</span>
        {title}
      </h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  )
}

/** The permits' cost for the group, beside the guide cost (issue 15). */
function PermitSum({ permits, visitors, nationality, days }: { permits: readonly Permit[]; visitors: number; nationality: Nationality; days: number }) {
  const t = useT()
  const totals = permitTotals(permits, { visitors, nationality, days })
  const both = (npr: number | null, usd: number | null) => [npr != null && feeText(npr, 'NPR'), usd != null && feeText(usd, 'USD')].filter(Boolean).join(' + ')
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-3 text-sm" role="group" aria-label={t('trek.permitsTitle')}>
      <p className="font-semibold text-slate-900">{t('trek.sumTitle', { visitors, days })}</p>
      <dl className="mt-2 space-y-1.5">
        {totals.lines.map((line) => (
          <div key={line.name} className="flex justify-between gap-3 text-slate-600">
            <dt className="min-w-0">{line.name}</dt>
            <dd className="shrink-0 text-right tabular-nums">{both(line.npr, line.usd)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1.5 font-semibold text-slate-900">
          <dt>{t('trek.sumTotal')}</dt>
          <dd className="text-right tabular-nums">{both(totals.npr || null, totals.usd || null) || feeText(0, 'NPR')}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">{t('trek.sumNote')}</p>
    </div>
  )
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // The icon sits in the <dt>: a <dl>'s groups may hold only <dt> and <dd>.
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-himal-50 text-himal-700">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 pl-9 font-medium text-slate-900">{children}</dd>
    </div>
  )
}

/** Duration, highest point, difficulty and guide rule: only the facts the destination has. */
function TrekFactsSection({ destination }: { destination: Destination }) {
  const t = useT()
  const duration = durationText(destination, t)
  const altitude = altitudeText(destination)
  const guide = destination.licensedGuideRequired
  if (!duration && !altitude && !destination.difficulty && !guide) return null
  return (
    <Section title={t('trek.factsTitle')} icon={<CompassIcon />}>
      <dl className="grid gap-4 sm:grid-cols-2">
        {duration && (
          <Fact icon={<CalendarIcon />} label={t('trek.duration')}>
            {duration}
          </Fact>
        )}
        {altitude && (
          <Fact icon={<MountainIcon />} label={t('trek.highestPoint')}>
            {altitude}
          </Fact>
        )}
        {destination.difficulty && (
          <Fact icon={<FlagIcon />} label={t('trek.difficulty')}>
            {t(DIFFICULTY_IDS[destination.difficulty])}
          </Fact>
        )}
        {guide && (
          <Fact icon={<ShieldIcon />} label={t('trek.guide')}>
            {t('trek.guideRequired')}
          </Fact>
        )}
      </dl>
    </Section>
  )
}

const DIFFICULTY_IDS = {
  easy: msg('trek.difficultyEasy'),
  moderate: msg('trek.difficultyModerate'),
  hard: msg('trek.difficultyHard'),
  strenuous: msg('trek.difficultyStrenuous'),
} as const
const PER_IDS = { entry: msg('trek.perEntry'), week: msg('trek.perWeek'), day: msg('trek.perDay') } as const

function PermitsSection({ permits }: { permits: readonly Permit[] }) {
  const t = useT()
  if (permits.length === 0) return null
  return (
    <Section title={t('trek.permitsTitle')} icon={<ShieldIcon />}>
      <ul className="divide-y divide-slate-100">
        {permits.map((permit) => {
          const fees = [
            permit.feeNpr != null && t(PER_IDS[permit.per], { fee: feeText(permit.feeNpr, 'NPR') }),
            permit.saarcFeeNpr != null && t('trek.saarcFee', { fee: feeText(permit.saarcFeeNpr, 'NPR') }),
            permit.feeUsd != null && t(PER_IDS[permit.per], { fee: feeText(permit.feeUsd, 'USD') }),
          ].filter(Boolean)
          return (
            <li key={permit.name} className="py-3 first:pt-0 last:pb-0">
              <p className="font-medium text-slate-900">{permit.name}</p>
              <p className="text-sm text-slate-700">{fees.join(' · ')}</p>
              {permit.note && <p className="mt-0.5 text-sm text-slate-500">{permit.note}</p>}
            </li>
          )
        })}
      </ul>
      <p className="mt-3 text-xs text-slate-500">{t('trek.feesNote')}</p>
    </Section>
  )
}

/** The destination's own best months in full ("October to November, April to May"), else the spec's fixed text. */
function bestTimeToVisit(months: readonly number[], t: Translator, locale: string): string {
  return monthRanges(months, locale, t('trek.allYear'), 'long', t('trek.monthsTo')) ?? t(BEST_TIME_TO_VISIT)
}

/**
 * 'Plan your trip': where the destination has tours, the all-in price of its cheapest tours
 * for the chosen date, group and nationality, and 'Book This Trip' leads to them; where it
 * has none (or they cannot be loaded), the spec's fixed figures and guides nearby.
 */
function PlanTripPanel({ destination }: { destination: Destination }) {
  const navigate = useNavigate()
  const dateId = useId()
  const visitorsId = useId()
  const nationalityId = useId()
  const t = useT()
  const [date, setDate] = useState('')
  const [visitors, setVisitors] = useState<string>(VISITOR_OPTIONS[0])
  const [nationality, setNationality] = useState<Nationality>('foreign')
  const today = todayInNepal()
  const price = usePrice()
  const tours = useToursOf(destinationTours(destination._id))
  const hasTours = tours.data ? tours.data.total > 0 : tours.status === 'error' ? false : undefined
  const rows = [
    { label: t('destinations.basePrice'), amount: TRIP_PRICE.base },
    { label: t('destinations.guideFee'), amount: TRIP_PRICE.guideFee },
  ]
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="plan-trip">
      <h2 id="plan-trip" className="text-lg font-semibold text-slate-900">
        {t('destinations.planTrip')}
      </h2>
      <div className="mt-4 space-y-4">
        <div>
          <label htmlFor={dateId} className="field-label">
            {t('destinations.visitDate')}
          </label>
          <DateFromToday
            id={dateId}
            className="field-input pl-10"
            value={date}
            onChange={setDate}
            icon={<CalendarIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500" />}
          />
        </div>
        <div>
          <label htmlFor={visitorsId} className="field-label">
            {t('destinations.visitors')}
          </label>
          <div className="relative">
            <UsersIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500" />
            <select id={visitorsId} className="field-input pl-10" value={visitors} onChange={(e) => setVisitors(e.target.value)}>
              {VISITOR_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {t(option)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {destination.permits.length > 0 && (
          <div>
            <label htmlFor={nationalityId} className="field-label">
              {t('trek.permitFeesFor')}
            </label>
            <div className="relative">
              <GlobeIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500" />
              <select id={nationalityId} className="field-input pl-10" value={nationality} onChange={(e) => setNationality(e.target.value as Nationality)}>
                {NATIONALITY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(option.label)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </div>
      {hasTours === undefined ? (
        <p role="status" className="mt-5 flex items-center justify-center gap-2 border-t border-slate-100 pt-4 text-sm text-slate-500">
          <SpinnerIcon className="animate-spin text-himal-600" /> {t('destinations.loadingPrices')}
        </p>
      ) : hasTours ? (
        <TourPrices destination={destination} start={tripStart(date, today)} visitors={visitorCount(visitors)} nationality={nationality} />
      ) : (
        <>
          <dl className="mt-5 space-y-2 border-t border-slate-100 pt-4 text-sm">
            {rows.map((row) => (
              <div key={row.label} className="flex justify-between text-slate-600">
                <dt>{row.label}</dt>
                <dd>{price.show(row.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-semibold text-slate-900">
              <dt>{t('common.total')}</dt>
              <dd>{price.show(TRIP_PRICE.total)}</dd>
            </div>
          </dl>
          {destination.permits.length > 0 && (
            <PermitSum permits={destination.permits} visitors={visitorCount(visitors)} nationality={nationality} days={destination.durationDays?.min ?? 1} />
          )}
          <button type="button" className="btn-accent mt-5 w-full py-3 text-base" onClick={() => navigate(guidesNearPath(destination))}>
            {t('destinations.bookTrip')}
          </button>
          <p className="mt-2 text-center text-xs text-slate-500">{t('destinations.chooseGuideNext', { name: destination.name })}</p>
        </>
      )}
      <p className="mt-4 flex items-center justify-center gap-1.5 text-sm text-emerald-700">
        <CheckIcon /> {t(CANCELLATION_NOTE)}
      </p>
      <p className="mt-1 text-center text-xs text-slate-500">{t(CANCELLATION_POLICY)}</p>
    </section>
  )
}

function DestinationView({ destination }: { destination: Destination }) {
  const goBack = useGoBack()
  const { toast, show } = useToast()
  const t = useT()
  const locale = useIntlLocale()
  return (
    <article aria-labelledby="destination-name">
      <Toast toast={toast} />
      <div className="relative isolate">
        <Photo src={destination.image} variants={destination.imageVariants} sizes={WIDE_SIZES} alt={destination.name} priority className="h-72 sm:h-[26rem]" />
        <div className="absolute inset-0 bg-gradient-to-t from-slate-950/80 via-slate-950/20 to-slate-950/10" />
        <div className="absolute inset-x-0 top-0">
          <div className="mx-auto flex max-w-6xl items-center justify-between px-4 pt-4 sm:px-6 lg:px-8">
            <button
              type="button"
              onClick={goBack}
              className="inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-2 text-sm font-semibold text-himal-900 shadow-sm hover:bg-white"
            >
              <ArrowLeftIcon /> {t('destinations.back')}
            </button>
            <div className="flex gap-2">
              <SaveButton kind="destination" id={destination._id} name={destination.name} onMessage={show} />
              <ShareButton destination={destination} onMessage={show} />
            </div>
          </div>
        </div>
        <div className="absolute inset-x-0 bottom-0">
          <div className="mx-auto max-w-6xl px-4 pb-6 text-white sm:px-6 sm:pb-8 lg:px-8">
            <h1 id="destination-name" className="font-display text-3xl font-bold tracking-tight drop-shadow sm:text-5xl">
              {destination.name}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:text-base">
              <span className="inline-flex items-center gap-1.5">
                <MapPinIcon /> {destination.location}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <StarIcon className="text-marigold-400" />
                <span className="sr-only">{t('common.ratedPrefix')}</span>
                <span className="font-semibold">{formatRating(destination.rating)}</span>
                <span className="text-white/80">({reviewCountText(destination.reviews)})</span>
              </span>
            </p>
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-3 lg:px-8">
        <div className="space-y-6 lg:col-span-2">
          {destination.popular && (
            <div className="flex items-center gap-3 rounded-2xl bg-marigold-50 px-5 py-4 text-marigold-900 ring-1 ring-marigold-200">
              <StarIcon className="shrink-0 text-xl text-marigold-500" />
              <div>
                <p className="font-semibold">{t('destinations.popular')}</p>
                <p className="text-sm">{t('destinations.popularText')}</p>
              </div>
            </div>
          )}
          <Section title={t('destinations.about')} icon={<MountainIcon />}>
            <div className="space-y-3 leading-relaxed whitespace-pre-line">
              {paragraphs(destination.description).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </Section>
          <CompactTourList
            filters={destinationTours(destination._id)}
            title={t('destinations.toursTo', { name: destination.name })}
            empty={t('destinations.noTours', { name: destination.name })}
            more={{ to: `/tours?destination=${encodeURIComponent(destination._id)}`, label: t('destinations.allTours') }}
          />
          <TrekFactsSection destination={destination} />
          <PermitsSection permits={destination.permits} />
          <Section title={t('destinations.highlights')} icon={<StarIcon filled={false} />}>
            <ul className="grid gap-3 sm:grid-cols-2">
              {highlightsOf(destination, t).map((item, i) => (
                <li key={i} className="flex items-center gap-2">
                  <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-sm text-emerald-700">
                    <CheckIcon />
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t('destinations.bestTime')} icon={<SunIcon />}>
            <p>{bestTimeToVisit(destination.bestMonths, t, locale)}</p>
          </Section>
        </div>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <PlanTripPanel destination={destination} />
        </aside>
      </div>
    </article>
  )
}

/** The destination's own highlights in the reader's language, else the spec's four (issue 26). */
function highlightsOf(destination: Destination, t: Translator): readonly string[] {
  return destination.highlights.length > 0 ? destination.highlights : HIGHLIGHTS.map((id) => t(id))
}

/** /destination/:id */
export function DestinationDetailPage() {
  const { id = '' } = useParams()
  const goBack = useGoBack()
  const t = useT()
  const language = useContentLanguage()
  const query = useCachedQuery({ key: destinationKey(id), tags: destinationTags(id), load: (signal) => getDestination(id, signal), enabled: id !== '' })
  const destination = query.data && destinationInLanguage(query.data, language)
  usePageTitle(destination ? [destination.name, destination.location].filter(Boolean).join(', ') : t('destinations.pageTitle'))

  if (destination) return <DestinationView destination={destination} />
  if (query.status === 'error') {
    return (
      <div className="px-4 py-16">
        <div role="alert" className="card mx-auto max-w-md p-8 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-2xl text-red-700">
            <AlertIcon />
          </span>
          <h1 className="mt-4 text-lg font-semibold text-slate-900">{t(SOMETHING_WENT_WRONG)}</h1>
          <p className="mt-1 text-sm text-slate-600">{query.error ?? t(DESTINATION_LOAD_FAILED)}</p>
          <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <button type="button" className="btn-primary" onClick={goBack}>
              <ArrowLeftIcon /> {t('destinations.goBack')}
            </button>
            <button type="button" className="btn-secondary" onClick={query.reload}>
              {t('common.tryAgain')}
            </button>
          </div>
          <Link to="/destinations" className="mt-4 inline-block text-sm text-link">
            {t('destinations.all')}
          </Link>
        </div>
      </div>
    )
  }
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-32 text-slate-600">
      <SpinnerIcon className="animate-spin text-3xl text-himal-600" />
      <span>{t('destinations.loadingOne')}</span>
    </div>
  )
}
