import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { AlertIcon, CheckIcon, ClockIcon, DownloadIcon, HomeIcon, ShareIcon, SpinnerIcon } from '../../components/icons'
import { formatLongTripDate, formatMoment, partyName, peopleLabel } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import type { PaymentState } from './api/get-sandbox-checkout'
import { getPaymentStatus, PAYMENT_CHECK_FAILED, paymentStatusKey } from './api/get-payment-status'
import { chargedAmount } from './receipt'
import { shareLink } from './share-booking'
import { msg, useT } from '../../i18n/messages'
import { localNumberFormat } from '../../lib/intl-formats'

export const CONFIRMING = msg('payments.confirming')
export const PAYMENT_SUCCESSFUL = msg('payments.paymentSuccessful')
export const STILL_WAITING = msg('payments.stillWaiting')
/** While the provider has not confirmed, the page asks again this often. */
export const RECHECK_MS = 3000
/** The confirming state stays at least this long, so a fast answer does not flash past. */
export const MIN_CONFIRMING_MS = 600

/** 'What's Next' (spec section 2, Payment success). */
export const WHATS_NEXT = [msg('payments.next1'), msg('payments.next2'), msg('payments.next3')]

/** /success?session_id=…: the payment as the server confirmed it with the provider, and the real booking. */
export function SuccessPage() {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id') ?? ''
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: paymentStatusKey(sessionId), load: (signal) => getPaymentStatus(sessionId, signal), enabled: sessionId !== '' })
  const [shownLongEnough, setShownLongEnough] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setShownLongEnough(true), MIN_CONFIRMING_MS)
    return () => window.clearTimeout(timer)
  }, [])

  const state = query.data?.paymentStatus
  const { reload } = query
  useEffect(() => {
    if (state !== 'pending') return
    const timer = window.setInterval(reload, RECHECK_MS)
    return () => window.clearInterval(timer)
  }, [state, reload])

  // Once paid, every list and page showing this booking fetches it again (once per checkout).
  const announced = useRef<string | null>(null)
  useEffect(() => {
    if (state !== 'paid' || announced.current === sessionId) return
    announced.current = sessionId
    invalidate(cache, BOOKINGS_TAG)
  }, [state, sessionId, cache])

  let view: ReactNode
  if (sessionId === '')
    view = (
      <Outcome icon={<AlertIcon />} tone="amber" title={t('payments.noPaymentToConfirm')}>
        <p>{t('payments.noPaymentToConfirmText')}</p>
        <Buttons />
      </Outcome>
    )
  else if (!shownLongEnough || (query.status === 'loading' && !query.data))
    view = (
      <Outcome icon={<SpinnerIcon />} tone="himal" title={t(CONFIRMING)} busy>
        <p>{t('payments.checkingWithProvider')}</p>
      </Outcome>
    )
  else if (!query.data)
    view = (
      <Outcome icon={<AlertIcon />} tone="red" title={query.error ?? t(PAYMENT_CHECK_FAILED)}>
        <p>{t('payments.mayHaveGoneThrough')}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <button type="button" className="btn-primary" onClick={query.reload}>
            {t('payments.tryAgain')}
          </button>
          <Link to="/dashboard" className="btn-secondary">
            {t('payments.viewMyBookings')}
          </Link>
        </div>
      </Outcome>
    )
  else if (query.data.paymentStatus === 'paid') view = <Paid payment={query.data} />
  else if (query.data.paymentStatus === 'cancelled')
    view = (
      <Outcome icon={<AlertIcon />} tone="amber" title={t('payments.thisPaymentCancelled')}>
        <p>{t('payments.thisPaymentCancelledText')}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={`/checkout/${query.data.booking._id}`} className="btn-primary">
            {t('payments.tryPaymentAgain')}
          </Link>
          <Link to="/dashboard" className="btn-secondary">
            {t('payments.viewMyBookings')}
          </Link>
        </div>
      </Outcome>
    )
  else
    view = (
      <Outcome icon={<ClockIcon />} tone="amber" title={t('payments.waitingForConfirmation')}>
        <p>{t('payments.stillWaitingText', { waiting: t(STILL_WAITING) })}</p>
        <p className="mt-3 inline-flex items-center gap-2 text-sm text-slate-500" role="status">
          {query.isFetching && <SpinnerIcon />} {query.isFetching ? t('payments.checking') : t('payments.checkingShortly')}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <button type="button" className="btn-primary" onClick={query.reload} disabled={query.isFetching}>
            {t('payments.checkNow')}
          </button>
          <Link to="/dashboard" className="btn-secondary">
            {t('payments.viewMyBookings')}
          </Link>
        </div>
      </Outcome>
    )

  return <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{view}</div>
}

const TONES = { himal: 'bg-himal-50 text-himal-700', amber: 'bg-marigold-50 text-marigold-700', red: 'bg-red-50 text-red-700', green: 'bg-emerald-100 text-emerald-700' }

export function Outcome({ icon, tone, title, busy = false, children }: { icon: ReactNode; tone: keyof typeof TONES; title: string; busy?: boolean; children: ReactNode }) {
  return (
    <section className="card p-6 text-center sm:p-10" role={busy ? 'status' : undefined} aria-busy={busy}>
      <span className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full text-3xl ${TONES[tone]}`}>{icon}</span>
      <h1 className="mt-5 font-display text-2xl font-bold text-himal-900 sm:text-3xl">{title}</h1>
      <div className="mx-auto mt-3 max-w-lg text-slate-600">{children}</div>
    </section>
  )
}

export function Buttons() {
  const t = useT()
  return (
    <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
      <Link to="/dashboard" className="btn-primary">
        {t('payments.viewMyBookings')}
      </Link>
      <Link to="/" className="btn-secondary">
        <HomeIcon /> {t('payments.backToHome')}
      </Link>
    </div>
  )
}

export function Paid({ payment }: { payment: PaymentState }) {
  const booking = payment.booking
  const guide = partyName(booking.guide)
  const date = formatLongTripDate(booking.selectedDate)
  const paidAt = booking.payment?.paidAt
  const t = useT()

  function share() {
    void shareLink({
      title: t('payments.myYatraTrip'),
      text: t('payments.shareText', { guide, date }),
      url: new URL(`/guides/${booking.guide._id}`, window.location.origin).href,
    })
  }

  return (
    <div className="space-y-6">
      <section className="card p-6 text-center sm:p-10">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700">
          <CheckIcon />
        </span>
        <h1 className="mt-5 font-display text-3xl font-bold text-himal-900">{t(PAYMENT_SUCCESSFUL)}</h1>
        <p className="mt-2 text-slate-600">{t('payments.tripConfirmedPaid', { guide, amount: chargedAmount(payment) })}</p>

        <div className="mx-auto mt-8 max-w-xl rounded-2xl border border-slate-200 text-left">
          <div className="flex items-center gap-3 border-b border-slate-100 p-4">
            <Avatar src={booking.guide.profilePicture} name={guide} className="h-12 w-12 text-base" />
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('payments.yourGuide')}</p>
              <p className="font-semibold text-slate-900">{guide}</p>
              {booking.guide.phone && <p className="text-sm text-slate-600">{booking.guide.phone}</p>}
            </div>
          </div>
          <dl className="divide-y divide-slate-100 px-4 text-sm">
            <Detail label={t('payments.date')} value={date} />
            <Detail label={t('payments.time')} value={booking.selectedTime} />
            <Detail label={t('payments.people')} value={peopleLabel(booking.groupSize)} />
            <Detail label={t('payments.amountPaid')} value={chargedAmount(payment)} strong />
            <Detail label={t('payments.paymentReference')} value={booking.payment?.reference ?? payment.sessionId} mono />
            {paidAt && <Detail label={t('payments.paidAt')} value={formatMoment(paidAt)} />}
          </dl>
        </div>

        <div className="mx-auto mt-8 grid max-w-xl gap-3 sm:grid-cols-2">
          <Link to={`/receipt/${booking._id}`} className="btn-primary">
            <DownloadIcon /> {t('payments.downloadReceipt')}
          </Link>
          <button type="button" className="btn-secondary" onClick={share}>
            <ShareIcon /> {t('payments.shareBooking')}
          </button>
          <Link to="/dashboard" className="btn-secondary">
            {t('payments.viewMyBookings')}
          </Link>
          <Link to="/" className="btn-secondary">
            <HomeIcon /> {t('payments.backToHome')}
          </Link>
        </div>
      </section>

      <section className="card p-6 sm:p-8" aria-labelledby="whats-next">
        <h2 id="whats-next" className="text-lg font-semibold text-slate-900">
          {t('payments.whatsNext')}
        </h2>
        <ol className="mt-4 space-y-3">
          {WHATS_NEXT.map((tip, i) => (
            <li key={tip} className="flex gap-3 text-sm text-slate-700">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-himal-100 text-xs font-bold text-himal-800">
                {localNumberFormat().format(i + 1)}
              </span>
              <span className="pt-0.5">{t(tip)}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

function Detail({ label, value, strong = false, mono = false }: { label: string; value: string; strong?: boolean; mono?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd
        className={`min-w-0 text-right ${strong ? 'text-base font-bold text-himal-900' : 'font-semibold text-slate-900'} ${mono ? 'font-mono text-xs break-all' : 'break-words'}`}
      >
        {value}
      </dd>
    </div>
  )
}
