import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { CategoryChips } from '../../components/category-chips'
import { DestinationCard, DestinationCardSkeleton } from '../../components/destination-card'
import { GuideCard, GuideCardSkeleton } from '../../components/guide-card'
import { ArrowRightIcon, CompassIcon, MountainIcon, QuoteIcon, ShieldIcon, SparklesIcon, UserIcon } from '../../components/icons'
import { LoadMore } from '../../components/load-more'
import { MountainScene } from '../../components/mountain-scene'
import { SearchBox } from '../../components/search-box'
import { StarRating } from '../../components/star-rating'
import { EmptyCard, ErrorCard } from '../../components/status-card'
import { msg, useT } from '../../i18n/messages'
import { GUIDE_CATEGORIES } from '../../lib/guide-categories'
import { DESTINATIONS_PAGE_SIZE, DESTINATION_LIST_TAGS, destinationListKey, listDestinations } from '../../lib/list-destinations'
import { GUIDE_LIST_TAGS, guideListKey, listGuides } from '../../lib/list-guides'
import { openTouristBuddy } from '../../lib/open-buddy'
import { searchPath } from '../../lib/search-url'
import { usePagedList } from '../../lib/use-paged-list'

/** Guides in the landing page's top-rated section (spec section 9). */
export const LANDING_GUIDES = 6

const steps = [
  {
    icon: <CompassIcon />,
    title: msg('home.step1Title'),
    text: msg('home.step1Text'),
  },
  {
    icon: <UserIcon />,
    title: msg('home.step2Title'),
    text: msg('home.step2Text'),
  },
  {
    icon: <ShieldIcon />,
    title: msg('home.step3Title'),
    text: msg('home.step3Text'),
  },
]

const testimonials = [
  {
    quote: msg('home.quote1'),
    name: 'Sarah Mitchell',
    from: msg('home.quote1From'),
    trip: msg('home.quote1Trip'),
  },
  {
    quote: msg('home.quote2'),
    name: 'Lukas Becker',
    from: msg('home.quote2From'),
    trip: msg('home.quote2Trip'),
  },
  {
    quote: msg('home.quote3'),
    name: 'Aiko Tanaka',
    from: msg('home.quote3From'),
    trip: msg('home.quote3Trip'),
  },
]

function SectionHeading({ id, eyebrow, title, text, action }: { id: string; eyebrow: string; title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">
        <p className="text-xs font-semibold tracking-widest text-marigold-700 uppercase">{eyebrow}</p>
        <h2 id={id} className="mt-2 font-display text-3xl font-bold tracking-tight text-himal-900">
          {title}
        </h2>
        <p className="mt-2 text-slate-600">{text}</p>
      </div>
      {action}
    </div>
  )
}

function TopGuides({ category }: { category: string }) {
  const query = { limit: LANDING_GUIDES, category }
  const guides = usePagedList({ key: guideListKey(query), tags: GUIDE_LIST_TAGS, loadPage: (page, cursor, signal) => listGuides(query, page, cursor, signal) })
  const t = useT()
  const title = t('home.topGuidesTitle', { category })
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="top-guides">
      <SectionHeading
        id="top-guides"
        eyebrow={t('home.topGuidesEyebrow')}
        title={title}
        text={t('home.topGuidesText')}
        action={
          <Link to="/guides" className="btn-secondary shrink-0 self-start sm:self-auto">
            {t('home.viewAllGuides')} <ArrowRightIcon />
          </Link>
        }
      />
      <div className="mt-8" aria-busy={guides.status === 'loading'}>
        {guides.status === 'loading' && (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: LANDING_GUIDES }, (_, i) => (
              <li key={i}>
                <GuideCardSkeleton />
              </li>
            ))}
          </ul>
        )}
        {guides.status === 'error' && <ErrorCard message={guides.error ?? t('common.guidesLoadFailed')} onRetry={guides.reload} />}
        {guides.status === 'success' && guides.items.length === 0 && (
          <EmptyCard icon={<UserIcon />} title={t('home.noGuidesTitle')}>
            {t('home.noGuidesText')}
          </EmptyCard>
        )}
        {guides.status === 'success' && guides.items.length > 0 && (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {guides.items.slice(0, LANDING_GUIDES).map((guide) => (
              <li key={guide._id}>
                <GuideCard guide={guide} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function PopularDestinations() {
  const query = { limit: DESTINATIONS_PAGE_SIZE, query: '' }
  const t = useT()
  const list = usePagedList({ key: destinationListKey(query), tags: DESTINATION_LIST_TAGS, loadPage: (page) => listDestinations(query, page) })
  return (
    <section className="bg-white py-16" aria-labelledby="popular-destinations">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="popular-destinations" eyebrow={t('home.destinationsEyebrow')} title={t('home.destinationsTitle')} text={t('home.destinationsText')} />
        <div className="mt-8" aria-busy={list.status === 'loading'}>
          {list.status === 'loading' && (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i}>
                  <DestinationCardSkeleton />
                </li>
              ))}
            </ul>
          )}
          {list.status === 'error' && <ErrorCard message={list.error ?? t('common.destinationsLoadFailed')} onRetry={list.reload} />}
          {list.status === 'success' && list.items.length === 0 && (
            <EmptyCard icon={<MountainIcon />} title={t('home.noDestinationsTitle')}>
              {t('home.noDestinationsText')}
            </EmptyCard>
          )}
          {list.status === 'success' && list.items.length > 0 && (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {list.items.map((destination) => (
                <li key={destination._id}>
                  <DestinationCard destination={destination} topRated="always" showBestTime />
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={list} label={t('home.loadMoreDestinations')} />
        </div>
      </div>
    </section>
  )
}

function BuddyPromo() {
  const t = useT()
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="buddy-promo">
      <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-himal-900 via-himal-800 to-himal-600 px-6 py-10 text-white sm:px-10 sm:py-12">
        <div className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_90%_10%,rgba(251,159,36,0.35),transparent_40%)]" />
        <div className="flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-widest text-marigold-200 uppercase ring-1 ring-white/20">
              <SparklesIcon /> {t('app.buddyName')}
            </p>
            <h2 id="buddy-promo" className="mt-4 font-display text-3xl font-bold tracking-tight">
              {t('home.buddyTitle')}
            </h2>
            <p className="mt-3 text-himal-100">{t('home.buddyText')}</p>
          </div>
          <button type="button" onClick={openTouristBuddy} aria-haspopup="dialog" className="btn-accent shrink-0 self-start px-6 py-3 text-base md:self-auto">
            <SparklesIcon /> {t('home.buddyChat')}
          </button>
        </div>
      </div>
    </section>
  )
}

function Testimonials() {
  const t = useT()
  return (
    <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8" aria-labelledby="testimonials">
      <SectionHeading id="testimonials" eyebrow={t('home.testimonialsEyebrow')} title={t('home.testimonialsTitle')} text={t('home.testimonialsText')} />
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name} className="card flex flex-col p-6">
            <QuoteIcon className="text-3xl text-marigold-400" />
            <StarRating value={5} className="mt-3" />
            <blockquote className="mt-3 flex-1 text-slate-700">{t(testimonial.quote)}</blockquote>
            <p className="mt-5 font-semibold text-slate-900">{testimonial.name}</p>
            <p className="text-sm text-slate-500">
              {t(testimonial.from)} · {t(testimonial.trip)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function HomePage() {
  const navigate = useNavigate()
  const [category, setCategory] = useState('all')
  const t = useT()

  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-b from-himal-900 via-himal-800 to-himal-700 text-white">
        <div className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_80%_20%,rgba(251,159,36,0.35),transparent_45%)]" />
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-44 sm:px-6 sm:pt-20 sm:pb-56 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-widest text-marigold-200 uppercase ring-1 ring-white/20">
            {t('home.heroEyebrow')}
          </p>
          <h1 className="mt-6 max-w-3xl font-display text-4xl leading-tight font-bold tracking-tight sm:text-6xl">{t('home.heroTitle')}</h1>
          <p className="mt-6 max-w-2xl text-lg text-himal-100 sm:text-xl">{t('home.heroText')}</p>
          <div className="mt-10 max-w-2xl space-y-4">
            <CategoryChips chips={GUIDE_CATEGORIES} value={category} onChange={setCategory} label={t('common.guideCategories')} tone="dark" />
            <SearchBox
              label={t('home.searchLabel')}
              placeholder={t('home.searchPlaceholder')}
              buttonLabel={t('home.searchButton')}
              size="hero"
              onSearch={(q) => navigate(searchPath({ q, category }))}
            />
          </div>
        </div>
        {/* The nearest ridge is the page colour, so the hero settles into the page. */}
        <MountainScene className="pointer-events-none absolute inset-x-0 bottom-0 h-32 w-full sm:h-48" groundColor="#f8fafc" groundOpacity={1} />
      </section>

      <TopGuides category={category} />
      <PopularDestinations />

      <section className="mx-auto max-w-6xl px-4 pt-16 sm:px-6 lg:px-8" aria-labelledby="how-it-works">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-widest text-marigold-700 uppercase">{t('home.howEyebrow')}</p>
          <h2 id="how-it-works" className="mt-2 font-display text-3xl font-bold tracking-tight text-himal-900">
            {t('home.howTitle')}
          </h2>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="card p-6">
              <div className="flex items-center gap-3">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-himal-50 text-xl text-himal-700">{step.icon}</span>
                <span className="text-sm font-semibold text-slate-500">{t('home.step', { number: i + 1 })}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(step.title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <BuddyPromo />
      <Testimonials />

      <section className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8" aria-labelledby="guide-cta">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-marigold-50 p-8 ring-1 ring-marigold-200 sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 id="guide-cta" className="font-display text-2xl font-bold text-himal-900">
              {t('home.guideCtaTitle')}
            </h2>
            <p className="mt-2 max-w-xl text-slate-700">{t('home.guideCtaText')}</p>
          </div>
          <Link to="/signup" className="btn-primary shrink-0 px-6 py-3">
            {t('home.guideCtaButton')}
          </Link>
        </div>
      </section>
    </>
  )
}
