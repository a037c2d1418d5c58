import { useId, useRef, useState, type FormEvent } from 'react'
import { FieldError } from '../../components/field-error'
import { FormAlert } from '../../components/form-alert'
import { SpinnerIcon } from '../../components/icons'
import { ModalDialog } from '../../components/modal-dialog'
import { useT } from '../../i18n/messages'
import { todayInNepal } from '../../lib/booking'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { useCachedQuery } from '../../lib/use-cached-query'
import { MY_TOURS_KEY, MY_TOURS_TAGS } from '../guide-tours/api/editor-data'
import { ItineraryEditor } from '../guide-tours/itinerary-editor'
import { fieldOfServerError, type DraftErrors } from '../guide-tours/tour-draft'
import { useAltitudeCheck } from '../guide-tours/use-altitude-check'
import { myTours } from '../tours/api/tours'
import { makeOffer, OFFER_TAGS, type Offer } from './api/offers'
import { newOfferDraft, OFFER_GROUP_MAX, OFFER_NOTE_MAX, offerFromTour, offerRequestOf, validateOffer, type OfferDraft } from './offer-form'

/**
 * The guide's "Make an offer" in a conversation: start from one of their tours (or from a
 * blank day), change the days as the traveller asked — checked for altitude as they are
 * typed — and set the dates, the group, the price for all and how long it stays open.
 * Everything typed stays while the dialog is open; a refusal keeps it, with the reason.
 */
export function OfferEditor({
  conversationId,
  travellerName,
  onClose,
  onSent,
}: {
  conversationId: string
  travellerName: string
  onClose: () => void
  onSent: (offer: Offer) => void
}) {
  const t = useT()
  const id = useId()
  const cache = useClientCache()
  const today = todayInNepal()
  const [draft, setDraft] = useState<OfferDraft>(() => newOfferDraft(today))
  const [errors, setErrors] = useState<DraftErrors>({})
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const check = useAltitudeCheck(draft.days)
  const formRef = useRef<HTMLFormElement>(null)
  const tours = useCachedQuery({ key: MY_TOURS_KEY, tags: MY_TOURS_TAGS, load: myTours })

  function change(update: Partial<OfferDraft>, edited: string[] = Object.keys(update)) {
    setDraft((d) => ({ ...d, ...update }))
    setErrors((e) => {
      const next = { ...e }
      for (const field of edited) delete next[field]
      return next
    })
  }

  function startFrom(tourId: string) {
    const tour = tours.data?.find((candidate) => candidate._id === tourId)
    setDraft((d) => (tour ? offerFromTour(d, tour) : { ...d, tourId: '' }))
    setErrors({})
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (sending) return
    const found = validateOffer(draft, today)
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setSending(true)
    const result = await makeOffer(offerRequestOf(draft, conversationId))
    setSending(false)
    if (!result.ok) {
      const field = result.status === 400 ? fieldOfServerError(result.message, draft.days) : null
      if (field) setErrors({ [field]: result.message })
      else setFailure(result.message)
      return
    }
    invalidate(cache, ...OFFER_TAGS)
    onSent(result.data)
  }

  const input = (field: keyof OfferDraft) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    disabled: sending,
  })
  const published = (tours.data ?? []).filter((tour) => tour.status === 'published')

  return (
    <ModalDialog open wide title={t('offers.editorTitle', { name: travellerName })} onClose={() => !sending && onClose()}>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label={t('offers.editorTitle', { name: travellerName })}>
        <p className="text-sm text-slate-600">{t('offers.editorIntro')}</p>
        <div>
          <label htmlFor={`${id}-tour`} className="field-label">
            {t('offers.startFrom')}
          </label>
          <select id={`${id}-tour`} className="field-input" value={draft.tourId} disabled={sending} onChange={(e) => startFrom(e.target.value)}>
            <option value="">{t('offers.startFromBlank')}</option>
            {published.map((tour) => (
              <option key={tour._id} value={tour._id}>
                {tour.title}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <div>
            <label htmlFor={`${id}-startDate`} className="field-label">
              {t('offers.firstDay')}
            </label>
            <input
              type="date"
              className="field-input"
              min={today}
              value={draft.startDate}
              onChange={(e) => change({ startDate: e.target.value }, ['startDate', 'validUntil'])}
              {...input('startDate')}
            />
            <FieldError id={`${id}-startDate-error`} message={errors.startDate} />
          </div>
          <div>
            <label htmlFor={`${id}-groupSize`} className="field-label">
              {t('offers.people')}
            </label>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={OFFER_GROUP_MAX}
              className="field-input"
              value={draft.groupSize}
              onChange={(e) => change({ groupSize: e.target.value })}
              {...input('groupSize')}
            />
            <FieldError id={`${id}-groupSize-error`} message={errors.groupSize} />
          </div>
          <div>
            <label htmlFor={`${id}-totalPriceUsd`} className="field-label">
              {t('offers.totalPrice')}
            </label>
            <input
              inputMode="decimal"
              className="field-input"
              value={draft.totalPriceUsd}
              onChange={(e) => change({ totalPriceUsd: e.target.value })}
              {...input('totalPriceUsd')}
            />
            <FieldError id={`${id}-totalPriceUsd-error`} message={errors.totalPriceUsd} />
          </div>
          <div>
            <label htmlFor={`${id}-validUntil`} className="field-label">
              {t('offers.validUntil')}
            </label>
            <input type="date" className="field-input" min={today} value={draft.validUntil} onChange={(e) => change({ validUntil: e.target.value })} {...input('validUntil')} />
            <FieldError id={`${id}-validUntil-error`} message={errors.validUntil} />
          </div>
        </div>
        <section aria-labelledby={`${id}-days`}>
          <h3 id={`${id}-days`} className="text-base font-semibold text-slate-900">
            {t('offers.daysHeading')}
          </h3>
          <ItineraryEditor days={draft.days} check={check} errors={errors} disabled={sending} onChange={(days, edited) => change({ days }, ['days', ...edited])} />
        </section>
        <div>
          <label htmlFor={`${id}-note`} className="field-label">
            {t('offers.note')}
          </label>
          <textarea
            rows={3}
            maxLength={OFFER_NOTE_MAX + 100}
            className="field-input"
            placeholder={t('offers.notePlaceholder')}
            value={draft.note}
            onChange={(e) => change({ note: e.target.value })}
            {...input('note')}
          />
          <FieldError id={`${id}-note-error`} message={errors.note} />
        </div>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" disabled={sending} onClick={onClose}>
            {t('offers.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending && <SpinnerIcon className="animate-spin" />} {t('offers.send')}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
