import type { Destination } from '../../lib/list-destinations'
import type { Difficulty, Permit } from '../../lib/trek-facts'
import type { TrekFactsRequest } from './api/update-trek-facts'
import { msg, translate } from '../../i18n/messages'

/** One permit row as typed: fees stay text until sent. */
export type PermitDraft = { name: string; feeNpr: string; saarcFeeNpr: string; feeUsd: string; per: Permit['per']; note: string; noteNe: string }

/** The trek facts part of the admin's destination form (issue 15). */
export type TrekFactsDraft = {
  minDays: string
  maxDays: string
  maxAltitudeM: string
  bestMonths: number[]
  difficulty: Difficulty | ''
  licensedGuideRequired: boolean
  permits: PermitDraft[]
}

export const EMPTY_TREK_FACTS: TrekFactsDraft = { minDays: '', maxDays: '', maxAltitudeM: '', bestMonths: [], difficulty: '', licensedGuideRequired: false, permits: [] }
export const EMPTY_PERMIT: PermitDraft = { name: '', feeNpr: '', saarcFeeNpr: '', feeUsd: '', per: 'entry', note: '', noteNe: '' }
export const PERMITS_MAX = 10

export const DAYS_INCOMPLETE = msg('admin.daysIncomplete')
export const DAYS_INVALID = msg('admin.daysInvalid')
export const DAYS_ORDER = msg('admin.daysOrder')
export const ALTITUDE_INVALID = msg('admin.altitudeInvalid')
export const PERMIT_NAME_REQUIRED = msg('admin.permitNameRequired')
export const PERMIT_FEE_REQUIRED = msg('admin.permitFeeRequired')
export const PERMIT_FEE_INVALID = msg('admin.permitFeeInvalid')

const text = (n: number | null | undefined) => (n == null ? '' : String(n))

export function trekDraftFrom(destination: Destination): TrekFactsDraft {
  return {
    minDays: text(destination.durationDays?.min),
    maxDays: text(destination.durationDays?.max),
    maxAltitudeM: text(destination.maxAltitudeM),
    bestMonths: [...destination.bestMonths],
    difficulty: destination.difficulty ?? '',
    licensedGuideRequired: destination.licensedGuideRequired,
    permits: destination.permits.map((p) => ({
      name: p.name,
      feeNpr: text(p.feeNpr),
      saarcFeeNpr: text(p.saarcFeeNpr),
      feeUsd: text(p.feeUsd),
      per: p.per,
      note: p.note,
      noteNe: p.noteNe ?? '',
    })),
  }
}

const whole = (value: string, min: number, max: number) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max

/** The first problem (in the reader's language), in the order of the fields, or null; the server checks the same rules. */
export function validateTrekFacts(draft: TrekFactsDraft): string | null {
  const hasMin = draft.minDays.trim() !== ''
  const hasMax = draft.maxDays.trim() !== ''
  if (hasMin !== hasMax) return translate(DAYS_INCOMPLETE)
  if (hasMin && !(whole(draft.minDays, 1, 60) && whole(draft.maxDays, 1, 60))) return translate(DAYS_INVALID)
  if (hasMin && Number(draft.minDays) > Number(draft.maxDays)) return translate(DAYS_ORDER)
  if (draft.maxAltitudeM.trim() !== '' && !whole(draft.maxAltitudeM, 0, 8849)) return translate(ALTITUDE_INVALID)
  for (const permit of draft.permits) {
    if (permit.name.trim() === '') return translate(PERMIT_NAME_REQUIRED)
    const fees = [permit.feeNpr, permit.saarcFeeNpr, permit.feeUsd].filter((f) => f.trim() !== '')
    if (fees.some((f) => !whole(f, 0, 1_000_000))) return translate(PERMIT_FEE_INVALID)
    if (permit.feeNpr.trim() === '' && permit.feeUsd.trim() === '') return translate(PERMIT_FEE_REQUIRED, { permit: permit.name.trim() })
  }
  return null
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value))

/** The PUT body; empty fields are sent as "none". */
export function trekFactsRequest(draft: TrekFactsDraft): TrekFactsRequest {
  return {
    durationDays: draft.minDays.trim() === '' ? null : { min: Number(draft.minDays), max: Number(draft.maxDays) },
    maxAltitudeM: numberOrNull(draft.maxAltitudeM),
    bestMonths: [...draft.bestMonths].sort((a, b) => a - b),
    difficulty: draft.difficulty === '' ? null : draft.difficulty,
    licensedGuideRequired: draft.licensedGuideRequired,
    permits: draft.permits.map((p) => ({
      name: p.name.trim(),
      feeNpr: numberOrNull(p.feeNpr),
      saarcFeeNpr: numberOrNull(p.saarcFeeNpr),
      feeUsd: numberOrNull(p.feeUsd),
      per: p.per,
      note: p.note.trim(),
      noteNe: p.noteNe.trim(),
    })),
  }
}
