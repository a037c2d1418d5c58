import { describe, expect, it } from 'vitest'
import type { Departure } from './api/tours'
import { departureState, seatChoices } from './tour-departure-state'

const NOW = Date.parse('2027-09-01T00:00:00Z')

function departure(overrides: Partial<Departure> = {}): Departure {
  return {
    _id: 'd1',
    tourId: 't1',
    startDate: '2027-10-12',
    endDate: '2027-10-23',
    seats: 8,
    seatsLeft: 5,
    minToRun: 3,
    seatsPaid: 1,
    confirmed: false,
    status: 'open',
    pricePerSeatUsd: 690,
    bookableUntil: '2027-10-05T04:15:00Z',
    ...overrides,
  }
}

describe('departureState', () => {
  it('says how many more paid travellers an open departure needs to run', () => {
    expect(departureState(departure(), NOW)).toEqual({ open: true, kind: 'needs', more: 2 })
  })

  it('says a departure with its minimum paid runs, and still takes seats', () => {
    expect(departureState(departure({ confirmed: true, seatsPaid: 3 }), NOW)).toEqual({ open: true, kind: 'confirmed' })
  })

  it('closes a full departure and one past its booking notice', () => {
    expect(departureState(departure({ seatsLeft: 0 }), NOW)).toEqual({ open: false, kind: 'full' })
    expect(departureState(departure(), Date.parse('2027-10-05T04:15:00Z'))).toEqual({ open: false, kind: 'closed' })
  })

  it('never asks for fewer than one more traveller while unconfirmed', () => {
    expect(departureState(departure({ seatsPaid: 5 }), NOW)).toEqual({ open: true, kind: 'needs', more: 1 })
  })
})

describe('seatChoices', () => {
  it('offers one to the seats left, at most twenty', () => {
    expect(seatChoices(departure({ seatsLeft: 3 }))).toEqual([1, 2, 3])
    expect(seatChoices(departure({ seats: 30, seatsLeft: 30 }))).toHaveLength(20)
    expect(seatChoices(departure({ seatsLeft: 0 }))).toEqual([])
  })
})
