import { ModalDialog } from '../../../components/modal-dialog'
import { useAuth } from '../../../lib/auth-store'
import { useT } from '../../../i18n/messages'
import { NoRate, NotATraveller, SignedOut } from './booking-gates'
import { BookingForm } from './booking-form'
import type { BookableGuide } from './booking-request'

type BookingModalProps = { open: boolean; onClose: () => void; guide: BookableGuide }

/**
 * 'Book Experience': the first day on a calendar of the guide's free days, the trip's
 * length, a start time, the group and a message, with the price they come to.
 * Only a traveller gets the form; anyone signed out is asked to log in, and a guide or an
 * admin is told that only travellers book.
 */
export function BookingModal({ open, onClose, guide }: BookingModalProps) {
  const { isSignedIn, role } = useAuth()
  const t = useT()
  return (
    <ModalDialog open={open} title={t('guides.bookName', { name: guide.firstName })} onClose={onClose}>
      {!isSignedIn ? (
        <SignedOut />
      ) : role !== 'tourist' ? (
        <NotATraveller role={role} onClose={onClose} />
      ) : guide.pricePerDay === null ? (
        <NoRate guide={guide} onClose={onClose} />
      ) : (
        <BookingForm guide={{ ...guide, pricePerDay: guide.pricePerDay }} onClose={onClose} />
      )}
    </ModalDialog>
  )
}
