import type { ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { ReliabilityFacts, TrustedBadge } from '../../components/guide-reliability'
import { ArrowLeftIcon, AwardIcon, ChatIcon, CheckIcon, CloseIcon, CompassIcon, MapPinIcon } from '../../components/icons'
import { MountainScene } from '../../components/mountain-scene'
import { StarRating, formatRating, reviewCountText } from '../../components/star-rating'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { languageLabel } from '../../components/guide-filter-bar'
import { useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { todayInNepal } from '../../lib/booking'
import type { ApiResult } from '../../lib/api-result'
import { tourTag } from '../../lib/cache-tags'
import { formatMediumDate, formatLocalNumber } from '../../lib/intl-formats'
import { formatRupees } from '../../lib/rupees'
import { useCachedQuery } from '../../lib/use-cached-query'
import { usePageTitle } from '../../lib/use-page-title'
import { AcclimatisationPanel } from './acclimatisation-panel'
import { AltitudeProfile } from './altitude-profile'
import { getTour, TOUR_LOAD_FAILED, type PublicTour } from './api/tours'
import { BookingModeBadge } from './tour-card'
import { RiskBadge } from './risk-badge'
import { formatUsd, loginPath, readTourChoice, writeTourChoice, type TourChoice } from './tour-booking'
import { TourBookingBox } from './tour-booking-box'
import { TourDepartures } from './tour-departures'
import { TourGallery } from './tour-gallery'
import { ChoiceFields, TourPriceCalculator } from './tour-price-calculator'
import { TourTimeline } from './tour-timeline'

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-slate-900">{value}</dd>
    </div>
  )
}

function TourFacts({ tour }: { tour: PublicTour }) {
  const t = useT()
  const { maxSleepAltitudeM } = tour.acclimatisation
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('tours.facts')}>
      <Fact label={t('tours.length')} value={t('tours.dayCount', { count: tour.days.length, days: formatLocalNumber(tour.days.length) })} />
      <Fact label={t('tours.maxAltitude')} value={maxSleepAltitudeM != null ? t('tours.metres', { metres: formatLocalNumber(maxSleepAltitudeM) }) : t('tours.noNights')} />
      <Fact label={t('tours.groupLimit')} value={t('tours.upToPeople', { count: tour.maxGroupSize, people: formatLocalNumber(tour.maxGroupSize) })} />
      <Fact label={t('tours.bookingModeLabel')} value={t('tours.bookingModeBadge', { mode: tour.bookingMode })} />
      <Fact label={t('tours.bookAhead')} value={t('tours.cutoffValue', { count: tour.cutoffHours, hours: formatLocalNumber(tour.cutoffHours) })} />
      <Fact label={t('tours.meetingPoint')} value={tour.meetingPoint || t('tours.askGuide')} />
    </dl>
  )
}

function TourGuide({ tour }: { tour: PublicTour }) {
  const t = useT()
  const { isSignedIn, role } = useAuth()
  const guide = tour.guide
  const name = `${guide.firstName} ${guide.lastName}`.trim()
  const messagePath = `/messages/with/${guide._id}`
  // "Ask to customise": the guide can answer with an offer made for the traveller.
  const customisePath = `${messagePath}?${new URLSearchParams({ customise: tour.title })}`
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar src={guide.profilePicture} variants={guide.profilePictureVariants} sizes="80px" name={name} className="h-20 w-20 text-2xl" />
      <div className="min-w-0 flex-1 space-y-1.5 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          {name} <TrustedBadge badges={guide.badges} />
        </p>
        <p className="flex flex-wrap items-center gap-2">
          <StarRating value={guide.averageRating} />
          {guide.reviewCount > 0 && <span className="font-semibold text-slate-900">{formatRating(guide.averageRating)}</span>}
          <span className="text-slate-500">({reviewCountText(guide.reviewCount)})</span>
        </p>
        {guide.expertiseLanguages.length > 0 && (
          <p className="text-slate-700">{t('tours.speaks', { languages: guide.expertiseLanguages.map((l) => languageLabel(l, t)).join(', ') })}</p>
        )}
        {tour.licenceValidUntil && (
          <p className="flex items-center gap-1.5 text-slate-700">
            <AwardIcon className="text-himal-600" /> {t('tours.licenceValidUntil', { date: formatMediumDate(tour.licenceValidUntil) })}
          </p>
        )}
        <div className="pt-2">
          <ReliabilityFacts reliability={guide.reliability} badges={guide.badges} headingLevel="h3" />
        </div>
        <div className="flex flex-wrap gap-3 pt-2">
          <Link to={`/guides/${guide._id}`} className="btn-secondary">
            {t('tours.guideProfile', { name: guide.firstName })}
          </Link>
          {(!isSignedIn || role === 'tourist') && (
            <>
              <Link to={isSignedIn ? messagePath : loginPath(messagePath)} className="btn-ghost">
                <ChatIcon /> {t('tours.messageGuide', { name: guide.firstName })}
              </Link>
              <Link to={isSignedIn ? customisePath : loginPath(customisePath)} className="btn-ghost">
                {t('tours.askToCustomise')}
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  )
}

function Permits({ tour }: { tour: PublicTour }) {
  const t = useT()
  const permits = tour.destination?.permits ?? []
  if (permits.length === 0) return <p className="text-sm text-slate-600">{t('tours.noPermits')}</p>
  const fee = (npr: number | null, usd: number | null) => (usd != null ? formatUsd(usd) : npr != null ? formatRupees(npr) : '—')
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {permits.map((p) => (
        <li key={p.name} className="py-2">
          <p className="font-medium text-slate-900">{p.name}</p>
          <p className="text-slate-700">
            {t('tours.permitFee', { fee: fee(p.feeNpr, p.feeUsd), per: p.per })}
            {p.saarcFeeNpr != null && <> · {t('tours.permitSaarcFee', { fee: formatRupees(p.saarcFeeNpr) })}</>}
          </p>
          {p.note && <p className="text-xs text-slate-500">{p.note}</p>}
        </li>
      ))}
    </ul>
  )
}

function List({ items, included }: { items: readonly string[]; included: boolean }) {
  const t = useT()
  if (items.length === 0) return <p className="text-sm text-slate-500">{t('tours.nothingListed')}</p>
  return (
    <ul className="space-y-1.5 text-sm text-slate-700">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <span className={`mt-0.5 ${included ? 'text-emerald-600' : 'text-slate-400'}`} aria-hidden="true">
            {included ? <CheckIcon /> : <CloseIcon />}
          </span>
          {item}
        </li>
      ))}
    </ul>
  )
}

function TourView({ tour }: { tour: PublicTour }) {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const choice = readTourChoice(params, tour.maxGroupSize)
  const today = todayInNepal()
  const setChoice = (next: TourChoice) => setParams(writeTourChoice(next, params), { replace: true, preventScrollReset: true })
  const { acclimatisation } = tour
  return (
    <article>
      <header className="relative isolate overflow-hidden bg-gradient-to-b from-himal-100 via-himal-50 to-slate-50">
        <MountainScene className="pointer-events-none absolute inset-x-0 bottom-0 -z-10 h-24 w-full opacity-50 sm:h-32" groundColor="#f8fafc" groundOpacity={1} />
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8 sm:pb-24 lg:px-8">
          <Link to="/tours" className="inline-flex items-center gap-1.5 text-sm font-medium text-himal-800 hover:text-himal-900">
            <ArrowLeftIcon /> {t('tours.allTours')}
          </Link>
          {tour.photos.length > 0 && (
            <div className="mt-4">
              <TourGallery photos={tour.photos} title={tour.title} />
            </div>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <RiskBadge risk={acclimatisation.risk} />
            <BookingModeBadge mode={tour.bookingMode} />
          </div>
          <h1 className="mt-3 font-display text-3xl font-bold tracking-tight text-himal-900 sm:text-4xl">{tour.title}</h1>
          {tour.destination && (
            <p className="mt-2 flex items-center gap-1.5 text-slate-700">
              <MapPinIcon className="text-himal-600" />
              <Link to={`/destination/${tour.destination._id}`} className="hover:underline">
                {tour.destination.name}
              </Link>
            </p>
          )}
          <p className="mt-3 max-w-3xl text-base text-slate-700 sm:text-lg">{tour.summary}</p>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-800">
            <p>{t.rich('tours.fromPriceInline', { price: formatUsd(tour.priceFromUsd), strong: (chunks) => <strong className="text-xl font-bold">{chunks}</strong> })}</p>
            {/* On a phone the booking box comes after the whole tour: a way straight to it. */}
            <a href="#booking" className="btn-primary lg:hidden">
              {t('tours.seePriceAndBook')}
            </a>
          </div>
        </div>
      </header>

      <div className="relative mx-auto -mt-8 grid max-w-6xl gap-6 px-4 pb-12 sm:-mt-14 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Section title={t('tours.atAGlance')} id="tour-facts">
            <TourFacts tour={tour} />
          </Section>
          <TourDepartures tour={tour} />
          <Section title={t('tours.altitudeTitle')} id="tour-altitude">
            <div className="space-y-5">
              <AltitudeProfile days={tour.days} warnings={acclimatisation.warnings} />
              <AcclimatisationPanel acclimatisation={acclimatisation} headingLevel="h3" />
            </div>
          </Section>
          <Section title={t('tours.dayByDay')} id="tour-days">
            <TourTimeline days={tour.days} warnings={acclimatisation.warnings} />
          </Section>
          <div className="grid gap-6 sm:grid-cols-2">
            <Section title={t('tours.included')} id="tour-included">
              <List items={tour.included} included />
            </Section>
            <Section title={t('tours.excluded')} id="tour-excluded">
              <List items={tour.excluded} included={false} />
            </Section>
          </div>
          {tour.destination && (
            <Section title={t('tours.permits', { destination: tour.destination.name })} id="tour-permits">
              <Permits tour={tour} />
            </Section>
          )}
          <Section title={t('tours.yourGuide')} id="tour-guide">
            <TourGuide tour={tour} />
          </Section>
        </div>
        <aside className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          <section className="card scroll-mt-20 space-y-5 p-5 sm:p-6" aria-labelledby="tour-price" id="booking">
            <h2 id="tour-price" className="text-lg font-semibold text-slate-900">
              {t('tours.priceAndBook')}
            </h2>
            <TourBookingBox
              tour={tour}
              choice={choice}
              fields={
                <>
                  <ChoiceFields tour={tour} choice={choice} onChoice={setChoice} today={today} />
                  <div className="rounded-xl bg-slate-50 p-3" role="region" aria-label={t('tours.allInPrice')}>
                    <h3 className="text-sm font-semibold text-slate-900">{t('tours.allInPrice')}</h3>
                    <TourPriceCalculator tour={tour} choice={choice} />
                  </div>
                </>
              }
            />
          </section>
        </aside>
      </div>
    </article>
  )
}

/** /tours/:id: one published tour, its altitude, days, price with permits, and booking it. */
export function TourDetailPage() {
  const t = useT()
  const { id = '' } = useParams()
  const query = useCachedQuery<PublicTour | null>({
    key: `tour:${id}`,
    tags: [tourTag(id)],
    // A tour that is not (or no longer) published is a page of its own, not an error to retry.
    load: async (signal): Promise<ApiResult<PublicTour | null>> => {
      const result = await getTour(id, signal)
      return !result.ok && result.status === 404 ? { ok: true, data: null } : result
    },
  })
  const tour = query.data
  usePageTitle(tour ? tour.title : tour === null ? t('tours.notFound') : null)

  if (query.status === 'loading') return <LoadingCard label={t('tours.loadingTour')} />
  if (query.status === 'error' && !tour) {
    return (
      <div className="px-4 py-16">
        <ErrorCard message={t(query.error ?? TOUR_LOAD_FAILED)} onRetry={query.reload} asPageTitle />
      </div>
    )
  }
  if (!tour) {
    return (
      <div className="px-4 py-16">
        <EmptyCard icon={<CompassIcon />} title={t('tours.notFound')}>
          <h1 className="sr-only">{t('tours.notFound')}</h1>
          <p>{t('tours.notFoundText')}</p>
          <Link to="/tours" className="btn-primary mt-4">
            {t('tours.allTours')}
          </Link>
        </EmptyCard>
      </div>
    )
  }
  return <TourView tour={tour} />
}
