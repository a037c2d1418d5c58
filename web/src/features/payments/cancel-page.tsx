import { Link, useSearchParams } from 'react-router'
import { AlertIcon, HomeIcon, MailIcon } from '../../components/icons'

export const PAYMENT_CANCELLED = 'Payment Cancelled'
export const NO_CHARGES = 'No charges were made to your account'
export const SUPPORT_EMAIL = 'support@yatra.np'

/** The support mail, with the booking named so support can find it. */
export function supportMailto(bookingId: string | null): string {
  const subject = bookingId ? `Payment help for booking ${bookingId}` : 'Payment help'
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`
}

/** /cancel?booking_id=…: where the provider sends a traveller who left the checkout. It verifies nothing. */
export function CancelPage() {
  const [params] = useSearchParams()
  const bookingId = params.get('booking_id')?.trim() || null

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <section className="card p-6 text-center sm:p-10">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-marigold-50 text-3xl text-marigold-700">
          <AlertIcon />
        </span>
        <h1 className="mt-5 font-display text-3xl font-bold text-himal-900">{PAYMENT_CANCELLED}</h1>
        <p className="mt-2 text-slate-600">{NO_CHARGES}</p>
        <p className="mt-1 text-sm text-slate-500">Your booking is kept. You can pay for it whenever you are ready.</p>

        <div className="mx-auto mt-8 flex max-w-md flex-col gap-3">
          {bookingId ? (
            <Link to={`/checkout/${encodeURIComponent(bookingId)}`} className="btn-primary">
              Try Payment Again
            </Link>
          ) : (
            <Link to="/dashboard" className="btn-primary">
              View My Bookings
            </Link>
          )}
          <a href={supportMailto(bookingId)} className="btn-secondary">
            <MailIcon /> Contact Support
          </a>
          <Link to="/" className="btn-secondary">
            <HomeIcon /> Back to Home
          </Link>
        </div>
      </section>

      <aside className="mt-6 rounded-2xl border border-himal-100 bg-himal-50 p-5 text-sm text-himal-900" aria-labelledby="need-help">
        <h2 id="need-help" className="font-semibold">
          Need Help?
        </h2>
        <p className="mt-1">
          If the payment did not go as expected, write to us at{' '}
          <a href={supportMailto(bookingId)} className="text-link">
            {SUPPORT_EMAIL}
          </a>
          {bookingId ? ' and we will look into this booking.' : '.'} Nothing is charged until a payment is completed.
        </p>
      </aside>
    </div>
  )
}
