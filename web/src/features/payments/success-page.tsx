import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { AlertIcon, ClockIcon, SpinnerIcon } from '../../components/icons'
import { getPaymentStatus, PAYMENT_CHECK_FAILED, paymentStatusKey } from './api/get-payment-status'
import type { PaymentState } from './api/get-sandbox-checkout'
import { Paid } from './paid-summary'
import { Buttons, Outcome, StillChecking } from './payment-outcome'
import { CONFIRMING, usePaymentConfirmation } from './use-payment-confirmation'
import { msg, useT } from '../../i18n/messages'

export const STILL_WAITING = msg('payments.stillWaiting')

const paymentOf = (payment: PaymentState) => payment

/** /success?session_id=…: the payment as the server confirmed it with the provider, and the real booking. */
export function SuccessPage() {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id') ?? ''
  const t = useT()
  const confirmation = usePaymentConfirmation({
    key: paymentStatusKey(sessionId),
    reference: sessionId,
    confirm: (signal) => getPaymentStatus(sessionId, signal),
    paymentOf,
  })
  const { phase, payment } = confirmation

  let view: ReactNode
  if (phase === 'missing')
    view = (
      <Outcome icon={<AlertIcon />} tone="amber" title={t('payments.noPaymentToConfirm')}>
        <p>{t('payments.noPaymentToConfirmText')}</p>
        <Buttons />
      </Outcome>
    )
  else if (phase === 'confirming')
    view = (
      <Outcome icon={<SpinnerIcon />} tone="himal" title={t(CONFIRMING)} busy>
        <p>{t('payments.checkingWithProvider')}</p>
      </Outcome>
    )
  else if (phase === 'failed' || !payment)
    view = (
      <Outcome icon={<AlertIcon />} tone="red" title={confirmation.error ?? t(PAYMENT_CHECK_FAILED)}>
        <p>{t('payments.mayHaveGoneThrough')}</p>
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
  else if (phase === 'paid') view = <Paid payment={payment} />
  else if (phase === 'cancelled')
    view = (
      <Outcome icon={<AlertIcon />} tone="amber" title={t('payments.thisPaymentCancelled')}>
        <p>{t('payments.thisPaymentCancelledText')}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={`/checkout/${payment.booking._id}`} className="btn-primary">
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
        <StillChecking isFetching={confirmation.isFetching} onCheck={confirmation.reload} />
      </Outcome>
    )

  return <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{view}</div>
}
