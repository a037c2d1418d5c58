import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest'
import { todayInNepal } from '../../../lib/booking'
import {
  DATE_IN_PAST,
  DAYS_RANGE,
  GROUP_SIZE_RANGE,
  LOGIN_TO_BOOK,
  MESSAGE_TOO_LONG,
  SELECT_DATE,
  SELECT_TIME,
  messageLength,
  parseDays,
  parseGroupSize,
  priceSummary,
  validateBooking,
  type BookingDraft,
} from './booking-request'
import { loadTexts } from '../../../i18n/messages'

beforeAll(() => loadTexts(['guides']))

const draft = (overrides: Partial<BookingDraft> = {}): BookingDraft => ({ date: '2026-12-12', time: '10:00', groupSize: '2', days: '1', message: '', ...overrides })

describe('validateBooking', () => {
  const today = '2026-12-10'

  it('accepts a day from today on, a time and a group of 1 to 20', () => {
    expect(validateBooking(draft(), today, true)).toBeNull()
    expect(validateBooking(draft({ date: today }), today, true)).toBeNull()
    expect(validateBooking(draft({ groupSize: '1' }), today, true)).toBeNull()
    expect(validateBooking(draft({ groupSize: '20' }), today, true)).toBeNull()
  })

  it('needs a date first', () => {
    expect(validateBooking(draft({ date: '' }), today, true)).toBe(SELECT_DATE)
    expect(validateBooking(draft({ date: '', groupSize: '0' }), today, false)).toBe(SELECT_DATE)
  })

  it('refuses a date before today', () => {
    expect(validateBooking(draft({ date: '2026-12-09' }), today, true)).toBe(DATE_IN_PAST)
    expect(validateBooking(draft({ date: 'soon' }), today, true)).toBe(DATE_IN_PAST)
  })

  it('then needs the traveller to be signed in', () => {
    expect(validateBooking(draft(), today, false)).toBe(LOGIN_TO_BOOK)
    // The date rules come first, as the spec lists them.
    expect(validateBooking(draft({ date: '2026-01-01' }), today, false)).toBe(DATE_IN_PAST)
  })

  it('takes 1 to 30 days and a message of up to 1,000 characters', () => {
    expect(validateBooking(draft({ days: '30', message: 'x'.repeat(1000) }), today, true)).toBeNull()
    for (const days of ['0', '31', '', '1.5', 'three']) expect(validateBooking(draft({ days }), today, true)).toBe(DAYS_RANGE)
    expect(validateBooking(draft({ message: 'x'.repeat(1001) }), today, true)).toBe(MESSAGE_TOO_LONG)
    // An emoji is one character, as the server counts.
    expect(messageLength('🏔️'.repeat(10))).toBe(20)
    expect(messageLength('नमस्ते')).toBe(6)
  })

  it('refuses a trip that would cross a day the guide is not free, naming it', () => {
    const busy = new Set(['2026-12-13'])
    expect(validateBooking(draft({ date: '2026-12-12', days: '2' }), today, true, busy)).toBe('The guide is not available on Sun, 13 Dec 2026. Choose days around it.')
    expect(validateBooking(draft({ date: '2026-12-12', days: '1' }), today, true, busy)).toBeNull()
    expect(validateBooking(draft({ date: '2026-12-14', days: '3' }), today, true, busy)).toBeNull()
  })

  it('checks the time and group size the server checks', () => {
    expect(validateBooking(draft({ time: '' }), today, true)).toBe(SELECT_TIME)
    expect(validateBooking(draft({ time: '25:00' }), today, true)).toBe(SELECT_TIME)
    for (const size of ['0', '21', '', '2.5', '-1', 'two']) expect(validateBooking(draft({ groupSize: size }), today, true)).toBe(GROUP_SIZE_RANGE)
  })
})

describe('today in Nepal', () => {
  afterEach(() => vi.useRealTimers())

  it('is already tomorrow in Kathmandu shortly before midnight UTC (UTC+5:45)', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-12-09T18:20:00Z')) // 00:05 on the 10th in Kathmandu
    const today = todayInNepal()
    expect(today).toBe('2026-12-10')
    // A browser still on the 9th cannot book the 9th: in Nepal it is over.
    expect(validateBooking(draft({ date: '2026-12-09' }), today, true)).toBe(DATE_IN_PAST)
    expect(validateBooking(draft({ date: '2026-12-10' }), today, true)).toBeNull()
  })

  it('is still the same day in Kathmandu just before 18:15 UTC', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-12-09T18:14:00Z')) // 23:59 on the 9th in Kathmandu
    expect(todayInNepal()).toBe('2026-12-09')
  })

  it('turns over the year on Nepal time', () => {
    expect(todayInNepal(new Date('2026-12-31T18:15:00Z'))).toBe('2027-01-01')
    expect(todayInNepal(new Date('2026-12-31T18:14:59Z'))).toBe('2026-12-31')
  })
})

describe('parseGroupSize', () => {
  it('reads whole numbers from 1 to 20', () => {
    expect(parseGroupSize(' 3 ')).toBe(3)
    expect(parseGroupSize('20')).toBe(20)
    expect(parseGroupSize('21')).toBeNull()
    expect(parseGroupSize('1e1')).toBeNull()
  })
})

describe('parseDays', () => {
  it('reads whole numbers from 1 to 30', () => {
    expect(parseDays(' 3 ')).toBe(3)
    expect(parseDays('30')).toBe(30)
    expect(parseDays('31')).toBeNull()
    expect(parseDays('0')).toBeNull()
  })
})

describe('priceSummary', () => {
  it('is price per day × group size × days with 2 decimals', () => {
    expect(priceSummary(45, 2)).toEqual({ perPerson: '$45.00', people: '2 people', days: '1 day', total: '$90.00' })
    expect(priceSummary(45, 1)).toEqual({ perPerson: '$45.00', people: '1 person', days: '1 day', total: '$45.00' })
    expect(priceSummary(45, 4, 3)).toEqual({ perPerson: '$45.00', people: '4 people', days: '3 days', total: '$540.00' })
  })

  it('adds up in cents, so no float noise shows', () => {
    expect(priceSummary(33.35, 3).total).toBe('$100.05')
    expect(priceSummary(0.1, 3).total).toBe('$0.30')
    expect(priceSummary(1250, 20).total).toBe('$25,000.00')
    expect(priceSummary(33.35, 3, 30).total).toBe('$3,001.50')
  })
})
