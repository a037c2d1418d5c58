import { msg, translate } from '../../i18n/messages'
import { formatLocalNumber } from '../../lib/intl-formats'
import type { Tour, TourRequest } from '../tours/api/tours'

/** The server's bounds. */
export const TITLE_MAX = 120
export const SUMMARY_MAX = 2000
export const GROUP_MAX = 30
export const CUTOFF_HOURS_MAX = 720
export const ALTITUDE_MAX_M = 8848
export const WALK_HOURS_MAX = 14
export const DAYS_MAX = 45
export const LIST_ITEMS_MAX = 20
export const LIST_ITEM_MAX = 120
export const MEETING_POINT_MAX = 200
export const PRICE_MAX_USD = 10_000

export const LODGINGS = ['teahouse', 'hotel', 'homestay', 'camp', 'none'] as const
export type Lodging = (typeof LODGINGS)[number]
export type BookingMode = 'request' | 'instant'

let lastKey = 0
/** A key that stays with a row however the rows move, so React keeps each row's inputs. */
export function newKey(prefix: string): string {
  lastKey += 1
  return `${prefix}-${Date.now().toString(36)}-${lastKey}`
}

/** A day as typed: numbers stay text until sent, so a half-typed value is not lost. */
export type DayDraft = {
  key: string
  title: string
  description: string
  sleepPlace: string
  sleepAltitudeM: string
  walkHours: string
  lodging: Lodging
}

export type TierDraft = { key: string; minPeople: string; maxPeople: string; pricePerPersonUsd: string }
export type ItemDraft = { key: string; text: string }

export type TourDraft = {
  title: string
  summary: string
  destinationId: string
  maxGroupSize: string
  /** One price for any group size (the simple default), or tiers by group size. */
  onePrice: boolean
  price: string
  tiers: TierDraft[]
  included: ItemDraft[]
  excluded: ItemDraft[]
  meetingPoint: string
  bookingMode: BookingMode
  cutoffHours: string
  days: DayDraft[]
}

export function newDay(): DayDraft {
  return { key: newKey('day'), title: '', description: '', sleepPlace: '', sleepAltitudeM: '', walkHours: '', lodging: 'teahouse' }
}

export function newTier(minPeople = '', maxPeople = ''): TierDraft {
  return { key: newKey('tier'), minPeople, maxPeople, pricePerPersonUsd: '' }
}

export function newItem(text = ''): ItemDraft {
  return { key: newKey('item'), text }
}

export function emptyDraft(): TourDraft {
  return {
    title: '',
    summary: '',
    destinationId: '',
    maxGroupSize: '8',
    onePrice: true,
    price: '',
    tiers: [newTier('1', '8')],
    included: [],
    excluded: [],
    meetingPoint: '',
    bookingMode: 'request',
    cutoffHours: '48',
    days: [newDay()],
  }
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/** The form filled with a saved tour. */
export function draftFromTour(tour: Tour): TourDraft {
  const oneTier = tour.pricing.length === 1
  return {
    title: tour.title,
    summary: tour.summary,
    destinationId: tour.destinationId ?? '',
    maxGroupSize: String(tour.maxGroupSize),
    onePrice: oneTier,
    price: oneTier ? String(tour.pricing[0].pricePerPersonUsd) : '',
    tiers: tour.pricing.map((tier) => ({
      key: newKey('tier'),
      minPeople: String(tier.minPeople),
      maxPeople: String(tier.maxPeople),
      pricePerPersonUsd: String(tier.pricePerPersonUsd),
    })),
    included: tour.included.map((text) => newItem(text)),
    excluded: tour.excluded.map((text) => newItem(text)),
    meetingPoint: tour.meetingPoint,
    bookingMode: tour.bookingMode,
    cutoffHours: String(tour.cutoffHours),
    days: tour.days.map((day) => ({
      key: newKey('day'),
      title: day.title,
      description: day.description,
      sleepPlace: day.sleepPlace,
      sleepAltitudeM: numberText(day.sleepAltitudeM),
      walkHours: numberText(day.walkHours),
      lodging: day.lodging,
    })),
  }
}

// ---- The day list: each operation returns a new list and leaves every other day as it was.

/** A new empty day right after the day `key`; returns the list and the new day's key. */
export function addDayAfter(days: readonly DayDraft[], key: string): { days: DayDraft[]; added: string } {
  const day = newDay()
  const at = days.findIndex((d) => d.key === key)
  const next = [...days]
  next.splice(at < 0 ? days.length : at + 1, 0, day)
  return { days: next, added: day.key }
}

/** The list without day `key`; a tour keeps at least one day. */
export function removeDay(days: readonly DayDraft[], key: string): DayDraft[] {
  if (days.length <= 1) return [...days]
  return days.filter((d) => d.key !== key)
}

/** Day `key` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveDay(days: readonly DayDraft[], key: string, by: -1 | 1): DayDraft[] {
  const from = days.findIndex((d) => d.key === key)
  const to = from + by
  if (from < 0 || to < 0 || to >= days.length) return [...days]
  const next = [...days]
  ;[next[from], next[to]] = [next[to], next[from]]
  return next
}

/** Day `key` with some of its fields changed. */
export function updateDay(days: readonly DayDraft[], key: string, change: Partial<Omit<DayDraft, 'key'>>): DayDraft[] {
  return days.map((d) => (d.key === key ? { ...d, ...change } : d))
}

/** Whether a day has anything typed in it (removing it then asks first). */
export function dayHasText(day: DayDraft): boolean {
  return [day.title, day.description, day.sleepPlace, day.sleepAltitudeM, day.walkHours].some((v) => v.trim() !== '')
}

// ---- Numbers as typed

/** A whole number typed in a field, or null when it is empty or not one. */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  return Number(trimmed)
}

/** A decimal typed in a field (comma or point), or null. */
export function decimalNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null
  return Number(trimmed)
}

// ---- Altitudes for the live check

export type AltitudeInput = { ok: true; altitudes: (number | null)[] } | { ok: false; reason: 'missing'; day: number } | { ok: false; reason: 'invalid'; day: number }

/**
 * What the live altitude check can send: every night's altitude, the last day's may be empty
 * (the tour ends that day). Else the first day that needs one.
 */
export function altitudesOf(days: readonly DayDraft[]): AltitudeInput {
  const altitudes: (number | null)[] = []
  for (const [i, day] of days.entries()) {
    const text = day.sleepAltitudeM.trim()
    if (text === '') {
      if (i !== days.length - 1) return { ok: false, reason: 'missing', day: i + 1 }
      altitudes.push(null)
      continue
    }
    const metres = wholeNumber(text)
    if (metres === null || metres > ALTITUDE_MAX_M) return { ok: false, reason: 'invalid', day: i + 1 }
    altitudes.push(metres)
  }
  return { ok: true, altitudes }
}

// ---- Price tiers

export type TierProblem =
  | { kind: 'incomplete'; row: number }
  | { kind: 'minAboveMax'; row: number }
  | { kind: 'price'; row: number }
  | { kind: 'gap'; from: number; to: number }
  | { kind: 'overlap'; from: number; to: number }
  | { kind: 'beyond'; max: number }

/**
 * Whether the tiers price every group size from 1 to `maxGroupSize` exactly once (as the
 * server demands), in any order; the first problem found, with the sizes it concerns.
 */
export function tierProblem(tiers: readonly TierDraft[], maxGroupSize: number): TierProblem | null {
  const parsed: { min: number; max: number; row: number }[] = []
  for (const [i, tier] of tiers.entries()) {
    const min = wholeNumber(tier.minPeople)
    const max = wholeNumber(tier.maxPeople)
    if (min === null || max === null || min < 1) return { kind: 'incomplete', row: i + 1 }
    if (min > max) return { kind: 'minAboveMax', row: i + 1 }
    parsed.push({ min, max, row: i + 1 })
  }
  parsed.sort((a, b) => a.min - b.min)
  let next = 1
  for (const tier of parsed) {
    if (tier.min > next) return { kind: 'gap', from: next, to: tier.min - 1 }
    if (tier.min < next) return { kind: 'overlap', from: tier.min, to: Math.min(next - 1, tier.max) }
    next = tier.max + 1
  }
  if (next <= maxGroupSize) return { kind: 'gap', from: next, to: maxGroupSize }
  if (next - 1 > maxGroupSize) return { kind: 'beyond', max: maxGroupSize }
  // The sizes add up; now each row's price.
  const unpriced = tiers.findIndex((tier) => !validPrice(tier.pricePerPersonUsd))
  return unpriced < 0 ? null : { kind: 'price', row: unpriced + 1 }
}

/** A price per person in whole cents, above 0 and at most the server's maximum. */
export function validPrice(text: string): boolean {
  const trimmed = text.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return false
  const usd = Number(trimmed)
  return usd > 0 && usd <= PRICE_MAX_USD
}

const n = (value: number) => formatLocalNumber(value, { useGrouping: false })

/** A tier problem as the guide reads it. */
export function tierProblemText(problem: TierProblem): string {
  switch (problem.kind) {
    case 'incomplete':
      return translate(msg('guideTours.tierIncomplete'), { row: n(problem.row) })
    case 'minAboveMax':
      return translate(msg('guideTours.tierMinAboveMax'), { row: n(problem.row) })
    case 'price':
      return translate(msg('guideTours.tierPrice'), { row: n(problem.row), max: formatLocalNumber(PRICE_MAX_USD) })
    case 'gap':
      return translate(msg('guideTours.tierGap'), { from: n(problem.from), to: n(problem.to), same: problem.from === problem.to ? 'yes' : 'no' })
    case 'overlap':
      return translate(msg('guideTours.tierOverlap'), { from: n(problem.from), to: n(problem.to), same: problem.from === problem.to ? 'yes' : 'no' })
    case 'beyond':
      return translate(msg('guideTours.tierBeyond'), { max: n(problem.max) })
  }
}

// ---- Validation and the request

/**
 * Field names of the form's errors: top-level names as the server's (`title`, `pricing`),
 * and `days.<key>.<field>` for a day, so an error follows its day when days move.
 */
export type DraftErrors = Record<string, string>

export const dayField = (key: string, field: keyof Omit<DayDraft, 'key'>) => `days.${key}.${field}`

function textLength(text: string): number {
  return Array.from(text.trim()).length
}

/** What is wrong, field by field, in the reader's language; empty when it can be sent. */
export function validateDraft(draft: TourDraft): DraftErrors {
  const errors: DraftErrors = {}
  const required = msg('guideTours.required')
  const tooLong = (max: number) => translate(msg('guideTours.tooLong'), { max: n(max) })
  const checkText = (field: string, text: string, max: number, optional = false) => {
    const length = textLength(text)
    if (length === 0 && !optional) errors[field] = translate(required)
    else if (length > max) errors[field] = tooLong(max)
  }
  checkText('title', draft.title, TITLE_MAX)
  checkText('summary', draft.summary, SUMMARY_MAX)
  checkText('meetingPoint', draft.meetingPoint, MEETING_POINT_MAX)

  const group = wholeNumber(draft.maxGroupSize)
  if (group === null || group < 1 || group > GROUP_MAX) errors.maxGroupSize = translate(msg('guideTours.rangeError'), { min: n(1), max: n(GROUP_MAX) })
  const cutoff = wholeNumber(draft.cutoffHours)
  if (cutoff === null || cutoff > CUTOFF_HOURS_MAX) errors.cutoffHours = translate(msg('guideTours.rangeError'), { min: n(0), max: n(CUTOFF_HOURS_MAX) })

  if (draft.onePrice) {
    if (!validPrice(draft.price)) errors.pricing = translate(msg('guideTours.priceError'), { max: formatLocalNumber(PRICE_MAX_USD) })
  } else if (group !== null && group >= 1) {
    const problem = draft.tiers.length === 0 ? ({ kind: 'gap', from: 1, to: group } as const) : tierProblem(draft.tiers, group)
    if (problem) errors.pricing = tierProblemText(problem)
  }

  for (const list of ['included', 'excluded'] as const) {
    const items = draft[list].filter((item) => item.text.trim() !== '')
    if (items.length > LIST_ITEMS_MAX) errors[list] = translate(msg('guideTours.listTooLong'), { max: n(LIST_ITEMS_MAX) })
    else if (items.some((item) => textLength(item.text) > LIST_ITEM_MAX)) errors[list] = tooLong(LIST_ITEM_MAX)
  }

  Object.assign(errors, validateDays(draft.days, DAYS_MAX))
  return errors
}

/** What is wrong with an itinerary of at most `max` days, field by field (a tour's or an offer's). */
export function validateDays(days: readonly DayDraft[], max: number): DraftErrors {
  const errors: DraftErrors = {}
  const checkText = (field: string, text: string, limit: number, optional = false) => {
    const length = textLength(text)
    if (length === 0 && !optional) errors[field] = translate(msg('guideTours.required'))
    else if (length > limit) errors[field] = translate(msg('guideTours.tooLong'), { max: n(limit) })
  }
  if (days.length > max) errors.days = translate(msg('guideTours.tooManyDays'), { max: n(max) })
  days.forEach((day, i) => {
    const last = i === days.length - 1
    checkText(dayField(day.key, 'title'), day.title, TITLE_MAX)
    checkText(dayField(day.key, 'description'), day.description, SUMMARY_MAX, true)
    const altitudeText = day.sleepAltitudeM.trim()
    const metres = wholeNumber(altitudeText)
    if (altitudeText === '' && !last) errors[dayField(day.key, 'sleepAltitudeM')] = translate(msg('guideTours.altitudeRequired'))
    else if (altitudeText !== '' && (metres === null || metres > ALTITUDE_MAX_M)) {
      errors[dayField(day.key, 'sleepAltitudeM')] = translate(msg('guideTours.rangeError'), { min: n(0), max: n(ALTITUDE_MAX_M) })
    }
    // A night needs a place; a last day that ends the tour need not.
    checkText(dayField(day.key, 'sleepPlace'), day.sleepPlace, LIST_ITEM_MAX, altitudeText === '')
    const hours = day.walkHours.trim() === '' ? 0 : decimalNumber(day.walkHours)
    if (hours === null || hours > WALK_HOURS_MAX) errors[dayField(day.key, 'walkHours')] = translate(msg('guideTours.rangeError'), { min: n(0), max: n(WALK_HOURS_MAX) })
  })
  return errors
}

/** The request body of a draft that passed `validateDraft`. */
export function requestOf(draft: TourDraft): TourRequest {
  const group = wholeNumber(draft.maxGroupSize) ?? 1
  const price = (text: string) => Number(text.trim().replace(',', '.'))
  const pricing = draft.onePrice
    ? [{ minPeople: 1, maxPeople: group, pricePerPersonUsd: price(draft.price) }]
    : draft.tiers.map((tier) => ({ minPeople: wholeNumber(tier.minPeople) ?? 0, maxPeople: wholeNumber(tier.maxPeople) ?? 0, pricePerPersonUsd: price(tier.pricePerPersonUsd) }))
  const items = (list: ItemDraft[]) => list.map((item) => item.text.trim()).filter((text) => text !== '')
  return {
    title: draft.title.trim(),
    summary: draft.summary.trim(),
    destinationId: draft.destinationId === '' ? null : draft.destinationId,
    maxGroupSize: group,
    pricing,
    included: items(draft.included),
    excluded: items(draft.excluded),
    meetingPoint: draft.meetingPoint.trim(),
    bookingMode: draft.bookingMode,
    cutoffHours: wholeNumber(draft.cutoffHours) ?? 0,
    days: daysRequestOf(draft.days),
  }
}

/** The itinerary as the API takes it (a tour's or an offer's), from days that passed `validateDays`. */
export function daysRequestOf(days: readonly DayDraft[]): NonNullable<TourRequest['days']> {
  return days.map((day) => {
    const walk = day.walkHours.trim()
    return {
      title: day.title.trim(),
      description: day.description.trim(),
      sleepPlace: day.sleepPlace.trim(),
      sleepAltitudeM: day.sleepAltitudeM.trim() === '' ? null : wholeNumber(day.sleepAltitudeM),
      walkHours: walk === '' ? null : decimalNumber(walk),
      lodging: day.lodging,
    }
  })
}

const SERVER_FIELDS = ['title', 'summary', 'maxGroupSize', 'pricing', 'included', 'excluded', 'meetingPoint', 'cutoffHours', 'bookingMode', 'destinationId', 'days'] as const

/**
 * The form field a server's 400 message is about ("days[3].sleepAltitudeM must be ..." is
 * the third day's altitude), or null when it names none the form has.
 */
export function fieldOfServerError(message: string, days: readonly DayDraft[]): string | null {
  const day = /^days\[(\d+)\]\.(title|description|sleepPlace|sleepAltitudeM|walkHours|lodging)\b/.exec(message)
  if (day) {
    const target = days[Number(day[1]) - 1] as DayDraft | undefined
    return target ? dayField(target.key, day[2] as keyof Omit<DayDraft, 'key'>) : null
  }
  const field = SERVER_FIELDS.find((name) => message.startsWith(`${name} `) || message.startsWith(`${name}:`))
  if (field === 'destinationId') return 'destinationId'
  return field ?? null
}

// ---- The unsaved draft, kept in this browser

export const draftStorageKey = (tourId: string | null) => `yatra:tour-draft:${tourId ?? 'new'}`

/** The draft kept for this tour (or a new one), if any and readable. */
export function loadStoredDraft(tourId: string | null, storage: Pick<Storage, 'getItem'> = localStorage): TourDraft | null {
  try {
    const text = storage.getItem(draftStorageKey(tourId))
    if (!text) return null
    const draft = JSON.parse(text) as TourDraft
    if (!Array.isArray(draft.days) || draft.days.length === 0 || typeof draft.title !== 'string') return null
    return draft
  } catch {
    return null
  }
}

export function storeDraft(tourId: string | null, draft: TourDraft, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(draftStorageKey(tourId), JSON.stringify(draft))
  } catch {
    // A full or blocked storage only loses the backup; the form keeps its input.
  }
}

export function clearStoredDraft(tourId: string | null, storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(draftStorageKey(tourId))
  } catch {
    // Nothing to clear.
  }
}
