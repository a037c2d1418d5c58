export type CompletionTone = 'red' | 'amber' | 'green'

/** Filled items as a whole percent of all items. */
export function completionPercent(items: readonly boolean[]): number {
  if (items.length === 0) return 0
  return Math.round((items.filter(Boolean).length / items.length) * 100)
}

/** Below 40 red, below 70 amber, else green (spec section 9). */
export function completionTone(percent: number): CompletionTone {
  if (percent < 40) return 'red'
  if (percent < 70) return 'amber'
  return 'green'
}

export const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim() !== ''
