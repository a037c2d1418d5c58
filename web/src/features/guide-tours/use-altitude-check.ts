import { useEffect, useState } from 'react'
import { checkAltitudes, type Acclimatisation } from '../tours/api/tours'
import { altitudesOf, type DayDraft } from './tour-draft'

/** How long typing pauses before the nights are checked. */
export const CHECK_DELAY_MS = 400

export type AltitudeCheck =
  | { state: 'checking'; last: Acclimatisation | null }
  | { state: 'ready'; acclimatisation: Acclimatisation; altitudes: (number | null)[] }
  | { state: 'missing' | 'invalid'; day: number; last: Acclimatisation | null }
  | { state: 'error'; message: string; last: Acclimatisation | null }

/**
 * The server's altitude check of the nights as they are typed: asked once typing pauses,
 * a stale request aborted when the altitudes change again. While a day before the last has
 * no altitude, nothing is asked and the day is named instead. `last` keeps the previous
 * answer on screen meanwhile.
 */
export function useAltitudeCheck(days: readonly DayDraft[]): AltitudeCheck {
  const input = altitudesOf(days)
  // The effect runs again only when the altitudes (not other typing) change.
  const signature = input.ok ? JSON.stringify(input.altitudes) : `${input.reason}:${input.day}`
  const [check, setCheck] = useState<AltitudeCheck>(() => (input.ok ? { state: 'checking', last: null } : { state: input.reason, day: input.day, last: null }))
  const [seen, setSeen] = useState(signature)
  const lastAnswer = check.state === 'ready' ? check.acclimatisation : check.last

  if (seen !== signature) {
    setSeen(signature)
    if (input.ok) setCheck({ state: 'checking', last: lastAnswer })
    else setCheck({ state: input.reason, day: input.day, last: lastAnswer })
  }

  useEffect(() => {
    if (!signature.startsWith('[')) return
    const altitudes = JSON.parse(signature) as (number | null)[]
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      void checkAltitudes(altitudes, controller.signal).then((result) => {
        if (controller.signal.aborted) return
        setCheck((previous) => {
          const last = previous.state === 'ready' ? previous.acclimatisation : previous.last
          return result.ok ? { state: 'ready', acclimatisation: result.data, altitudes } : { state: 'error', message: result.message, last }
        })
      })
    }, CHECK_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [signature])

  return seen === signature ? check : input.ok ? { state: 'checking', last: lastAnswer } : { state: input.reason, day: input.day, last: lastAnswer }
}
