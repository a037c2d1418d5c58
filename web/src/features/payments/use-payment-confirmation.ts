import { useEffect, useRef, useState } from 'react'
import type { ApiResult } from '../../lib/api-result'
import { invalidate, useClientCache } from '../../lib/cache-provider'
import { BOOKINGS_TAG } from '../../lib/cache-tags'
import { useCachedQuery } from '../../lib/use-cached-query'
import type { PaymentState } from './api/get-sandbox-checkout'
import { msg } from '../../i18n/messages'

export const CONFIRMING = msg('payments.confirming')
/** While the provider has not confirmed, the page asks again this often. */
export const RECHECK_MS = 3000
/** The confirming state stays at least this long, so a fast answer does not flash past. */
export const MIN_CONFIRMING_MS = 600

/**
 * Where a payment stands as a return page shows it: `missing` (the link carries no payment),
 * `confirming` (asking the server, which asks the provider), `failed` (no answer), or the
 * payment's own `paid`, `cancelled` or `pending`.
 */
export type ConfirmationPhase = 'missing' | 'confirming' | 'failed' | 'paid' | 'cancelled' | 'pending'

type ConfirmationOptions<T> = {
  /** The cache key of this payment's confirmation. */
  key: string
  /** What identifies the payment in the return link; empty when the link has none. */
  reference: string
  confirm: (signal: AbortSignal) => Promise<ApiResult<T>>
  /** The payment and its booking in the server's answer. */
  paymentOf: (answer: T) => PaymentState
}

/**
 * Confirms a payment the traveller comes back from (card or wallet): asks the server, asks
 * again every few seconds while the provider has not decided, and once it is paid has every
 * list and page showing the booking fetch it again (once per payment).
 */
export function usePaymentConfirmation<T>({ key, reference, confirm, paymentOf }: ConfirmationOptions<T>) {
  const cache = useClientCache()
  const query = useCachedQuery({ key, load: confirm, enabled: reference !== '' })
  const [shownLongEnough, setShownLongEnough] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setShownLongEnough(true), MIN_CONFIRMING_MS)
    return () => window.clearTimeout(timer)
  }, [])

  const answer = query.data
  const payment = answer === undefined ? undefined : paymentOf(answer)
  const state = payment?.paymentStatus
  const { reload } = query
  useEffect(() => {
    if (state !== 'pending') return
    const timer = window.setInterval(reload, RECHECK_MS)
    return () => window.clearInterval(timer)
  }, [state, reload])

  const announced = useRef<string | null>(null)
  useEffect(() => {
    if (state !== 'paid' || announced.current === reference) return
    announced.current = reference
    invalidate(cache, BOOKINGS_TAG)
  }, [state, reference, cache])

  let phase: ConfirmationPhase
  if (reference === '') phase = 'missing'
  else if (!shownLongEnough || (query.status === 'loading' && !answer)) phase = 'confirming'
  else if (!answer || !payment) phase = 'failed'
  else if (payment.paymentStatus === 'paid') phase = 'paid'
  else if (payment.paymentStatus === 'cancelled') phase = 'cancelled'
  else phase = 'pending'

  return { phase, answer, payment, error: query.error, isFetching: query.isFetching, reload }
}
