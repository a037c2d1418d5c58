import { useState, type ReactNode } from 'react'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { FormAlert } from '../../components/form-alert'
import { AlertIcon, CardIcon, SpinnerIcon, WalletIcon } from '../../components/icons'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { formatLongTripDate, formatTripDate, formatTripTime, partyName, peopleLabel } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { cancelSandboxCheckout } from './api/cancel-sandbox-checkout'
import { CHECKOUT_LOAD_FAILED, getSandboxCheckout, sandboxCheckoutKey, sandboxCheckoutTags, type PaymentState } from './api/get-sandbox-checkout'
import { paySandboxCheckout } from './api/pay-sandbox-checkout'
import { chargedAmount, formatAmount } from './receipt'
import { formatRate } from '../../lib/rupees'
import { msg, useT } from '../../i18n/messages'

export const TEST_MODE = msg('payments.testMode')
export const TEST_CARD = '4242 4242 4242 4242'
const WALLET_NAMES: Record<string, string | undefined> = { khalti: 'Khalti', esewa: 'eSewa' }

/**
 * /sandbox/checkout/{sessionId}: where a server without Stripe keys sends the traveller
 * instead of Stripe. Clearly a test: nothing is charged, the card is fixed, and paying goes
 * through the same server-side confirmation as a real payment.
 */
export function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams()
  const query = useCachedQuery({ key: sandboxCheckoutKey(sessionId), tags: sandboxCheckoutTags, load: () => getSandboxCheckout(sessionId), enabled: sessionId !== '' })
  const checkout = query.data
  // Set once this page has paid or cancelled and is on its way to the return page: a
  // refresh landing meanwhile (bookings invalidated, a live notification) must not send
  // the traveller to the receipt instead, while the return page's code is still loading.
  const [leaving, setLeaving] = useState(false)
  const t = useT()

  let body: ReactNode
  if (query.status === 'loading') body = <LoadingCard label={t('payments.openingTestCheckout')} />
  else if (!checkout)
    body = (
      <ErrorCard message={query.error ?? t(CHECKOUT_LOAD_FAILED)} detail={t('payments.testCheckoutGone')} onRetry={query.reload}>
        <Link to="/dashboard" className="btn-secondary">
          {t('payments.viewMyBookings')}
        </Link>
      </ErrorCard>
    )
  else if (checkout.paymentStatus === 'paid' && !leaving)
    body = <Navigate to={WALLET_NAMES[checkout.method] ? `/receipt/${checkout.booking._id}` : `/success?session_id=${encodeURIComponent(sessionId)}`} replace />
  else if (checkout.paymentStatus === 'cancelled' && !leaving)
    body = (
      <div className="card p-6 text-center sm:p-8">
        <h2 className="text-xl font-semibold text-slate-900">{t('payments.checkoutWasCancelled')}</h2>
        <p className="mt-2 text-sm text-slate-600">{t('payments.checkoutWasCancelledText')}</p>
        <Link to={`/checkout/${checkout.booking._id}`} className="btn-primary mt-6">
          {t('payments.backToCheckout')}
        </Link>
      </div>
    )
  else body = <TestCheckout sessionId={sessionId} checkout={checkout} onLeave={() => setLeaving(true)} />

  return (
    <div className="min-h-[70vh] bg-slate-100">
      <div
        role="note"
        aria-label={t('payments.testModeLabel')}
        className="border-b-4 border-amber-500 bg-[repeating-linear-gradient(45deg,#fef3c7_0_16px,#fde68a_16px_32px)] px-4 py-4 text-center text-amber-950"
      >
        <p className="flex items-center justify-center gap-2 text-base font-bold sm:text-lg">
          <AlertIcon className="shrink-0" /> {t(TEST_MODE)}
        </p>
        <p className="mt-1 text-sm">{t('payments.sandboxNote')}</p>
      </div>
      <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
        <h1 className="font-display text-2xl font-bold text-himal-900 sm:text-3xl">{t('payments.testCheckout')}</h1>
        <div className="mt-6">{body}</div>
      </div>
    </div>
  )
}

type Busy = 'pay' | 'cancel' | null

function TestCheckout({ sessionId, checkout, onLeave }: { sessionId: string; checkout: PaymentState; onLeave: () => void }) {
  const navigate = useNavigate()
  const t = useT()
  const cache = useClientCache()
  const [busy, setBusy] = useState<Busy>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const booking = checkout.booking
  const guide = partyName(booking.guide)
  const amount = chargedAmount(checkout)
  const wallet = WALLET_NAMES[checkout.method]

  async function finish(action: 'pay' | 'cancel') {
    if (busy) return
    setBusy(action)
    setFailure(null)
    const result = action === 'pay' ? await paySandboxCheckout(sessionId) : await cancelSandboxCheckout(sessionId)
    if (!result.ok) {
      setBusy(null)
      setFailure(result.message)
      // A checkout cancelled elsewhere: show where it stands.
      if (result.status === 409) invalidate(cache, BOOKINGS_TAG)
      return
    }
    invalidate(cache, BOOKINGS_TAG)
    onLeave()
    const next = result.data.redirect
    if (next.startsWith('/')) navigate(next, { replace: true })
    else window.location.assign(next)
  }

  // Every day of a longer trip, first to last: what the traveller pays for.
  const dates =
    booking.days > 1 ? t('bookings.dateRange', { start: formatTripDate(booking.selectedDate), end: formatTripDate(booking.endDate) }) : formatLongTripDate(booking.selectedDate)

  return (
    <div className="space-y-5">
      <section className="card p-5 sm:p-6" aria-label={t('payments.payingFor')}>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Yatra</p>
        <div className="mt-3 flex items-center gap-3">
          <Avatar src={booking.guide.profilePicture} name={guide} className="h-12 w-12 text-base" />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{t('payments.guidedDayWith', { name: guide, days: booking.days })}</p>
            <p className="text-sm text-slate-600">
              {t('payments.dateAtTimePeople', { date: dates, time: formatTripTime(booking.selectedTime), people: peopleLabel(booking.groupSize) })}
            </p>
          </div>
        </div>
        <div className="mt-4 flex items-baseline justify-between border-t border-slate-100 pt-4">
          <span className="text-slate-600">{t('payments.amountDue')}</span>
          <span className="font-display text-2xl font-bold text-himal-900">{amount}</span>
        </div>
      </section>

      {wallet ? (
        <section className="card p-5 sm:p-6" aria-label={t('payments.testWalletAccount', { wallet })}>
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <WalletIcon /> {t('payments.walletTestAccount', { wallet })}
          </h2>
          <p className="mt-2 text-sm text-slate-600">{t('payments.walletStandIn', { wallet })}</p>
          {checkout.nprPerUsd != null && (
            <p className="mt-2 text-xs text-slate-500">{t('payments.atRateRounded', { amount: formatAmount(checkout.amount, 'usd'), rate: formatRate(checkout.nprPerUsd) })}</p>
          )}
        </section>
      ) : (
        <section className="card p-5 sm:p-6" aria-label={t('payments.testCard')}>
          <div className="flex items-center justify-between gap-3">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <CardIcon /> {t('payments.cardDetails')}
            </h2>
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase">{t('payments.testCard')}</span>
          </div>
          <fieldset disabled className="mt-4 grid grid-cols-2 gap-3">
            <legend className="sr-only">{t('payments.testCardFixed')}</legend>
            <label className="col-span-2">
              <span className="field-label">{t('payments.cardNumber')}</span>
              <input className="field-input font-mono tracking-wider" value={TEST_CARD} readOnly />
            </label>
            <label>
              <span className="field-label">{t('payments.expiry')}</span>
              <input className="field-input font-mono" value="12 / 34" readOnly />
            </label>
            <label>
              <span className="field-label">{t('payments.cvc')}</span>
              <input className="field-input font-mono" value="123" readOnly />
            </label>
            <label className="col-span-2">
              <span className="field-label">{t('payments.nameOnCard')}</span>
              <input className="field-input" value={partyName(booking.tourist)} readOnly />
            </label>
          </fieldset>
          <p className="mt-3 text-xs text-slate-500">{t('payments.testCardNote')}</p>
        </section>
      )}

      {failure && <FormAlert tone="error">{failure}</FormAlert>}

      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" className="btn-secondary sm:flex-1" onClick={() => finish('cancel')} disabled={busy !== null} aria-busy={busy === 'cancel'}>
          {busy === 'cancel' ? (
            <>
              <SpinnerIcon /> {t('payments.cancelling')}
            </>
          ) : (
            t('payments.cancel')
          )}
        </button>
        <button type="button" className="btn-primary py-3 text-base sm:flex-[2]" onClick={() => finish('pay')} disabled={busy !== null} aria-busy={busy === 'pay'}>
          {busy === 'pay' ? (
            <>
              <SpinnerIcon /> {t('payments.processing')}
            </>
          ) : (
            t('payments.payAmount', { amount })
          )}
        </button>
      </div>
    </div>
  )
}
