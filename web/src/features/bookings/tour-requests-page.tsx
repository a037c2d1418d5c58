import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { BookingTour } from '../../components/booking-tour'
import { BookingChips } from '../../components/booking-chips'
import { ChatIcon, CheckIcon, ChevronDownIcon, CloseIcon, InboxIcon, MailIcon, RefreshIcon, SpinnerIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { MyOffers } from '../offers/my-offers'
import { EmptyCard, ErrorCard, LoadingCard } from '../../components/status-card'
import { Toast, useToast } from '../../components/toast'
import { TripFacts } from '../../components/trip-facts'
import { partyName, todayInNepal, type Booking } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { decideBooking, type Decision } from './api/decide-booking'
import { BOOKINGS_LOAD_FAILED, guideBookingsKey, guideBookingsTags, listGuideBookings } from './api/list-guide-bookings'
import { groupRequests } from './booking-groups'
import { CancelBookingDialog } from './cancel-booking-dialog'
import { canCancel } from './trip-status'
import { TripEmergencyDetails } from './trip-emergency-details'
import { TripMessage, TripStatusNote } from './trip-status-note'
import { useNow } from './use-now'
import { useIntlLocale } from '../../i18n/language'
import { msg, useT } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'

export const NO_BOOKINGS = msg('bookings.noBookings')
/** Booking toasts stay 5 s (spec section 9). */
export const BOOKING_TOAST_MS = 5000

type Busy = { bookingId: string; action: Decision } | null

/** /request: a guide's booking requests, to approve or reject (spec section 2, Tour Requests). */
export function TourRequestsPage() {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: guideBookingsKey, tags: guideBookingsTags, load: listGuideBookings })
  const { toast, show } = useToast(BOOKING_TOAST_MS)
  const [busy, setBusy] = useState<Busy>(null)
  // Answers given here, laid over the list they were given on until it is fetched again.
  const [decided, setDecided] = useState<{ on: Booking[] | undefined; answers: Record<string, Booking> }>({ on: undefined, answers: {} })
  const [cancelling, setCancelling] = useState<Booking | null>(null)
  const now = useNow()

  function answered(booking: Booking, message: string) {
    setDecided((d) => ({ on: query.data, answers: { ...(d.on === query.data ? d.answers : {}), [booking._id]: booking } }))
    show(message)
    invalidate(cache, BOOKINGS_TAG)
  }

  async function decide(booking: Booking, action: Decision) {
    if (busy) return
    setBusy({ bookingId: booking._id, action })
    const result = await decideBooking(booking._id, action)
    setBusy(null)
    if (!result.ok) {
      show(t(result.message), 'error')
      // It may have been answered elsewhere meanwhile: show where it stands now.
      if (result.status === 409) query.reload()
      return
    }
    answered(result.data.data, result.data.message)
  }

  const answers = decided.on === query.data ? decided.answers : {}
  const bookings = (query.data ?? []).map((b) => answers[b._id] ?? b)
  const groups = groupRequests(bookings, todayInNepal(new Date(now)))
  const card = (b: Booking) => <RequestCard key={b._id} booking={b} now={now} onCancel={() => setCancelling(b)} />

  const refresh = (
    <button type="button" className="btn-secondary" onClick={query.reload} disabled={query.isFetching} aria-busy={query.isFetching}>
      <RefreshIcon className={query.isFetching ? 'animate-spin' : ''} /> {t('bookings.refresh')}
    </button>
  )

  let body: ReactNode
  if (query.status === 'loading') body = <LoadingCard label={t('bookings.loadingRequests')} />
  else if (query.status === 'error' && query.data === undefined) body = <ErrorCard message={t(query.error ?? BOOKINGS_LOAD_FAILED)} onRetry={query.reload} />
  else if (bookings.length === 0)
    body = (
      <EmptyCard icon={<InboxIcon />} title={t(NO_BOOKINGS)}>
        <p>{t('bookings.noBookingsHint')}</p>
      </EmptyCard>
    )
  else
    body = (
      <div className="space-y-10">
        {query.error && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {t(query.error)}
          </p>
        )}
        <RequestSection title={t('bookings.pending')} count={groups.pending.length} empty={t('bookings.noPending')}>
          {groups.pending.map((b) => (
            <RequestCard key={b._id} booking={b} now={now}>
              <div className="flex flex-col gap-2 sm:flex-row">
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() => decide(b, 'approve')}
                  disabled={busy !== null}
                  aria-busy={busy?.bookingId === b._id && busy.action === 'approve'}
                >
                  {busy?.bookingId === b._id && busy.action === 'approve' ? <SpinnerIcon /> : <CheckIcon />}
                  {busy?.bookingId === b._id && busy.action === 'approve' ? t('bookings.approving') : t('bookings.approve')}
                </button>
                <button
                  type="button"
                  className="btn-secondary text-red-700 hover:text-red-800"
                  onClick={() => decide(b, 'reject')}
                  disabled={busy !== null}
                  aria-busy={busy?.bookingId === b._id && busy.action === 'reject'}
                >
                  {busy?.bookingId === b._id && busy.action === 'reject' ? <SpinnerIcon /> : <CloseIcon />}
                  {busy?.bookingId === b._id && busy.action === 'reject' ? t('bookings.rejecting') : t('bookings.reject')}
                </button>
              </div>
            </RequestCard>
          ))}
        </RequestSection>
        <RequestSection title={t('bookings.approved')} count={groups.approved.length} empty={t('bookings.noApproved')}>
          {groups.approved.map(card)}
        </RequestSection>
        <RequestSection title={t('bookings.cancelled')} count={groups.cancelled.length} empty={t('bookings.noCancelled')} collapsible>
          {groups.cancelled.map(card)}
        </RequestSection>
        <RequestSection title={t('bookings.completedTitle')} count={groups.completed.length} empty={t('bookings.noCompleted')} collapsible>
          {groups.completed.map(card)}
        </RequestSection>
        <RequestSection title={t('bookings.rejectedExpired')} count={groups.closed.length} empty={t('bookings.noClosed')} collapsible>
          {groups.closed.map(card)}
        </RequestSection>
      </div>
    )

  return (
    <PageShell eyebrow={t('bookings.tourRequests')} title={t('bookings.bookingRequests')} description={t('bookings.bookingRequestsDescription')}>
      <div className="mb-6 flex justify-end">{refresh}</div>
      <MyOffers role="guide" />
      {body}
      <CancelBookingDialog
        booking={cancelling}
        viewer="guide"
        otherParty={cancelling ? partyName(cancelling.tourist) : ''}
        onClose={() => setCancelling(null)}
        onCancelled={(booking, message) => {
          setCancelling(null)
          answered(booking, message || t('bookings.bookingCancelled'))
        }}
      />
      <Toast toast={toast} />
    </PageShell>
  )
}

type RequestSectionProps = { title: string; count: number; empty: string; collapsible?: boolean; children: ReactNode }

function RequestSection({ title, count, empty, collapsible = false, children }: RequestSectionProps) {
  const [open, setOpen] = useState(!collapsible)
  const listId = useId()
  // Re-renders with the reader's digits when they switch language.
  useIntlLocale()
  const heading = (
    <>
      {title} <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">{formatLocalNumber(count)}</span>
    </>
  )
  return (
    <section aria-label={title}>
      <h2 className="text-xl font-semibold text-slate-900">
        {collapsible ? (
          <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)} className="flex items-center gap-2 rounded-lg text-left">
            {heading}
            <ChevronDownIcon className={`text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} />
          </button>
        ) : (
          heading
        )}
      </h2>
      <div id={listId} hidden={!open} className="mt-4">
        {count === 0 ? <p className="text-sm text-slate-500">{empty}</p> : <ul className="grid gap-4 lg:grid-cols-2">{children}</ul>}
      </div>
    </section>
  )
}

function RequestCard({ booking, now, onCancel, children }: { booking: Booking; now: number; onCancel?: () => void; children?: ReactNode }) {
  const name = partyName(booking.tourist)
  const t = useT()
  return (
    <li className="card flex min-w-0 flex-col gap-4 p-5" aria-label={`${name}, ${booking.selectedDate}`}>
      <div className="flex items-start gap-3">
        <Avatar src={booking.tourist.profilePicture} name={name} className="h-12 w-12 text-base" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900">{name}</p>
          <a href={`mailto:${booking.tourist.email}`} title={booking.tourist.email} className="inline-flex max-w-full items-center gap-1 text-sm text-himal-700 hover:underline">
            <MailIcon className="shrink-0" /> <span className="min-w-0 truncate">{booking.tourist.email}</span>
          </a>
          <Link to={`/messages/with/${booking.tourist._id}`} className="mt-1 flex items-center gap-1 text-sm text-himal-700 hover:underline">
            <ChatIcon className="shrink-0" /> {t('bookings.messagesWith', { name: booking.tourist.firstName })}
          </Link>
          <div className="mt-2">
            <BookingChips booking={booking} />
          </div>
        </div>
      </div>
      <BookingTour booking={booking} />
      <TripFacts booking={booking} />
      <TripStatusNote booking={booking} viewer="guide" now={now} />
      <TripMessage booking={booking} label={t('bookings.theirMessage', { name: booking.tourist.firstName })} />
      <TripEmergencyDetails booking={booking} />
      {children}
      {onCancel && canCancel(booking, 'guide') && (
        <button
          type="button"
          className="btn-ghost self-start text-sm text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onCancel}
          aria-label={t('bookings.cancelTripWith', { name })}
        >
          {t('bookings.cancelTrip')}
        </button>
      )}
    </li>
  )
}
