import { Link } from 'react-router'
import { Avatar } from '../../components/avatar'
import { CheckIcon, DownloadIcon, HomeIcon, ShareIcon } from '../../components/icons'
import { formatLongTripDate, formatMoment, formatTripTime, partyName, peopleLabel } from '../../lib/booking'
import { tripDays } from '../../lib/calendar'
import type { PaymentState } from './api/get-sandbox-checkout'
import { chargedAmount } from './receipt'
import { shareLink } from './share-booking'
import { msg, useT } from '../../i18n/messages'
import { localNumberFormat } from '../../lib/intl-formats'

export const PAYMENT_SUCCESSFUL = msg('payments.paymentSuccessful')

/** 'What's Next' (spec section 2, Payment success). */
export const WHATS_NEXT = [msg('payments.next1'), msg('payments.next2'), msg('payments.next3')]

/** A confirmed payment: the trip it paid for, the receipt, sharing, and what happens next. */
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
            {booking.days > 1 ? (
              <div className="flex items-baseline justify-between gap-4 py-3">
                <dt className="shrink-0 text-slate-600">{t('payments.tripDays')}</dt>
                <dd className="min-w-0 text-right font-semibold text-slate-900">
                  <ol aria-label={t('payments.tripDays')}>
                    {tripDays(booking.selectedDate, booking.days).map((day, i) => (
                      <li key={day}>{t('payments.dayOfTrip', { n: i + 1, date: formatLongTripDate(day) })}</li>
                    ))}
                  </ol>
                </dd>
              </div>
            ) : (
              <Detail label={t('payments.date')} value={date} />
            )}
            <Detail label={t('payments.time')} value={formatTripTime(booking.selectedTime)} />
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
