import { Link, useParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { SaveButton } from '../../components/save-button'
import { ArrowLeftIcon, AwardIcon, ChatIcon, GlobeIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldIcon } from '../../components/icons'
import { DetailSection } from '../../components/detail-section'
import { Photo, WIDE_SIZES } from '../../components/photo'
import { ReportButton, SMALL_REPORT_BUTTON } from '../../components/report-dialog'
import { Chips, joinedDate } from '../../components/profile-layout'
import { StarRating, formatRating, reviewCountText } from '../../components/star-rating'
import { ReliabilityFacts, TrustedBadge } from '../../components/guide-reliability'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { useAuth } from '../../lib/auth-store'
import { usePrice } from '../../lib/currencies'
import { useCachedQuery } from '../../lib/use-cached-query'
import { usePageTitle } from '../../lib/use-page-title'
import { GUIDE_LOAD_FAILED, getGuide, guideKey, guideTags, type PublicGuide } from './api/get-guide'
import { BookExperience } from '../bookings/request/book-experience'
import { GuideReviews } from '../reviews/guide-reviews'
import { CompactTourList } from '../tours/compact-tour-list'
import { msg, translate, useT } from '../../i18n/messages'
import { inLanguage, useContentLanguage } from '../../lib/content-language'
import { formatMediumDate, localDateFormat, localNumberFormat } from '../../lib/intl-formats'

/** Shown when a guide has not said how long they have guided (spec section 9). */
export const DEFAULT_YEARS_OF_EXPERIENCE = 5
/** A guide's tours all fit on their page: no guide offers this many. */
const GUIDE_TOURS_LIMIT = 50
export const PHONE_AFTER_BOOKING = msg('guides.phoneAfterBooking')

const formatNumber = (value: number) => localNumberFormat().format(value)

function StatTile({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-card">
      <p className="text-2xl font-bold text-himal-800">{value}</p>
      <p className="mt-1 text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
    </div>
  )
}

/**
 * 'Message Dawa': opens the traveller's conversation with the guide (their first message
 * starts it). Signed out, it goes to log in; guides and admins do not write to guides.
 */
function MessageGuide({ guideId, firstName }: { guideId: string; firstName: string }) {
  const { isSignedIn, role } = useAuth()
  const t = useT()
  if (isSignedIn && role !== 'tourist') return null
  return (
    <Link to={isSignedIn ? `/messages/with/${guideId}` : '/login'} className="btn-secondary mt-3 w-full py-3 text-base">
      <ChatIcon /> {t('guides.messageName', { name: firstName })}
      {!isSignedIn && <span className="sr-only"> {t('guides.logInFirst')}</span>}
    </Link>
  )
}

/** "Licence valid until March 2031" (issue 15), from `YYYY-MM-DD`. */
export function licenceValidUntil(date: string): string {
  const [year, month] = date.split('-').map(Number)
  const monthYear = localDateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)))
  return translate('guides.licenceValidUntilDate', { date: monthYear })
}

function GuideProfile({ guide }: { guide: PublicGuide }) {
  const d = guide.guideDetails
  const name = `${guide.firstName} ${guide.lastName}`.trim()
  const years = d.yearsOfExperience ?? DEFAULT_YEARS_OF_EXPERIENCE
  const joined = joinedDate(d.createdAt)
  const shown = usePrice()
  const price = d.pricePerDay != null ? shown.show(d.pricePerDay) : null
  const { toast, show } = useToast()
  const t = useT()
  const language = useContentLanguage()

  return (
    <article aria-labelledby="guide-name">
      <Toast toast={toast} />
      <div className="mx-auto max-w-6xl sm:px-6 sm:pt-6 lg:px-8">
        <div className="relative">
          <Photo
            src={d.coverImage}
            variants={d.coverImageVariants}
            sizes={WIDE_SIZES}
            alt={t('guides.coverPhotoOf', { name })}
            priority
            className="h-44 rounded-b-3xl sm:h-64 sm:rounded-3xl"
          />
          <Link
            to="/guides"
            className="absolute top-4 left-4 inline-flex items-center gap-1.5 rounded-full bg-white/90 px-3 py-1.5 text-sm font-semibold text-himal-900 shadow-sm backdrop-blur hover:bg-white"
          >
            <ArrowLeftIcon /> {t('guides.allGuides')}
          </Link>
          <div className="absolute top-4 right-4">
            <SaveButton kind="guide" id={guide._id} name={name} onMessage={show} />
          </div>
          <Avatar
            src={d.profilePictureThumb ?? d.profilePicture}
            variants={d.profilePictureVariants}
            name={name}
            alt={t('guides.profilePhotoOf', { name })}
            className="absolute -bottom-14 left-5 h-28 w-28 border-4 border-white text-3xl shadow-card sm:left-8 sm:h-32 sm:w-32"
          />
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 pt-18 pb-10 sm:px-6 lg:px-8">
        <header>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 id="guide-name" className="font-display text-3xl font-bold tracking-tight text-himal-900 sm:text-4xl">
                {name}
              </h1>
              {d.status === 'verified' && (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                  <ShieldIcon /> {t('guides.verifiedGuide')}
                </span>
              )}
              <TrustedBadge badges={guide.badges} className="px-2.5 py-1" />
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              {d.contactInfo.address && (
                <span className="inline-flex items-center gap-1.5">
                  <MapPinIcon className="text-slate-500" /> {d.contactInfo.address}
                </span>
              )}
              {joined && <span>{joined}</span>}
              {d.licenceValidUntil && (
                <span className="inline-flex items-center gap-1.5">
                  <AwardIcon className="text-himal-600" /> {licenceValidUntil(d.licenceValidUntil)}
                </span>
              )}
            </p>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <StarRating value={guide.averageRating} className="text-base" />
              {guide.reviewCount > 0 && <span className="font-semibold text-slate-900">{formatRating(guide.averageRating)}</span>}
              <span className="text-slate-500">({reviewCountText(guide.reviewCount)})</span>
              <ReportButton targetType="guide" targetId={guide._id} onMessage={show} className={SMALL_REPORT_BUTTON} label={t('guides.reportGuide')} />
            </p>
          </div>
        </header>

        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('guides.atAGlance')} role="group">
              <StatTile value={formatNumber(years)} label={t('guides.yearsGuiding', { count: years })} />
              <StatTile value={guide.reviewCount > 0 ? formatRating(guide.averageRating) : t('guides.new')} label={t('guides.rating')} />
              <StatTile value={formatNumber(guide.reviewCount)} label={t('guides.reviewsLabel', { count: guide.reviewCount })} />
              <StatTile value={formatNumber(d.expertiseLanguages.length)} label={t('guides.languagesLabel', { count: d.expertiseLanguages.length })} />
            </div>

            <div className="card p-5 sm:p-6">
              <ReliabilityFacts reliability={guide.reliability} badges={guide.badges} />
            </div>

            <DetailSection title={t('guides.aboutName', { name: guide.firstName })}>
              <p className="leading-relaxed whitespace-pre-line">{inLanguage(language, d.bio, d.bioNe) || t('guides.noBio', { name: guide.firstName })}</p>
            </DetailSection>

            <CompactTourList
              filters={{ guide: guide.guideId, limit: GUIDE_TOURS_LIMIT }}
              title={t('guides.toursBy', { name: guide.firstName })}
              empty={t('guides.noTours', { name: guide.firstName })}
            />

            <DetailSection title={t('guides.specialties')}>
              <Chips items={d.interests} empty={t('guides.noSpecialties')} />
            </DetailSection>

            <DetailSection title={t('guides.languages')}>
              <Chips items={d.expertiseLanguages} empty={t('guides.noLanguages')} />
            </DetailSection>

            <DetailSection title={t('guides.certifications')}>
              {d.certifications.length === 0 ? (
                <p className="text-slate-500">{t('guides.noCertifications')}</p>
              ) : (
                <ul className="grid gap-3 sm:grid-cols-2">
                  {d.certifications.map((c) => (
                    <li key={c._id} className="flex gap-3 rounded-xl border border-slate-200 p-3">
                      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-marigold-50 text-xl text-marigold-700">
                        <AwardIcon />
                      </span>
                      <div className="min-w-0">
                        <p className="font-semibold text-slate-900">{c.name}</p>
                        <p className="text-slate-600">{c.issuingOrganization}</p>
                        <p className="text-xs text-slate-500">{t('guides.issuedOn', { date: formatMediumDate(c.issueDate) })}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </DetailSection>

            <GuideReviews guide={guide} onMessage={show} />
          </div>

          {/* First on a phone, so booking is not below every review; beside the page from lg up. */}
          <aside className="order-first space-y-6 lg:sticky lg:top-24 lg:order-none lg:self-start" aria-label={t('guides.bookAndContact')}>
            <div className="card p-5 sm:p-6">
              <p className="text-sm text-slate-600">{price ? t('guides.dailyRate') : t('guides.rateOnRequest')}</p>
              {price && (
                <p>
                  <span className="font-display text-3xl font-bold text-himal-900">{price}</span>
                  <span className="text-sm text-slate-600"> {t('guides.perDay')}</span>
                </p>
              )}
              <div className="mt-4">
                <BookExperience guide={{ guideId: guide.guideId, firstName: guide.firstName, lastName: guide.lastName, pricePerDay: d.pricePerDay }} />
              </div>
              <MessageGuide guideId={guide.guideId} firstName={guide.firstName} />
              <p className="mt-3 text-center text-xs text-slate-500">{t('guides.payOnceApproved', { name: guide.firstName })}</p>
            </div>
            <section className="card p-5 sm:p-6" aria-label={t('guides.contactInfo')}>
              <h2 className="text-lg font-semibold text-slate-900">{t('guides.contactInfo')}</h2>
              <dl className="mt-3 space-y-3 text-sm">
                <div className="flex gap-3">
                  <dt className="text-lg text-slate-500">
                    <MailIcon />
                    <span className="sr-only">{t('guides.email')}</span>
                  </dt>
                  <dd className="min-w-0 break-all">
                    <a href={`mailto:${d.contactInfo.email}`} className="text-link">
                      {d.contactInfo.email}
                    </a>
                  </dd>
                </div>
                <div className="flex gap-3">
                  <dt className="text-lg text-slate-500">
                    <PhoneIcon />
                    <span className="sr-only">{t('guides.phone')}</span>
                  </dt>
                  <dd className="text-slate-600">{t(PHONE_AFTER_BOOKING)}</dd>
                </div>
                {d.contactInfo.address && (
                  <div className="flex gap-3">
                    <dt className="text-lg text-slate-500">
                      <MapPinIcon />
                      <span className="sr-only">{t('guides.address')}</span>
                    </dt>
                    <dd className="text-slate-700">{d.contactInfo.address}</dd>
                  </div>
                )}
                {d.nationality && (
                  <div className="flex gap-3">
                    <dt className="text-lg text-slate-500">
                      <GlobeIcon />
                      <span className="sr-only">{t('guides.nationality')}</span>
                    </dt>
                    <dd className="text-slate-700">{d.nationality}</dd>
                  </div>
                )}
              </dl>
            </section>
          </aside>
        </div>
      </div>
    </article>
  )
}

/** /guides/:id: a verified guide's public page with reviews. */
export function GuideDetailPage() {
  const { id = '' } = useParams()
  const t = useT()
  const query = useCachedQuery({ key: guideKey(id), tags: guideTags(id), load: (signal) => getGuide(id, signal), enabled: id !== '' })
  // The same title the server puts in this page's HTML for a shared link.
  usePageTitle(query.data ? t('guides.pageTitle', { name: `${query.data.firstName} ${query.data.lastName}` }) : t('guides.guide'))

  if (query.data) return <GuideProfile guide={query.data} />
  if (query.status === 'error') {
    return (
      <div className="px-4 py-16">
        <ErrorCard message={t(GUIDE_LOAD_FAILED)} detail={query.error !== GUIDE_LOAD_FAILED ? t(query.error ?? '') : undefined} onRetry={query.reload} asPageTitle>
          <Link to="/guides" className="btn-secondary">
            <ArrowLeftIcon /> {t('guides.backToGuides')}
          </Link>
        </ErrorCard>
      </div>
    )
  }
  return <LoadingCard label={t('guides.loadingGuide')} />
}
