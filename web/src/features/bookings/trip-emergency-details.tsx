import { useEffect, useState, type ReactNode } from 'react'
import { AlertIcon, SpinnerIcon } from '../../components/icons'
import { todayInNepal, type Booking } from '../../lib/booking'
import { telHref } from '../../lib/emergency-contacts'
import { getTripEmergencyInfo, type TripEmergencyInfo } from './api/get-trip-emergency-info'
import { useT } from '../../i18n/messages'

type Answer = { status: 'loading' } | { status: 'hidden' } | { status: 'error'; message: string } | { status: 'shown'; info: TripEmergencyInfo }

/**
 * Whether to ask the server at all: a paid trip not yet over. The server alone decides the
 * window it shares the details in (from the day before the trip to its last day, Nepal
 * time) and answers 403 outside it, which hides the section.
 */
export function mayShareEmergencyInfo(booking: Booking, today = todayInNepal()): boolean {
  return booking.bookingStatus === 'approved' && booking.paymentStatus === 'paid' && booking.endDate >= today
}

/** The traveller's emergency contact and insurance on the guide's card of a running paid trip. */
export function TripEmergencyDetails({ booking }: { booking: Booking }) {
  return mayShareEmergencyInfo(booking) ? <EmergencyDetails bookingId={booking._id} /> : null
}

function EmergencyDetails({ bookingId }: { bookingId: string }) {
  const t = useT()
  const [answer, setAnswer] = useState<Answer>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    void getTripEmergencyInfo(bookingId).then((result) => {
      if (!current) return
      if (result.ok) setAnswer({ status: 'shown', info: result.data })
      // Refused (not yet the trip's days) or gone: nothing to show the guide.
      else if (result.status === 403 || result.status === 404) setAnswer({ status: 'hidden' })
      else setAnswer({ status: 'error', message: result.message })
    })
    return () => {
      current = false
    }
  }, [bookingId, attempt])

  if (answer.status === 'hidden') return null
  const title = t('bookings.emergencyTitle')
  return (
    <section aria-label={title} className="rounded-xl border border-red-200 bg-red-50/60 p-4 text-sm">
      <h3 className="flex items-center gap-2 font-semibold text-red-800">
        <AlertIcon className="shrink-0" /> {title}
      </h3>
      {answer.status === 'loading' && (
        <p role="status" className="mt-2 flex items-center gap-2 text-slate-600">
          <SpinnerIcon className="animate-spin" /> {t('bookings.emergencyLoading')}
        </p>
      )}
      {answer.status === 'error' && (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-red-800">
          <span>{answer.message}</span>
          <button
            type="button"
            className="btn-ghost text-sm"
            onClick={() => {
              setAnswer({ status: 'loading' })
              setAttempt((n) => n + 1)
            }}
          >
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {answer.status === 'shown' && <EmergencyFacts info={answer.info} />}
    </section>
  )
}

function EmergencyFacts({ info }: { info: TripEmergencyInfo }) {
  const t = useT()
  const e = info.emergencyInfo
  const hasContact = e.contactName !== '' || e.contactPhone !== '' || e.contactEmail !== ''
  const hasInsurance = e.insuranceProvider !== '' || e.insurancePolicyNumber !== '' || e.insuranceEmergencyPhone !== ''
  if (!hasContact && !hasInsurance) return <p className="mt-2 text-slate-700">{t('bookings.emergencyNone')}</p>
  // Label above value on phones (numbers stay whole), side by side from sm up.
  const row = 'grid gap-x-3 sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)] sm:gap-y-1'
  return (
    <div className="mt-2 space-y-3 text-slate-800">
      <div>
        <h4 className="font-semibold text-slate-900">{t('bookings.emergencyContact')}</h4>
        {hasContact ? (
          <dl className={row}>
            {e.contactName && <Fact label={t('bookings.emergencyName')}>{e.contactName}</Fact>}
            {e.contactPhone && (
              <Fact label={t('bookings.emergencyPhone')}>
                <a className="text-link" href={telHref(e.contactPhone)}>
                  {e.contactPhone}
                </a>
              </Fact>
            )}
            {e.contactEmail && (
              <Fact label={t('bookings.emergencyEmail')}>
                <a className="text-link break-all" href={`mailto:${e.contactEmail}`}>
                  {e.contactEmail}
                </a>
              </Fact>
            )}
          </dl>
        ) : (
          <p className="text-slate-600">{t('bookings.emergencyNoContact')}</p>
        )}
      </div>
      <div>
        <h4 className="font-semibold text-slate-900">{t('bookings.emergencyInsurance')}</h4>
        {hasInsurance ? (
          <dl className={row}>
            {e.insuranceProvider && <Fact label={t('bookings.emergencyProvider')}>{e.insuranceProvider}</Fact>}
            {e.insurancePolicyNumber && <Fact label={t('bookings.emergencyPolicy')}>{e.insurancePolicyNumber}</Fact>}
            {e.insuranceEmergencyPhone && (
              <Fact label={t('bookings.emergencyInsurancePhone')}>
                <a className="text-link" href={telHref(e.insuranceEmergencyPhone)}>
                  {e.insuranceEmergencyPhone}
                </a>
              </Fact>
            )}
          </dl>
        ) : (
          <p className="text-slate-600">{t('bookings.emergencyNoInsurance')}</p>
        )}
      </div>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="mt-1.5 text-xs text-slate-600 sm:mt-0 sm:text-sm">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}
