import { useId, useState, type FormEvent } from 'react'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { type Booking } from '../../lib/booking'
import { cancelBooking } from './api/cancel-booking'
import { refundOutlook, tripDates, type Viewer } from './trip-status'
import { useNow } from './use-now'
import { useT } from '../../i18n/messages'

export const REASON_MAX = 500

type CancelBookingDialogProps = {
  /** The booking to cancel, or null when the dialog is closed. */
  booking: Booking | null
  viewer: Viewer
  /** Whom the trip is with, as the viewer calls them. */
  otherParty: string
  onClose: () => void
  onCancelled: (booking: Booking, message: string) => void
}

/**
 * The confirmation before cancelling: the trip, what happens to the money (said before the
 * click, as the issue asks), and an optional reason the other party will read.
 */
export function CancelBookingDialog({ booking, viewer, otherParty, onClose, onCancelled }: CancelBookingDialogProps) {
  const t = useT()
  return (
    <ModalDialog open={booking !== null} title={t('bookings.cancelTitle')} onClose={onClose}>
      {booking && <CancelForm key={booking._id} booking={booking} viewer={viewer} otherParty={otherParty} onClose={onClose} onCancelled={onCancelled} />}
    </ModalDialog>
  )
}

function CancelForm({ booking, viewer, otherParty, onClose, onCancelled }: CancelBookingDialogProps & { booking: Booking }) {
  const t = useT()
  const ids = { reason: useId(), count: useId(), refund: useId() }
  const [reason, setReason] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The refund can change while the dialog is open (the 24-hour mark passing).
  const now = useNow(15_000)
  const refund = refundOutlook(booking, viewer, now)
  const length = [...reason].length
  const tooLong = length > REASON_MAX

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (sending || tooLong) return
    setSending(true)
    setError(null)
    const result = await cancelBooking(booking._id, reason.trim())
    setSending(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    onCancelled(result.data.booking, result.data.message)
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={ids.refund}>
      <p className="text-sm text-slate-700">
        {t.rich('bookings.cancelIntro', { viewer, name: otherParty, dates: tripDates(booking), b: (chunks) => <strong key="b">{chunks}</strong> })}
      </p>
      <p id={ids.refund} className={`rounded-xl px-4 py-3 text-sm font-semibold ${refund.amount > 0 ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}>
        {refund.text}
      </p>
      <div>
        <label htmlFor={ids.reason} className="field-label">
          {t('bookings.reasonLabel')} <span className="font-normal text-slate-500">{t('bookings.reasonHint', { viewer })}</span>
        </label>
        <textarea
          id={ids.reason}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          disabled={sending}
          aria-describedby={ids.count}
          aria-invalid={tooLong || undefined}
          className="field-input resize-y"
        />
        <p id={ids.count} className={`mt-1 text-right text-xs ${tooLong ? 'font-semibold text-red-700' : 'text-slate-500'}`}>
          {t('bookings.characterCount', { typed: length, max: REASON_MAX })}
        </p>
      </div>
      {error && <FormAlert tone="error">{t(error)}</FormAlert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={sending}>
          {t('bookings.keepTrip')}
        </button>
        <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={sending || tooLong} aria-busy={sending}>
          {sending ? (
            <>
              <SpinnerIcon className="animate-spin" /> {t('bookings.cancelling')}
            </>
          ) : (
            t('bookings.cancelTrip')
          )}
        </button>
      </div>
    </form>
  )
}
