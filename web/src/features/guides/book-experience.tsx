import { useState } from 'react'
import { CalendarIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'

export const BOOKING_SOON_TITLE = 'Booking opens soon'

/**
 * 'Book Experience' on a guide's page. The booking modal (date, time, group size, price)
 * arrives with the bookings work, which replaces this component; until then the button
 * says plainly that booking is not open yet instead of doing nothing.
 */
export function BookExperience({ guideName }: { guideName: string }) {
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <button type="button" className="btn-accent w-full py-3 text-base" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <CalendarIcon /> Book Experience
      </button>
      <ModalDialog open={open} title={BOOKING_SOON_TITLE} onClose={close}>
        <p className="text-sm text-slate-600">
          Online booking with {guideName} is almost ready. Soon you will choose a date, a start time and your group size here, and {guideName} approves or
          declines your request before you pay.
        </p>
        <div className="mt-6 flex justify-end">
          <button type="button" className="btn-primary" onClick={close}>
            Got it
          </button>
        </div>
      </ModalDialog>
    </>
  )
}
