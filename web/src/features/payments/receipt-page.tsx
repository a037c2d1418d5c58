import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { ArrowLeftIcon, PrinterIcon } from '../../components/icons'
import { Wordmark } from '../../components/logo'
import { OfflineNote } from '../../components/offline-note'
import { ErrorCard, LoadingCard } from '../../components/status-card'
import { useAuth } from '../../lib/auth-store'
import { usePrice } from '../../lib/currencies'
import { isPayable } from '../../lib/booking'
import { useSavedTrip } from '../../lib/offline/use-offline-pack'
import { useCachedQuery } from '../../lib/use-cached-query'
import { BOOKING_NOT_FOUND, bookingKey, bookingTags, getBooking } from './api/get-booking'
import { SUPPORT_EMAIL } from './cancel-page'
import { receiptOf, type Receipt } from './receipt'
import { useT } from '../../i18n/messages'
import type { Booking } from '../../lib/booking'
import type { SavedTrip } from '../../lib/offline/offline-pack'
import { ItineraryTable } from '../tours/itinerary-table'
import { usePublicTour } from '../tours/use-public-tour'
import { tourPath } from '../tours/api/tours'

/** /receipt/{bookingId}: a paid booking's receipt, laid out to print or save as PDF. */
export function ReceiptPage() {
  const { bookingId = '' } = useParams()
  const query = useCachedQuery({ key: bookingKey(bookingId), tags: bookingTags, load: () => getBooking(bookingId), enabled: bookingId !== '' })
  // With no signal, the copy saved for offline use (issue 15) stands in for the answer.
  const saved = useSavedTrip(bookingId)
  const offlineCopy = query.status === 'error' && query.data === undefined ? saved : null
  const booking = query.data ?? offlineCopy?.booking
  const receipt = booking ? receiptOf(booking) : null
  const t = useT()

  let body: ReactNode
  if (query.status === 'loading') body = <LoadingCard label={t('payments.loadingReceipt')} />
  else if (!booking)
    body = (
      <ErrorCard message={t(BOOKING_NOT_FOUND)} detail={t('payments.otherAccountOrLink')} onRetry={query.reload} asPageTitle>
        <Link to="/dashboard" className="btn-secondary">
          {t('payments.viewMyBookings')}
        </Link>
      </ErrorCard>
    )
  else if (!receipt)
    body = (
      <div className="card mx-auto max-w-md p-8 text-center">
        <h1 className="text-lg font-semibold text-slate-900">{t('payments.noReceiptYet')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('payments.noReceiptYetText')}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {isPayable(booking) && (
            <Link to={`/checkout/${booking._id}`} className="btn-primary">
              {t('payments.goToCheckout')}
            </Link>
          )}
          <Link to="/dashboard" className="btn-secondary">
            {t('payments.viewMyBookings')}
          </Link>
        </div>
      </div>
    )
  else
    body = (
      <>
        {offlineCopy && <OfflineNote savedAt={offlineCopy.savedAt} />}
        <ReceiptDocument receipt={receipt} itinerary={booking.tour ? <ReceiptItinerary tour={booking.tour} saved={saved} /> : null} />
      </>
    )

  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0">{body}</div>
}

/**
 * The booked tour's itinerary under a receipt: read from the tour's public page, or with no
 * signal from the copy saved for offline use. A tour its guide has since withdrawn shows its
 * title only.
 */
function ReceiptItinerary({ tour, saved }: { tour: NonNullable<Booking['tour']>; saved: SavedTrip | null | undefined }) {
  const t = useT()
  const query = usePublicTour(tour._id)
  const full = query.data ?? (saved?.tour?._id === tour._id ? saved.tour : undefined)
  return (
    <section className="mt-8 break-inside-avoid" aria-labelledby="receipt-itinerary">
      <h2 id="receipt-itinerary" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('payments.itinerary')}
      </h2>
      <p className="mt-1 font-semibold text-slate-900">
        <Link to={tourPath(tour._id)} className="hover:underline">
          {tour.title}
        </Link>
      </p>
      {full ? (
        <div className="mt-3">
          <ItineraryTable days={full.days} warnings={full.acclimatisation.warnings} caption={t('payments.itineraryOf', { title: tour.title })} />
        </div>
      ) : query.status === 'error' ? (
        <p className="mt-2 text-sm text-slate-500">{t('payments.itineraryUnavailable')}</p>
      ) : (
        <p role="status" className="mt-2 text-sm text-slate-500">
          {t('payments.loadingItinerary')}
        </p>
      )}
    </section>
  )
}

function ReceiptDocument({ receipt, itinerary }: { receipt: Receipt; itinerary: ReactNode }) {
  const price = usePrice()
  const approx = receipt.dollars === null ? null : price.approx(receipt.dollars)
  // A guide (or an admin) may open a trip's receipt too; each goes back to their own list.
  const { role } = useAuth()
  const t = useT()
  const back =
    role === 'tourist'
      ? { to: '/dashboard', label: t('payments.myBookings') }
      : role === 'guide'
        ? { to: '/request', label: t('payments.tourRequests') }
        : { to: '/', label: t('payments.home') }
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={back.to} className="btn-ghost -ml-3">
          <ArrowLeftIcon /> {back.label}
        </Link>
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          <PrinterIcon /> {t('payments.printSave')}
        </button>
      </div>
      <article className="card p-6 sm:p-10 print:rounded-none print:border-0 print:shadow-none" aria-labelledby="receipt-title">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
          <div>
            <Wordmark />
            <p className="mt-2 text-sm text-slate-500">{t('payments.tagline')}</p>
          </div>
          <div className="text-right">
            <h1 id="receipt-title" className="font-display text-3xl font-bold text-himal-900">
              {t('payments.receipt')}
            </h1>
            <p className="mt-1 inline-block rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-bold tracking-wide text-emerald-800 uppercase ring-1 ring-emerald-200">
              {t('payments.paid')}
            </p>
          </div>
        </header>

        <dl className="grid gap-x-8 gap-y-4 border-b border-slate-200 py-6 text-sm sm:grid-cols-2">
          <Field label={t('payments.paidAt')} value={receipt.paidAt} />
          <Field label={t('payments.paymentMethod')} value={receipt.method} />
          {receipt.exchange && <Field label={t('payments.chargedInRupees')} value={receipt.exchange} />}
          <Field label={t('payments.paymentReference')} value={receipt.reference} mono />
          <Field label={t('payments.bookingReference')} value={receipt.bookingId} mono />
        </dl>

        <div className="grid gap-6 border-b border-slate-200 py-6 text-sm sm:grid-cols-2">
          <div>
            <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('payments.billedTo')}</h2>
            <p className="mt-1 font-semibold text-slate-900">{receipt.billedTo.name}</p>
            <p className="break-all text-slate-600">{receipt.billedTo.email}</p>
          </div>
          <div>
            <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('payments.guide')}</h2>
            <p className="mt-1 font-semibold text-slate-900">{receipt.guide.name}</p>
            <p className="text-slate-600">{receipt.guide.email}</p>
            {receipt.guide.phone && <p className="text-slate-600">{receipt.guide.phone}</p>}
          </div>
        </div>

        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">{t('payments.whatWasPaidFor')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase">
              <th scope="col" className="pb-2 font-semibold">
                {t('payments.description')}
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                {t('payments.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-100 align-top">
              <td className="py-4 pr-4">
                <p className="font-semibold text-slate-900">{receipt.item}</p>
                <p className="text-slate-600">{receipt.when}</p>
                <p className="text-slate-600">{receipt.quantity}</p>
              </td>
              <td className="py-4 text-right font-semibold whitespace-nowrap text-slate-900">{receipt.total}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-4 text-left text-base font-semibold text-slate-900">
                {t('payments.totalPaid', { currency: receipt.currency })}
              </th>
              <td className="pt-4 text-right font-display text-2xl font-bold whitespace-nowrap text-himal-900">{receipt.total}</td>
            </tr>
            {/* The paper states only what was paid; on screen, the chosen currency beside it. */}
            {approx && (
              <tr className="print:hidden">
                <td colSpan={2} className="pt-1 text-right text-sm text-slate-600">
                  {t('payments.inYourCurrency', { amount: approx })}
                </td>
              </tr>
            )}
          </tfoot>
        </table>

        {itinerary}

        <p className="mt-10 border-t border-slate-200 pt-4 text-xs text-slate-500">{t('payments.thankYou', { email: SUPPORT_EMAIL })}</p>
      </article>
    </>
  )
}

function Field({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={`mt-0.5 text-slate-900 ${mono ? 'font-mono text-xs break-all' : 'font-semibold break-words'}`}>{value}</dd>
    </div>
  )
}
