/**
 * Calendar days as `YYYY-MM-DD` text. A trip's day has no time zone, so every step is done
 * on UTC dates: no browser's own zone or daylight-saving change can shift a day.
 */

import { msg } from '../i18n/messages'
import { localDateFormat, localNumberFormat } from './intl-formats'

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/

function toDate(ymd: string): Date {
  const match = YMD.exec(ymd)
  if (!match) throw new RangeError(`not a calendar day: ${ymd}`)
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
}

const toYmd = (date: Date) => date.toISOString().slice(0, 10)

/** True for a full `YYYY-MM-DD` day before `today`; '' and partly typed dates are not. */
export function isBeforeToday(day: string, today: string): boolean {
  return YMD.test(day) && day < today
}

/** True for a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!YMD.test(text)) return false
  return toYmd(toDate(text)) === text
}

/** The day `count` days after `ymd` (before it when negative). */
export function addDays(ymd: string, count: number): string {
  const date = toDate(ymd)
  date.setUTCDate(date.getUTCDate() + count)
  return toYmd(date)
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000)
}

/** Every day of a trip of `days` days starting on `start`, in order. */
export function tripDays(start: string, days: number): string[] {
  return Array.from({ length: Math.max(0, days) }, (_, i) => addDays(start, i))
}

/** The last day of a trip of `days` days starting on `start`. */
export function tripEnd(start: string, days: number): string {
  return addDays(start, Math.max(1, days) - 1)
}

/** The first day of the trip that is in `unavailable`, or null when every day is free. */
export function firstUnavailableDay(start: string, days: number, unavailable: ReadonlySet<string>): string | null {
  return tripDays(start, days).find((day) => unavailable.has(day)) ?? null
}

/** A month as `YYYY-MM`. */
export type Month = string

export const monthOfDay = (ymd: string): Month => ymd.slice(0, 7)

/** The month `count` months after `month`. */
export function addMonths(month: Month, count: number): Month {
  const date = toDate(`${month}-01`)
  date.setUTCMonth(date.getUTCMonth() + count)
  return toYmd(date).slice(0, 7)
}

/** The first and last day of a month. */
export function monthRange(month: Month): { from: string; to: string } {
  const from = `${month}-01`
  return { from, to: addDays(`${addMonths(month, 1)}-01`, -1) }
}

/**
 * A month as weeks of seven days, Monday first (Nepal's calendars and most of the world's
 * but North America's); days outside the month are null so the grid keeps its columns.
 */
export function monthWeeks(month: Month): (string | null)[][] {
  const { from, to } = monthRange(month)
  // getUTCDay: Sunday 0 ... Saturday 6; Monday-first offset.
  const lead = (toDate(from).getUTCDay() + 6) % 7
  const cells: (string | null)[] = Array.from({ length: lead }, () => null)
  for (let day = from; day <= to; day = addDays(day, 1)) cells.push(day)
  while (cells.length % 7 !== 0) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

/** 'December 2026'. */
export const formatMonth = (month: Month) => localDateFormat({ timeZone: 'UTC', month: 'long', year: 'numeric' }).format(toDate(`${month}-01`))

/** 'Saturday, 12 December 2026': a day cell's accessible name. */
export const formatDayName = (ymd: string) => localDateFormat({ timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(toDate(ymd))

/** A day cell's number, in the reader's digits. */
export const formatDayNumber = (ymd: string) => localNumberFormat().format(Number(ymd.slice(8)))

/** Monday-first weekday headings: short text and the full name for screen readers. */
export const WEEKDAYS = [
  [msg('common.wdMo'), msg('common.wdMonday')],
  [msg('common.wdTu'), msg('common.wdTuesday')],
  [msg('common.wdWe'), msg('common.wdWednesday')],
  [msg('common.wdTh'), msg('common.wdThursday')],
  [msg('common.wdFr'), msg('common.wdFriday')],
  [msg('common.wdSa'), msg('common.wdSaturday')],
  [msg('common.wdSu'), msg('common.wdSunday')],
] as const

/**
 * Where a key press moves the focused day of a calendar grid (arrows by a day or a week,
 * Home/End to the week's ends, PageUp/PageDown by a month), or null for any other key.
 */
export function moveByKey(day: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1)
    case 'ArrowRight':
      return addDays(day, 1)
    case 'ArrowUp':
      return addDays(day, -7)
    case 'ArrowDown':
      return addDays(day, 7)
    case 'Home':
      return addDays(day, -((toDate(day).getUTCDay() + 6) % 7))
    case 'End':
      return addDays(day, 6 - ((toDate(day).getUTCDay() + 6) % 7))
    case 'PageUp':
    case 'PageDown': {
      const month = addMonths(monthOfDay(day), key === 'PageUp' ? -1 : 1)
      const { to } = monthRange(month)
      const wanted = `${month}-${day.slice(8)}`
      // 31 March back a month is the last of February, not 3 March.
      return wanted > to || !isCalendarDay(wanted) ? to : wanted
    }
    default:
      return null
  }
}
