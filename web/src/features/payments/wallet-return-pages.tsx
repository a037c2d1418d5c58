import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { AlertIcon, ClockIcon, SpinnerIcon } from '../../components/icons'
import type { ApiResult } from '../../lib/api-result'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import { confirmEsewa, confirmKhalti, WALLET_CHECK_FAILED, type WalletConfirmation } from './api/confirm-wallet-payment'
import { Buttons, CONFIRMING, MIN_CONFIRMING_MS, Outcome, Paid, RECHECK_MS } from './success-page'
import { useT } from '../../i18n/messages'

type Wallet = 'Khalti' | 'eSewa'

/** /payments/khalti/return?pidx=…: where Khalti sends the traveller back; the server asks Khalti. */
export function KhaltiReturnPage() {
  const [params] = useSearchParams()
  const pidx = params.get('pidx') ?? ''
  return <WalletReturn wallet="Khalti" reference={pidx} confirm={() => confirmKhalti(pidx)} />
}

/** /payments/esewa/success?data=…: eSewa's signed answer, checked by the server and then with eSewa. */
export function EsewaSuccessPage() {
  const [params] = useSearchParams()
  // eSewa's base64 may hold '+', which a query string turns into a space.
  const data = (params.get('data') ?? '').replace(/ /g, '+')
  return <WalletReturn wallet="eSewa" reference={data} confirm={() => confirmEsewa(data)} />
}

/** /payments/esewa/failure?booking_id=…: eSewa says the payment did not go through. */
export function EsewaFailurePage() {
  const [params] = useSearchParams()
  const bookingId = params.get('booking_id') ?? ''
  const t = useT()
  return (
    <Page>
      <Outcome icon={<AlertIcon />} tone="red" title={t('payments.esewaFailedTitle')}>
        <p>{t('payments.esewaFailedText')}</p>
        <RetryButtons bookingId={bookingId} />
      </Outcome>
    </Page>
  )
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>
}

function RetryButtons({ bookingId }: { bookingId: string }) {
  const t = useT()
  return (
    <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
      {bookingId !== '' && (
        <Link to={`/checkout/${encodeURIComponent(bookingId)}`} className="btn-primary">
          {t('payments.tryPaymentAgain')}
        </Link>
      )}
      <Link to="/dashboard" className="btn-secondary">
        {t('payments.viewMyBookings')}
      </Link>
    </div>
  )
}

function WalletReturn({ wallet, reference, confirm }: { wallet: Wallet; reference: string; confirm: () => Promise<ApiResult<WalletConfirmation>> }) {
  const cache = useClientCache()
  const t = useT()
  const query = useCachedQuery({ key: `wallet:${wallet}:${reference}`, load: confirm, enabled: reference !== '' })
  const [shownLongEnough, setShownLongEnough] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setShownLongEnough(true), MIN_CONFIRMING_MS)
    return () => window.clearTimeout(timer)
  }, [])

  const state = query.data?.data.paymentStatus
  const { reload } = query
  useEffect(() => {
    if (state !== 'pending') return
    const timer = window.setInterval(reload, RECHECK_MS)
    return () => window.clearInterval(timer)
  }, [state, reload])

  // Once paid, every list and page showing this booking fetches it again.
  const announced = useRef<string | null>(null)
  useEffect(() => {
    if (state !== 'paid' || announced.current === reference) return
    announced.current = reference
    invalidate(cache, BOOKINGS_TAG)
  }, [state, reference, cache])

  let view: ReactNode
  if (reference === '')
    view = (
      <Outcome icon={<AlertIcon />} tone="amber" title={t('payments.noPaymentToConfirm')}>
        <p>{t('payments.noPaymentToConfirmWallet', { wallet })}</p>
        <Buttons />
      </Outcome>
    )
  else if (!shownLongEnough || (query.status === 'loading' && !query.data))
    view = (
      <Outcome icon={<SpinnerIcon />} tone="himal" title={t(CONFIRMING)} busy>
        <p>{t('payments.checkingWithWallet', { wallet })}</p>
      </Outcome>
    )
  else if (!query.data)
    view = (
      <Outcome icon={<AlertIcon />} tone="red" title={t(WALLET_CHECK_FAILED)}>
        <p role="alert">{query.error}</p>
        <p className="mt-2">{t('payments.walletMoneyNotLost', { wallet })}</p>
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
  else if (query.data.data.paymentStatus === 'paid') view = <Paid payment={query.data.data} />
  else if (query.data.data.paymentStatus === 'cancelled')
    view = (
      <Outcome icon={<AlertIcon />} tone="red" title={t('payments.walletDidNotGoThrough', { wallet })}>
        <p>{query.data.message}</p>
        <RetryButtons bookingId={query.data.data.booking._id} />
      </Outcome>
    )
  else
    view = (
      <Outcome icon={<ClockIcon />} tone="amber" title={t('payments.waitingForConfirmation')}>
        <p>{t('payments.walletWaitingText', { message: query.data.message })}</p>
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

  return <Page>{view}</Page>
}
