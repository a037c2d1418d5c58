import type { Destination } from '../list-destinations'

/**
 * The trek facts a saved destination may carry. They are read loosely: the pack keeps the
 * destination as the server sent it, and a server older than the permits change sends none.
 */
export type Permit = { name: string; feeNpr: number | null; saarcFeeNpr: number | null; feeUsd: number | null; per: string | null; note: string | null }

export type TrekFacts = {
  permits: Permit[]
  durationDays: { min: number; max: number } | null
  maxAltitudeM: number | null
  difficulty: string | null
  licensedGuideRequired: boolean | null
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

export function trekFactsOf(destination: Destination): TrekFacts {
  const raw = destination as unknown as Record<string, unknown>
  const permits = Array.isArray(raw.permits)
    ? raw.permits.flatMap((p: unknown): Permit[] => {
        if (typeof p !== 'object' || p === null) return []
        const r = p as Record<string, unknown>
        const name = text(r.name)
        return name ? [{ name, feeNpr: num(r.feeNpr), saarcFeeNpr: num(r.saarcFeeNpr), feeUsd: num(r.feeUsd), per: text(r.per), note: text(r.note) }] : []
      })
    : []
  const d = raw.durationDays as Record<string, unknown> | null | undefined
  const min = num(d?.min)
  const max = num(d?.max)
  return {
    permits,
    durationDays: min !== null && max !== null ? { min, max } : null,
    maxAltitudeM: num(raw.maxAltitudeM),
    difficulty: text(raw.difficulty),
    licensedGuideRequired: typeof raw.licensedGuideRequired === 'boolean' ? raw.licensedGuideRequired : null,
  }
}
