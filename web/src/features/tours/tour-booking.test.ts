import { describe, expect, it } from 'vitest'
import { bookingProblem, loginPath, readTourChoice, tierFor, writeTourChoice } from './tour-booking'

const tiers = [
  { minPeople: 1, maxPeople: 1, pricePerPersonUsd: 1390 },
  { minPeople: 2, maxPeople: 4, pricePerPersonUsd: 1250 },
  { minPeople: 5, maxPeople: 10, pricePerPersonUsd: 1150 },
]

describe('a tour page choice in the URL', () => {
  it('reads people, date and nationality, within the tour group limit', () => {
    expect(readTourChoice(new URLSearchParams('people=2&date=2027-10-05&from=saarc'), 10)).toEqual({ groupSize: 2, startDate: '2027-10-05', nationality: 'saarc' })
    expect(readTourChoice(new URLSearchParams('people=11&date=2027-13-01&from=mars'), 10)).toEqual({ groupSize: 1, startDate: '', nationality: 'other' })
  })

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(writeTourChoice({ groupSize: 1, startDate: '', nationality: 'other' }, new URLSearchParams('people=3&x=1')).toString()).toBe('x=1')
    expect(writeTourChoice({ groupSize: 2, startDate: '2027-10-05', nationality: 'saarc' }).toString()).toBe('people=2&date=2027-10-05&from=saarc')
  })
})

describe('the price and the booking', () => {
  it('finds the tier for a group', () => {
    expect(tierFor(tiers, 1)?.pricePerPersonUsd).toBe(1390)
    expect(tierFor(tiers, 4)?.pricePerPersonUsd).toBe(1250)
    expect(tierFor(tiers, 11)).toBeUndefined()
  })

  it('needs a start date, today or later', () => {
    const choice = { groupSize: 2, startDate: '', nationality: 'other' as const }
    expect(bookingProblem(choice, '2026-11-28')).toBe('tours.chooseDate')
    expect(bookingProblem({ ...choice, startDate: '2026-11-27' }, '2026-11-28')).toBe('tours.dateInPast')
    expect(bookingProblem({ ...choice, startDate: '2026-11-28' }, '2026-11-28')).toBeNull()
  })

  it('sends a signed-out traveller to log in and back', () => {
    expect(loginPath('/tours/t1?people=2&date=2027-10-05')).toBe('/login?next=%2Ftours%2Ft1%3Fpeople%3D2%26date%3D2027-10-05')
  })
})
