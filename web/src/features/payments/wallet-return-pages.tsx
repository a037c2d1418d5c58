import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { AlertIcon, ClockIcon, SpinnerIcon } from '../../components/icons'
import type { ApiResult } from '../../lib/api-result'
import { confirmEsewa, confirmKhalti, WALLET_CHECK_FAILED, type WalletConfirmation } from './api/confirm-wallet-payment'
import { Paid } from './paid-summary'
import { Buttons, Outcome, StillChecking } from './payment-outcome'
import { CONFIRMING, usePaymentConfirmation } from './use-payment-confirmation'
import { useT } from '../../i18n/messages'

type Wallet = 'Khalti' | 'eSewa'

const paymentOf = (answer: WalletConfirmation) => answer.data

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
  const t = useT()
  const confirmation = usePaymentConfirmation({ key: `wallet:${wallet}:${reference}`, reference, confirm, paymentOf })
  const { phase, answer } = confirmation

  let view: ReactNode
  if (phase === 'missing')
    view = (
      <Outcome icon={<AlertIcon />} tone="amber" title={t('payments.noPaymentToConfirm')}>
        <p>{t('payments.noPaymentToConfirmWallet', { wallet })}</p>
        <Buttons />
      </Outcome>
    )
  else if (phase === 'confirming')
    view = (
      <Outcome icon={<SpinnerIcon />} tone="himal" title={t(CONFIRMING)} busy>
        <p>{t('payments.checkingWithWallet', { wallet })}</p>
      </Outcome>
    )
  else if (phase === 'failed' || !answer)
    view = (
      <Outcome icon={<AlertIcon />} tone="red" title={t(WALLET_CHECK_FAILED)}>
        <p role="alert">{confirmation.error}</p>
        <p className="mt-2">{t('payments.walletMoneyNotLost', { wallet })}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <button type="button" className="btn-primary" onClick={confirmation.reload}>
            {t('payments.tryAgain')}
          </button>
          <Link to="/dashboard" className="btn-secondary">
            {t('payments.viewMyBookings')}
          </Link>
        </div>
      </Outcome>
    )
  else if (phase === 'paid') view = <Paid payment={answer.data} />
  else if (phase === 'cancelled')
    view = (
      <Outcome icon={<AlertIcon />} tone="red" title={t('payments.walletDidNotGoThrough', { wallet })}>
        <p>{answer.message}</p>
        <RetryButtons bookingId={answer.data.booking._id} />
      </Outcome>
    )
  else
    view = (
      <Outcome icon={<ClockIcon />} tone="amber" title={t('payments.waitingForConfirmation')}>
        <p>{t('payments.walletWaitingText', { message: answer.message })}</p>
        <StillChecking isFetching={confirmation.isFetching} onCheck={confirmation.reload} />
      </Outcome>
    )

  return <Page>{view}</Page>
}
