import { useId, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { AlertIcon, ArrowLeftIcon, CalendarIcon, CheckIcon, MapPinIcon, MountainIcon, SpinnerIcon, StarIcon, SunIcon, UsersIcon } from '../../components/icons'
import { Photo, WIDE_SIZES } from '../../components/photo'
import { formatRating, reviewCountText } from '../../components/star-rating'
import { Toast, useToast } from '../../components/toast'
import type { Destination } from '../../lib/list-destinations'
import { usePrice } from '../../lib/currencies'
import { useCachedQuery } from '../../lib/use-cached-query'
import { usePageTitle } from '../../lib/use-page-title'
import { DESTINATION_LOAD_FAILED, destinationKey, destinationTags, getDestination } from './api/get-destination'
import { FavouriteButton, ShareButton } from './destination-actions'
import { BEST_TIME_TO_VISIT, CANCELLATION_NOTE, CANCELLATION_POLICY, HIGHLIGHTS, TRIP_PRICE, VISITOR_OPTIONS, guidesNearPath, paragraphs } from './plan-trip'

export const SOMETHING_WENT_WRONG = 'Something went wrong'

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

function PlanTripPanel({ destination }: { destination: Destination }) {
  const navigate = useNavigate()
  const dateId = useId()
  const visitorsId = useId()
  const today = new Date().toISOString().slice(0, 10)
  const price = usePrice()
  const rows = [
    { label: 'Base price', amount: TRIP_PRICE.base },
    { label: 'Guide fee', amount: TRIP_PRICE.guideFee },
  ]
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="plan-trip">
      <h2 id="plan-trip" className="text-lg font-semibold text-slate-900">
        Plan your trip
      </h2>
      <div className="mt-4 space-y-4">
        <div>
          <label htmlFor={dateId} className="field-label">
            Visit Date
          </label>
          <div className="relative">
            <CalendarIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500" />
            <input id={dateId} type="date" min={today} className="field-input pl-10" />
          </div>
        </div>
        <div>
          <label htmlFor={visitorsId} className="field-label">
            Number of Visitors
          </label>
          <div className="relative">
            <UsersIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500" />
            <select id={visitorsId} className="field-input pl-10" defaultValue={VISITOR_OPTIONS[0]}>
              {VISITOR_OPTIONS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <dl className="mt-5 space-y-2 border-t border-slate-100 pt-4 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between text-slate-600">
            <dt>{row.label}</dt>
            <dd>{price.show(row.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-semibold text-slate-900">
          <dt>Total</dt>
          <dd>{price.show(TRIP_PRICE.total)}</dd>
        </div>
      </dl>
      <button type="button" className="btn-accent mt-5 w-full py-3 text-base" onClick={() => navigate(guidesNearPath(destination))}>
        Book This Trip
      </button>
      <p className="mt-2 text-center text-xs text-slate-500">Choose a local guide for {destination.name} on the next page.</p>
      <p className="mt-4 flex items-center justify-center gap-1.5 text-sm text-emerald-700">
        <CheckIcon /> {CANCELLATION_NOTE}
      </p>
      <p className="mt-1 text-center text-xs text-slate-500">{CANCELLATION_POLICY}</p>
    </section>
  )
}

function DestinationView({ destination }: { destination: Destination }) {
  const goBack = useGoBack()
  const { toast, show } = useToast()
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
              <ArrowLeftIcon /> Back
            </button>
            <div className="flex gap-2">
              <FavouriteButton destination={destination} />
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
                <span className="sr-only">Rated</span>
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
                <p className="font-semibold">Popular Destination</p>
                <p className="text-sm">One of the places travellers choose most often.</p>
              </div>
            </div>
          )}
          <Section title="About this destination" icon={<MountainIcon />}>
            <div className="space-y-3 leading-relaxed whitespace-pre-line">
              {paragraphs(destination.description).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </Section>
          <Section title="Highlights" icon={<StarIcon filled={false} />}>
            <ul className="grid gap-3 sm:grid-cols-2">
              {HIGHLIGHTS.map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-sm text-emerald-700">
                    <CheckIcon />
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Best time to visit" icon={<SunIcon />}>
            <p>{BEST_TIME_TO_VISIT}</p>
          </Section>
        </div>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <PlanTripPanel destination={destination} />
        </aside>
      </div>
    </article>
  )
}

/** /destination/:id */
export function DestinationDetailPage() {
  const { id = '' } = useParams()
  const goBack = useGoBack()
  const query = useCachedQuery({ key: destinationKey(id), tags: destinationTags(id), load: (signal) => getDestination(id, signal), enabled: id !== '' })
  usePageTitle(query.data ? [query.data.name, query.data.location].filter(Boolean).join(', ') : 'Destination')

  if (query.data) return <DestinationView destination={query.data} />
  if (query.status === 'error') {
    return (
      <div className="px-4 py-16">
        <div role="alert" className="card mx-auto max-w-md p-8 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-2xl text-red-700">
            <AlertIcon />
          </span>
          <h1 className="mt-4 text-lg font-semibold text-slate-900">{SOMETHING_WENT_WRONG}</h1>
          <p className="mt-1 text-sm text-slate-600">{query.error ?? DESTINATION_LOAD_FAILED}</p>
          <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <button type="button" className="btn-primary" onClick={goBack}>
              <ArrowLeftIcon /> Go back
            </button>
            <button type="button" className="btn-secondary" onClick={query.reload}>
              Try Again
            </button>
          </div>
          <Link to="/destinations" className="mt-4 inline-block text-sm text-link">
            All destinations
          </Link>
        </div>
      </div>
    )
  }
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-32 text-slate-600">
      <SpinnerIcon className="animate-spin text-3xl text-himal-600" />
      <span>Loading destination...</span>
    </div>
  )
}
