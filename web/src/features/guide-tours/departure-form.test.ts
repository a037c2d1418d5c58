import { describe, expect, it } from 'vitest'
import { departureForm, emptyDepartureForm } from './departure-form'

const tour = { maxGroupSize: 8, pricing: [{ minPeople: 1, maxPeople: 8, pricePerPersonUsd: 690 }] }
const TODAY = '2027-09-01'
const form = (overrides: Partial<ReturnType<typeof emptyDepartureForm>> = {}) => ({ ...emptyDepartureForm(tour), startDate: '2027-10-12', ...overrides })

describe('the open-a-departure form', () => {
  it('starts with the whole group, a minimum of two and the price for one', () => {
    expect(emptyDepartureForm(tour)).toEqual({ startDate: '', seats: '8', minToRun: '2', price: '690' })
  })

  it('sends what the server reads', () => {
    expect(departureForm(form({ price: '649.999' }), tour, TODAY)).toEqual({
      ok: true,
      request: { startDate: '2027-10-12', seats: 8, minToRun: 2, pricePerSeatUsd: 650 },
    })
  })

  it('names the first field that is wrong, in the form order', () => {
    expect(departureForm(form({ startDate: '' }), tour, TODAY)).toMatchObject({ ok: false, message: 'guideTours.departureNeedsStart' })
    expect(departureForm(form({ startDate: TODAY }), tour, TODAY)).toMatchObject({ ok: false, message: 'guideTours.departureInFuture' })
    expect(departureForm(form({ seats: '9' }), tour, TODAY)).toEqual({ ok: false, message: 'guideTours.departureSeatsRange', values: { max: 8 } })
    expect(departureForm(form({ seats: '2.5' }), tour, TODAY)).toMatchObject({ ok: false, message: 'guideTours.departureSeatsRange' })
    expect(departureForm(form({ seats: '4', minToRun: '5' }), tour, TODAY)).toEqual({ ok: false, message: 'guideTours.departureMinRange', values: { max: 4 } })
    expect(departureForm(form({ price: '0' }), tour, TODAY)).toMatchObject({ ok: false, message: 'guideTours.departurePriceRange' })
    expect(departureForm(form({ price: '' }), tour, TODAY)).toMatchObject({ ok: false, message: 'guideTours.departurePriceRange' })
  })
})
