import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { useT } from '../../i18n/messages'
import { useAuth } from '../../lib/auth-store'
import { todayInNepal } from '../../lib/booking'
import { AVAILABILITY_TAG, BOOKINGS_TAG, TOURS_TAG } from '../../lib/cache-tags'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { newIdempotencyKey } from '../bookings/api/request-booking'
import { bookTour, type PublicTour } from './api/tours'
import { bookingProblem, loginPath, type TourChoice } from './tour-booking'

/** The message to the guide, kept per tour for this tab, so a trip to the login page loses nothing. */
const messageKey = (tourId: string) => `yatra.tourMessage.${tourId}`
const MESSAGE_MAX = 1000

function readMessage(tourId: string): string {
  try {
    return sessionStorage.getItem(messageKey(tourId)) ?? ''
  } catch {
    return ''
  }
}

function keepMessage(tourId: string, message: string) {
  try {
    if (message === '') sessionStorage.removeItem(messageKey(tourId))
    else sessionStorage.setItem(messageKey(tourId), message)
  } catch {
    // Private modes may refuse storage; the message then only lives on the page.
  }
}

/**
 * Booking the tour for the chosen day and group: "Book now" for an instant tour (approved at
 * once, on to paying), "Request to book" for one the guide answers. Signed out, the button
 * goes to the login page and back here with the choice kept; guides and admins are told
 * only travellers book. The server's refusals (too soon, the guide busy, too many people)
 * show here.
 */
export function TourBookingBox({ tour, choice, fields }: { tour: PublicTour; choice: TourChoice; fields: ReactNode }) {
  const t = useT()
  const navigate = useNavigate()
  const location = useLocation()
  const cache = useClientCache()
  const { isSignedIn, role } = useAuth()
  const [message, setMessage] = useState(() => readMessage(tour._id))
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  // One key per attempt: a double click or a retry after a lost answer books once.
  const attempt = useRef<{ key: string; body: string } | null>(null)
  const instant = tour.bookingMode === 'instant'
  const canBook = !isSignedIn || role === 'tourist'

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!isSignedIn) {
      keepMessage(tour._id, message)
      await navigate(loginPath(location.pathname + location.search))
      return
    }
    const wrong = bookingProblem(choice, todayInNepal())
    if (wrong) {
      setProblem(t(wrong))
      return
    }
    const input = { tourId: tour._id, selectedDate: choice.startDate, groupSize: choice.groupSize, ...(message.trim() !== '' && { message: message.trim() }) }
    const body = JSON.stringify(input)
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body }
    setProblem(null)
    setSending(true)
    const result = await bookTour(input, attempt.current.key)
    setSending(false)
    if (!result.ok) {
      setProblem(result.message)
      return
    }
    keepMessage(tour._id, '')
    attempt.current = null
    invalidate(cache, BOOKINGS_TAG, AVAILABILITY_TAG, TOURS_TAG)
    const booking = result.data.data
    if (booking.bookingStatus === 'approved') await navigate(`/checkout/${booking._id}`)
    else setSent(true)
  }

  // Guides and admins may still work out the price; only booking is a traveller's.
  if (!canBook) {
    return (
      <div className="space-y-4">
        {fields}
        <FormAlert tone="error" title={t('tours.onlyTravellersBook')}>
          {t('tours.onlyTravellersBookWhy', { role: role === 'guide' ? 'guide' : 'admin' })}
        </FormAlert>
      </div>
    )
  }

  if (sent) {
    return (
      <FormAlert tone="success" title={t('tours.requestSent')}>
        <p>{t('tours.requestSentText', { name: tour.guide.firstName })}</p>
        <Link to="/dashboard" className="text-link mt-2 inline-block font-semibold">
          {t('tours.goToTrips')}
        </Link>
      </FormAlert>
    )
  }

  return (
    <form className="space-y-4" onSubmit={submit} noValidate aria-label={t('tours.bookThisTour')}>
      {fields}
      <div className="flex flex-col gap-1">
        <label htmlFor="tour-message" className="field-label">
          {t('tours.messageToGuide')} <span className="font-normal text-slate-500">{t('tours.optional')}</span>
        </label>
        <textarea
          id="tour-message"
          className="field-input min-h-20 text-sm"
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value)
            keepMessage(tour._id, e.target.value)
          }}
        />
      </div>
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      <p className="text-sm text-slate-600">{instant ? t('tours.instantExplained') : t('tours.requestExplained', { name: tour.guide.firstName })}</p>
      {tour.cutoffHours > 0 && <p className="text-xs text-slate-500">{t('tours.cutoffExplained', { hours: tour.cutoffHours })}</p>}
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={sending}>
        {sending && <SpinnerIcon className="animate-spin" />}
        {!isSignedIn ? t('tours.logInToBook') : instant ? t('tours.bookNow') : t('tours.requestToBook')}
      </button>
    </form>
  )
}
