import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { BookingTour } from '../../components/booking-tour'
import { AlertIcon, ArrowRightIcon, CalendarIcon, CheckIcon, InboxIcon, ShieldIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { StarRating, formatRating, reviewCountText } from '../../components/star-rating'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { daysLabel, formatTripDate, formatTripTime, partyName, peopleLabel, type Booking } from '../../lib/booking'
import { usePrice } from '../../lib/currencies'
import { useCachedQuery } from '../../lib/use-cached-query'
import { DASHBOARD_LOAD_FAILED, getGuideDashboard, guideDashboardKey, guideDashboardTags, type GuideDashboard } from './api/get-guide-dashboard'
import { EarningsBalances, EarningsHistory } from '../earnings/earnings-panel'
import { DaysOffPanel } from './days-off-panel'
import { TrustPanel } from './trust-panel'
import { expiresAt, expiryText, tripDates } from './trip-status'
import { useNow } from './use-now'
import { useIntlLocale } from '../../i18n/language'
import { msg, useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'

export const VERIFY_REQUIRED = msg('bookings.verifyRequired')
/** How many waiting requests and upcoming trips the dashboard lists; the rest are on /request. */
const LISTED = 3

/** /guideDash: requests waiting, upcoming trips, earnings, rating and verification at a glance. */
export function GuideDashboardPage() {
  const query = useCachedQuery({ key: guideDashboardKey, tags: guideDashboardTags, load: getGuideDashboard })
  const dash = query.data
  const now = useNow()
  const t = useT()
  // Re-renders with the reader's digits when they switch language.
  useIntlLocale()
  const price = usePrice()
  // The server lists upcoming trips soonest first.
  const next = dash?.upcomingTrips[0]

  let body: ReactNode
  if (query.status === 'loading') body = <LoadingCard label={t('bookings.loadingDashboard')} />
  else if (!dash) body = <ErrorCard message={t(query.error ?? DASHBOARD_LOAD_FAILED)} onRetry={query.reload} />
  else
    body = (
      <div className="space-y-8">
        <Verification dash={dash} />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" role="group" aria-label={t('bookings.atAGlance')}>
          <Tile label={t('bookings.requestsWaiting')} value={formatLocalNumber(dash.pendingRequests.length)}>
            <span className="block text-xs text-slate-500">{dash.pendingRequests.length > 0 ? t('bookings.answerOnTourRequests') : t('bookings.allAnswered')}</span>
          </Tile>
          <Tile label={t('bookings.upcomingTrips')} value={formatLocalNumber(dash.upcomingTrips.length)}>
            <span className="block text-xs text-slate-500">{next ? t('bookings.nextTrip', { date: formatTripDate(next.selectedDate) }) : t('bookings.noneBooked')}</span>
          </Tile>
          <Tile label={t('bookings.earnedThisMonth')} value={price.show(dash.earnings.thisMonth)}>
            <span className="block text-xs text-slate-500">{t('bookings.inAll', { amount: price.show(dash.earnings.total) })}</span>
          </Tile>
          <Tile label={t('bookings.rating')} value={dash.reviewCount > 0 ? formatRating(dash.averageRating) : t('bookings.new')}>
            <StarRating value={dash.averageRating} className="text-sm" />
            <span className="sr-only">, </span>
            <span className="block text-xs text-slate-500">{reviewCountText(dash.reviewCount)}</span>
          </Tile>
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Panel
              title={t('bookings.requestsWaiting')}
              action={
                <Link to="/request" className="text-link inline-flex items-center gap-1 text-sm">
                  {t('bookings.answerRequests')} <ArrowRightIcon />
                </Link>
              }
            >
              {dash.pendingRequests.length === 0 ? (
                <Quiet icon={<InboxIcon />}>{t('bookings.noRequestsWaiting')}</Quiet>
              ) : (
                <TripRows trips={dash.pendingRequests.slice(0, LISTED)} more={dash.pendingRequests.length - LISTED} now={now} />
              )}
            </Panel>
            <Panel title={t('bookings.upcomingTrips')}>
              {dash.upcomingTrips.length === 0 ? (
                <Quiet icon={<CalendarIcon />}>{t('bookings.noUpcoming')}</Quiet>
              ) : (
                <TripRows trips={dash.upcomingTrips.slice(0, LISTED)} more={dash.upcomingTrips.length - LISTED} now={now} />
              )}
            </Panel>
          </div>
          <Panel title={t('bookings.earnings')}>
            <EarningsBalances />
          </Panel>
        </div>
        {dash.status === 'verified' && <TrustPanel />}
        <EarningsHistory />
        <Panel title={t('bookings.yourCalendar')}>
          <DaysOffPanel trips={dash.upcomingTrips} />
        </Panel>
      </div>
    )

  return (
    <PageShell eyebrow={t('bookings.dashboard')} title={t('bookings.guideDashboard')} description={t('bookings.guideDashboardDescription')}>
      {body}
    </PageShell>
  )
}

function Verification({ dash }: { dash: GuideDashboard }) {
  const t = useT()
  const b = (chunks: ReactNode) => <strong key="b">{chunks}</strong>
  if (dash.status === 'verified')
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3">
          <CheckIcon className="mt-0.5 shrink-0 text-lg" />
          <span>{t.rich('bookings.verifiedNotice', { b })}</span>
        </p>
        <Link to="/guide/profile" className="btn-secondary shrink-0">
          {t('bookings.viewYourProfile')}
        </Link>
      </div>
    )
  if (dash.verification === 'submitted')
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-himal-200 bg-himal-50 p-4 text-himal-900">
        <ShieldIcon className="mt-0.5 shrink-0 text-lg" />
        <p>{t.rich('bookings.submittedNotice', { b })}</p>
      </div>
    )
  if (dash.verification === 'rejected')
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3">
          <AlertIcon className="mt-0.5 shrink-0 text-lg" />
          <span>{dash.verificationNote ? t.rich('bookings.rejectedNoticeReason', { b, reason: dash.verificationNote }) : t.rich('bookings.rejectedNotice', { b })}</span>
        </p>
        <Link to="/kycform" className="btn shrink-0 bg-red-700 text-white hover:bg-red-800">
          {t('bookings.submitAgain')}
        </Link>
      </div>
    )
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-3">
        <AlertIcon className="mt-0.5 shrink-0 text-lg" />
        <span>
          <strong>{t('bookings.verificationRequired')}</strong> {t(VERIFY_REQUIRED)}
        </span>
      </p>
      <Link to="/kycform" className="btn-accent shrink-0">
        {t('bookings.verifyNow')}
      </Link>
    </div>
  )
}

function Tile({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="card p-4">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-bold text-himal-900">{value}</p>
      {children}
    </div>
  )
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}

function Quiet({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-5 text-sm text-slate-600">
      <span className="text-xl text-slate-500">{icon}</span>
      {children}
    </p>
  )
}

function TripRows({ trips, more, now }: { trips: Booking[]; more: number; now: number }) {
  const price = usePrice()
  const t = useT()
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {trips.map((trip) => {
          const name = partyName(trip.tourist)
          const lapses = trip.bookingStatus === 'pending' ? expiresAt(trip) : null
          const message = trip.message?.trim()
          return (
            <li key={trip._id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar src={trip.tourist.profilePicture} name={name} className="h-10 w-10 text-sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-slate-900">{name}</p>
                <p className="text-sm text-slate-600">
                  {tripDates(trip)} · {t('bookings.daysFrom', { days: daysLabel(trip.days), time: formatTripTime(trip.selectedTime) })} · {peopleLabel(trip.groupSize)}
                </p>
                <BookingTour booking={trip} className="mt-0.5" />
                {message && <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700 italic">“{message}”</p>}
                {lapses !== null && <p className="mt-1 text-xs font-semibold text-marigold-800">{expiryText(lapses, now)}</p>}
              </div>
              <p className="shrink-0 text-right">
                <span className="block font-semibold text-himal-900">{price.show(trip.totalAmount)}</span>
                {trip.bookingStatus === 'approved' &&
                  (trip.paymentStatus === 'paid' ? (
                    <span className="text-xs font-semibold text-emerald-700">{t('bookings.paid')}</span>
                  ) : (
                    <span className="text-xs text-slate-500">{t('bookings.unpaid')}</span>
                  ))}
              </p>
            </li>
          )
        })}
      </ul>
      {more > 0 && (
        <Link to="/request" className="text-link mt-3 inline-block text-sm">
          {t('bookings.andMore', { count: more })}
        </Link>
      )}
    </>
  )
}
