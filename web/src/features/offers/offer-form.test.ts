import { describe, expect, it } from 'vitest'
import { newDay } from '../guide-tours/tour-draft'
import { newOfferDraft, offerRequestOf, validateOffer, type OfferDraft } from './offer-form'

const TODAY = '2026-11-29'

function filled(change: Partial<OfferDraft> = {}): OfferDraft {
  const days = [
    { ...newDay(), title: 'Drive to Nayapul, walk to Tikhedhunga', sleepPlace: 'Tikhedhunga', sleepAltitudeM: '1540', walkHours: '3' },
    { ...newDay(), title: 'Rest day and pick-up from Pokhara airport', sleepPlace: 'Tikhedhunga', sleepAltitudeM: '1540' },
    { ...newDay(), title: 'Back to Pokhara' },
  ]
  return { ...newOfferDraft(TODAY), startDate: '2026-12-20', groupSize: '4', totalPriceUsd: '1280.50', days, ...change }
}

describe('validateOffer', () => {
  it('accepts a whole offer, open a week by default', () => {
    expect(newOfferDraft(TODAY).validUntil).toBe('2026-12-06')
    expect(validateOffer(filled(), TODAY)).toEqual({})
  })

  it('names each field that is wrong', () => {
    const errors = validateOffer(filled({ startDate: TODAY, groupSize: '21', totalPriceUsd: '0', note: 'a'.repeat(2001) }), TODAY)
    expect(errors.startDate).toBe('The trip must start after today.')
    expect(errors.groupSize).toBe('Enter a whole number from 1 to 20.')
    expect(errors.totalPriceUsd).toBe('Enter a total price above $0, at most $200,000.')
    expect(errors.note).toBeDefined()
    expect(validateOffer(filled({ startDate: '' }), TODAY).startDate).toBe('Choose the first day of the trip.')
  })

  it('wants the offer to lapse before the trip starts, and not in the past', () => {
    expect(validateOffer(filled({ validUntil: '2026-12-20' }), TODAY).validUntil).toBe('The offer must end before the trip starts.')
    expect(validateOffer(filled({ validUntil: '2026-11-28' }), TODAY).validUntil).toBe('Choose a day from today on.')
  })

  it('checks the days as a tour editor does', () => {
    const draft = filled()
    draft.days[0] = { ...draft.days[0], sleepAltitudeM: '' }
    const errors = validateOffer(draft, TODAY)
    expect(Object.keys(errors)).toEqual([`days.${draft.days[0].key}.sleepAltitudeM`])
  })
})

describe('offerRequestOf', () => {
  it('sends numbers as numbers and the offer open to the end of its last day in Nepal', () => {
    const request = offerRequestOf(filled({ validUntil: '2026-12-10', note: '  Rest day added.  ' }), 'c1')
    expect(request).toMatchObject({
      conversationId: 'c1',
      tourId: null,
      startDate: '2026-12-20',
      groupSize: 4,
      totalPriceUsd: 1280.5,
      expiresAt: '2026-12-10T23:59:00+05:45',
      note: 'Rest day added.',
    })
    expect(request.days.map((d) => d.sleepAltitudeM)).toEqual([1540, 1540, null])
  })
})
