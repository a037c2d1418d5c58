import { Link, useSearchParams } from 'react-router'
import { AlertIcon, HomeIcon, MailIcon } from '../../components/icons'
import { msg, translate, useT } from '../../i18n/messages'

export const PAYMENT_CANCELLED = msg('payments.paymentCancelled')
export const NO_CHARGES = msg('payments.noCharges')
export const SUPPORT_EMAIL = 'support@yatra.np'

/** The support mail, with the booking named so support can find it. */
export function supportMailto(bookingId: string | null): string {
  const subject = bookingId ? translate('payments.paymentHelpFor', { id: bookingId }) : translate('payments.paymentHelp')
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`
}

/** /cancel?booking_id=…: where the provider sends a traveller who left the checkout. It verifies nothing. */
export function CancelPage() {
  const [params] = useSearchParams()
  const bookingId = params.get('booking_id')?.trim() || null
  const t = useT()

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <section className="card p-6 text-center sm:p-10">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-marigold-50 text-3xl text-marigold-700">
          <AlertIcon />
        </span>
        <h1 className="mt-5 font-display text-3xl font-bold text-himal-900">{t(PAYMENT_CANCELLED)}</h1>
        <p className="mt-2 text-slate-600">{t(NO_CHARGES)}</p>
        <p className="mt-1 text-sm text-slate-500">{t('payments.bookingKept')}</p>

        <div className="mx-auto mt-8 flex max-w-md flex-col gap-3">
          {bookingId ? (
            <Link to={`/checkout/${encodeURIComponent(bookingId)}`} className="btn-primary">
              {t('payments.tryPaymentAgain')}
            </Link>
          ) : (
            <Link to="/dashboard" className="btn-primary">
              {t('payments.viewMyBookings')}
            </Link>
          )}
          <a href={supportMailto(bookingId)} className="btn-secondary">
            <MailIcon /> {t('payments.contactSupport')}
          </a>
          <Link to="/" className="btn-secondary">
            <HomeIcon /> {t('payments.backToHome')}
          </Link>
        </div>
      </section>

      <aside className="mt-6 rounded-2xl border border-himal-100 bg-himal-50 p-5 text-sm text-himal-900" aria-labelledby="need-help">
        <h2 id="need-help" className="font-semibold">
          {t('payments.needHelp')}
        </h2>
        <p className="mt-1">
          {t.rich('payments.needHelpText', {
            booking: bookingId ? 'yes' : 'no',
            email: SUPPORT_EMAIL,
            link: (chunks) => (
              <a href={supportMailto(bookingId)} className="text-link">
                {chunks}
              </a>
            ),
          })}
        </p>
      </aside>
    </div>
  )
}
