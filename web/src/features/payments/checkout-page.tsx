import { useEffect, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { Avatar } from '../../components/avatar'
import { BookingChips } from '../../components/booking-chips'
import { BookingTour } from '../../components/booking-tour'
import { FormAlert } from '../../components/form-alert'
import { AlertIcon, CardIcon, CheckIcon, ClockIcon, SpinnerIcon, WalletIcon } from '../../components/icons'
import { PageShell } from '../../components/page-shell'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { bookingState, daysLabel, formatLongTripDate, formatTripTime, isPaid, partyName, peopleLabel, type Booking, type BookingParty } from '../../lib/booking'
import { usePrice } from '../../lib/currencies'
import { formatDollars } from '../../lib/money'
import { useCachedQuery } from '../../lib/use-cached-query'
import { CARD_PAYMENT_FAILED, createCheckout } from './api/create-checkout'
import { CARD_PAYMENTS_NOT_SET_UP, getPaymentMethods, paymentMethodsKey } from './api/get-payment-methods'
import { BOOKING_NOT_FOUND, bookingKey, bookingTags, getBooking } from './api/get-booking'
import { postForm, startEsewa, startKhalti } from './api/start-wallet-payment'
import { formatRate, formatRupees, rupeesFor } from '../../lib/rupees'
import { msg, useT } from '../../i18n/messages'
import { AcclimatisationPanel } from '../tours/acclimatisation-panel'
import { usePublicTour } from '../tours/use-public-tour'

export const PAYMENT_REQUIRED = msg('payments.paymentRequired')
export const PAYMENT_COMPLETE = msg('payments.paymentComplete')
export const PAYMENT_DONE_TEXT = msg('payments.paymentDoneText')
export const WALLET_NAMES = { khalti: 'Khalti', esewa: 'eSewa' } as const

/** /checkout/{bookingId}: the booking's summary and, while it is unpaid, the ways to pay. */
export function CheckoutPage() {
  const { bookingId = '' } = useParams()
  const query = useCachedQuery({ key: bookingKey(bookingId), tags: bookingTags, load: () => getBooking(bookingId), enabled: bookingId !== '' })
  const booking = query.data
  const t = useT()

  let body: ReactNode
  if (query.status === 'loading') body = <LoadingCard label={t('payments.loadingBooking')} />
  else if (!booking)
    body = (
      <ErrorCard message={t(BOOKING_NOT_FOUND)} detail={t('payments.otherAccountOrLink')} onRetry={query.reload}>
        <Link to="/dashboard" className="btn-secondary">
          {t('payments.viewMyBookings')}
        </Link>
      </ErrorCard>
    )
  else
    body = (
      <div className="grid gap-6 lg:grid-cols-5">
        <Summary booking={booking} />
        <div className="min-w-0 lg:col-span-2">
          <PaymentPanel booking={booking} />
        </div>
      </div>
    )

  return (
    <PageShell eyebrow={t('payments.checkoutEyebrow')} title={t('payments.checkoutTitle')} description={t('payments.checkoutDescription')}>
      {body}
    </PageShell>
  )
}

function Summary({ booking }: { booking: Booking }) {
  const approx = usePrice().approx(booking.totalAmount)
  const t = useT()
  return (
    <section className="card min-w-0 p-5 sm:p-6 lg:col-span-3" aria-label={t('payments.bookingSummary')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('payments.yourBooking')}</h2>
        <BookingChips booking={booking} />
      </div>
      <BookingTour booking={booking} className="mt-3" />
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <Party title={t('payments.traveller')} party={booking.tourist} />
        <Party title={t('payments.guide')} party={booking.guide} />
      </div>
      <dl className="mt-6 divide-y divide-slate-100 border-t border-slate-100 text-sm">
        <Row label={booking.days > 1 ? t('payments.firstDay') : t('payments.date')} value={formatLongTripDate(booking.selectedDate)} />
        {booking.days > 1 && <Row label={t('payments.lastDay')} value={formatLongTripDate(booking.endDate)} />}
        <Row label={t('payments.time')} value={formatTripTime(booking.selectedTime)} />
        <Row label={t('payments.tripLength')} value={daysLabel(booking.days)} />
        <Row label={t('payments.groupSize')} value={peopleLabel(booking.groupSize)} />
        <Row label={t('payments.pricePerPerson')} value={formatDollars(booking.pricePerPerson)} />
        <div className="flex items-baseline justify-between gap-4 pt-4">
          <dt className="font-semibold text-slate-900">{t('payments.totalAmount')}</dt>
          <dd className="font-display text-2xl font-bold text-himal-900">{formatDollars(booking.totalAmount)}</dd>
        </div>
        {/* What is charged stays exact; the chosen currency is only a guide beside it. */}
        {approx && <p className="pb-1 text-right text-sm text-slate-600">{t('payments.inYourCurrency', { amount: approx })}</p>}
      </dl>
      {booking.tour && <TourAltitude tourId={booking.tour._id} />}
    </section>
  )
}

/**
 * Before paying for a tour that climbs fast (moderate or high risk), its altitude check:
 * the flagged nights and where to read about altitude sickness. A low-risk tour, or one
 * that cannot be loaded just now, adds nothing: paying does not wait on it.
 */
function TourAltitude({ tourId }: { tourId: string }) {
  const tour = usePublicTour(tourId).data
  if (!tour || tour.acclimatisation.risk === 'low') return null
  return (
    <div className="mt-5">
      <AcclimatisationPanel acclimatisation={tour.acclimatisation} compact headingLevel="h3" />
    </div>
  )
}

function Party({ title, party }: { title: string; party: BookingParty }) {
  const name = partyName(party)
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 p-4">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <div className="mt-2 flex items-center gap-3">
        <Avatar src={party.profilePicture} name={name} className="h-11 w-11 text-sm" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{name}</p>
          <p className="truncate text-sm text-slate-600" title={party.email}>
            {party.email}
          </p>
          {party.phone && <p className="text-sm text-slate-600">{party.phone}</p>}
        </div>
      </div>
    </div>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-semibold text-slate-900">{value}</dd>
    </div>
  )
}

function PaymentPanel({ booking }: { booking: Booking }) {
  const t = useT()
  if (isPaid(booking))
    return (
      <section className="card border-emerald-200 p-5 sm:p-6" aria-label={t(PAYMENT_COMPLETE)}>
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700">
          <CheckIcon />
        </span>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">{t(PAYMENT_COMPLETE)}</h2>
        <p className="mt-2 text-sm text-slate-600">{t(PAYMENT_DONE_TEXT)}</p>
        <div className="mt-5 flex flex-col gap-3">
          <Link to={`/receipt/${booking._id}`} className="btn-primary">
            {t('payments.downloadReceipt')}
          </Link>
          <Link to="/dashboard" className="btn-secondary">
            {t('payments.viewMyBookings')}
          </Link>
        </div>
      </section>
    )
  const state = bookingState(booking)
  if (state === 'expired' || state === 'cancelled' || state === 'completed')
    return (
      <Notice icon={<AlertIcon />} tone={state === 'completed' ? 'amber' : 'red'} title={t('payments.closedTitle', { state })}>
        <p>{t('payments.closedText', { state })}</p>
        <Link to="/dashboard" className="btn-secondary mt-5 w-full">
          {t('payments.viewMyBookings')}
        </Link>
      </Notice>
    )
  if (state === 'rejected')
    return (
      <Notice icon={<AlertIcon />} tone="red" title={t('payments.bookingDeclined')}>
        <p>{t('payments.bookingDeclinedText')}</p>
        <Link to="/guides" className="btn-primary mt-5 w-full">
          {t('payments.findAnotherGuide')}
        </Link>
      </Notice>
    )
  if (state === 'pending')
    return (
      <Notice icon={<ClockIcon />} tone="amber" title={t('payments.waitingForGuide')}>
        <p>{t('payments.waitingForGuideText', { name: booking.guide.firstName })}</p>
        <Link to="/dashboard" className="btn-secondary mt-5 w-full">
          {t('payments.viewMyBookings')}
        </Link>
      </Notice>
    )
  return <PayOptions booking={booking} />
}

function Notice({ icon, tone, title, children }: { icon: ReactNode; tone: 'red' | 'amber'; title: string; children: ReactNode }) {
  const colours = tone === 'red' ? 'bg-red-50 text-red-700' : 'bg-marigold-50 text-marigold-700'
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <span className={`flex h-12 w-12 items-center justify-center rounded-full text-2xl ${colours}`}>{icon}</span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 text-sm text-slate-600">{children}</div>
    </section>
  )
}

type Paying = 'card' | 'khalti' | 'esewa' | null

const WALLET_CLASSES = {
  khalti: 'btn w-full border border-[#5c2d91]/30 bg-[#f4effa] py-3 text-base text-[#5c2d91] hover:bg-[#ebe1f6]',
  esewa: 'btn w-full border border-[#41a124]/30 bg-[#eef8ea] py-3 text-base text-[#2f7a19] hover:bg-[#e0f2d8]',
} as const

function PayOptions({ booking }: { booking: Booking }) {
  const t = useT()
  const [paying, setPaying] = useState<Paying>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // If the methods cannot be loaded the card button stays: the server's own answer then says why.
  const methods = useCachedQuery({ key: paymentMethodsKey, load: getPaymentMethods })
  const card = methods.data?.card
  const rate = methods.data?.nprPerUsd ?? null
  const wallets = (['khalti', 'esewa'] as const).filter((wallet) => rate !== null && methods.data && methods.data[wallet] !== 'none')
  const walletSandbox = wallets.some((wallet) => methods.data?.[wallet] === 'sandbox')

  // Coming back from the provider's page with the Back button can restore this page as it
  // was left, still 'Processing...': make the buttons usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setPaying(null)
    window.addEventListener('pageshow', restored)
    return () => window.removeEventListener('pageshow', restored)
  }, [])

  function leaveFor(url: string) {
    // Stays 'Processing...' while the browser leaves for the checkout page.
    window.location.assign(url)
  }

  async function pay(method: Exclude<Paying, null>) {
    if (paying) return
    setPaying(method)
    setFailure(null)
    if (method === 'card') {
      const result = await createCheckout(booking._id)
      if (result.ok) return leaveFor(result.data.url)
      setPaying(null)
      setFailure(result.message)
      window.alert(result.message || t(CARD_PAYMENT_FAILED))
      return
    }
    if (method === 'khalti') {
      const result = await startKhalti(booking._id)
      if (result.ok) return leaveFor(result.data.url)
      setPaying(null)
      setFailure(result.message)
      return
    }
    const result = await startEsewa(booking._id)
    if (result.ok) {
      const { url, fields } = result.data
      if (fields) postForm(url, { ...fields })
      else leaveFor(url)
      return
    }
    setPaying(null)
    setFailure(result.message)
  }

  function label(method: Exclude<Paying, null>, text: ReactNode) {
    return paying === method ? (
      <>
        <SpinnerIcon /> {t('payments.processing')}
      </>
    ) : (
      text
    )
  }

  return (
    <section className="card overflow-hidden" aria-label={t(PAYMENT_REQUIRED)}>
      <div className="flex items-start gap-3 border-b border-marigold-200 bg-marigold-50 px-5 py-4 text-marigold-900 sm:px-6">
        <AlertIcon className="mt-0.5 shrink-0 text-lg" />
        <div>
          <h2 className="font-semibold">{t(PAYMENT_REQUIRED)}</h2>
          <p className="text-sm">{t('payments.approvedPay', { name: booking.guide.firstName, amount: formatDollars(booking.totalAmount) })}</p>
        </div>
      </div>
      <div className="space-y-3 p-5 sm:p-6">
        {card === 'none' ? (
          <div role="status" className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <CardIcon className="mt-0.5 shrink-0 text-lg text-slate-500" />
            <div>
              <p className="font-semibold text-slate-900">{t(CARD_PAYMENTS_NOT_SET_UP)}</p>
              <p>{wallets.length > 0 ? t('payments.payWithWalletBelow') : t('payments.bookingStaysApproved')}</p>
            </div>
          </div>
        ) : (
          <button type="button" className="btn-primary w-full py-3 text-base" onClick={() => pay('card')} disabled={paying !== null} aria-busy={paying === 'card'}>
            {label(
              'card',
              <>
                <CardIcon /> {t('payments.payWithStripe')}
              </>,
            )}
          </button>
        )}
        {card === 'sandbox' ? (
          <p className="text-center text-xs text-slate-500">{t('payments.cardSandbox')}</p>
        ) : card !== 'none' ? (
          <p className="text-center text-xs text-slate-500">{t('payments.cardByStripe')}</p>
        ) : null}
        {rate !== null && wallets.length > 0 && (
          <div className="space-y-3 border-t border-slate-100 pt-4">
            <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700" aria-label={t('payments.walletAmount')}>
              <p>
                {t.rich('payments.walletsChargeRupees', {
                  amount: formatRupees(rupeesFor(booking.totalAmount, rate)),
                  b: (chunks) => <strong className="text-slate-900">{chunks}</strong>,
                })}
              </p>
              <p className="text-xs text-slate-500">{t('payments.atRateRounded', { amount: formatDollars(booking.totalAmount), rate: formatRate(rate) })}</p>
            </div>
            {wallets.map((wallet) => (
              <button key={wallet} type="button" className={WALLET_CLASSES[wallet]} onClick={() => pay(wallet)} disabled={paying !== null} aria-busy={paying === wallet}>
                {label(
                  wallet,
                  <>
                    <WalletIcon /> {t('payments.payWith', { wallet: WALLET_NAMES[wallet] })}
                  </>,
                )}
              </button>
            ))}
            {walletSandbox && <p className="text-center text-xs text-slate-500">{t('payments.walletSandbox')}</p>}
          </div>
        )}
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
      </div>
    </section>
  )
}
