import { useState } from 'react'
import { CalendarIcon } from '../../../components/icons'
import { BookingModal } from './booking-modal'
import type { BookableGuide } from './booking-request'
import { useT } from '../../../i18n/messages'

/**
 * 'Book Experience' on a guide's page: opens the booking modal. The one part of booking the
 * guides feature shows (`exposed` in eslint.config.js).
 */
export function BookExperience({ guide }: { guide: BookableGuide }) {
  const [open, setOpen] = useState(false)
  const t = useT()
  return (
    <>
      <button type="button" className="btn-accent w-full py-3 text-base" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <CalendarIcon /> {t('guides.bookExperience')}
      </button>
      <BookingModal open={open} onClose={() => setOpen(false)} guide={guide} />
    </>
  )
}
