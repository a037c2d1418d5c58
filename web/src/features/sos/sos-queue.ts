import type { ApiResult } from '../../lib/api-result'
import type { SosRequest, SosSent } from './api/send-sos'

/**
 * An SOS made with no signal waits here until it can be sent: on the browser's `online`
 * event, or on the next page load. localStorage rather than IndexedDB: one small record,
 * read synchronously on start-up, and it survives a closed tab. Signing out clears it
 * with the rest of the account's storage (it could only be sent with that account).
 */
export const PENDING_SOS_KEY = 'yatra.sos.pending'

export type PendingSos = SosRequest & { queuedAt: string }

/** What became of an alert: sent (and who it reached), kept for later, or refused. */
export type SosOutcome = { kind: 'sent'; sent: SosSent } | { kind: 'queued'; queuedAt: string } | { kind: 'failed'; message: string; retryAfterSeconds?: number }

export type SendSos = (alert: SosRequest) => Promise<ApiResult<SosSent>>

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

export function pendingSos(storage: Storage = localStorage): PendingSos | null {
  try {
    const value = JSON.parse(storage.getItem(PENDING_SOS_KEY) ?? 'null') as Partial<PendingSos> | null
    if (!value || typeof value.latitude !== 'number' || typeof value.longitude !== 'number' || typeof value.queuedAt !== 'string') return null
    return { latitude: value.latitude, longitude: value.longitude, message: typeof value.message === 'string' ? value.message : '', queuedAt: value.queuedAt }
  } catch {
    return null
  }
}

/** Keeps the newest alert only: it carries the latest position, which is what helps. */
function keep(alert: SosRequest, storage: Storage, now: Date): SosOutcome {
  const queuedAt = now.toISOString()
  storage.setItem(PENDING_SOS_KEY, JSON.stringify({ ...alert, queuedAt }))
  return { kind: 'queued', queuedAt }
}

/** No answer from the server at all (status 0) or a server that is failing: try again later. */
const worthRetrying = (status: number) => status === 0 || status >= 500

/**
 * Sends an alert now, or keeps it for when a signal returns. A refusal the server means
 * (bad input, a limit) is not kept: sending it again would be refused again.
 */
export async function deliverSos(
  alert: SosRequest,
  send: SendSos,
  { storage = localStorage, online = navigator.onLine, now = new Date() }: { storage?: Storage; online?: boolean; now?: Date } = {},
): Promise<SosOutcome> {
  if (!online) return keep(alert, storage, now)
  const result = await send(alert)
  if (result.ok) {
    storage.removeItem(PENDING_SOS_KEY)
    return { kind: 'sent', sent: result.data }
  }
  if (worthRetrying(result.status)) return keep(alert, storage, now)
  storage.removeItem(PENDING_SOS_KEY)
  return { kind: 'failed', message: result.message }
}

let flushing: Promise<SosOutcome | null> | null = null

/** Sends the kept alert, if there is one (one attempt at a time); null when there is none. */
export function flushPendingSos(send: SendSos, storage: Storage = localStorage): Promise<SosOutcome | null> {
  flushing ??= (async () => {
    const pending = pendingSos(storage)
    if (!pending) return null
    const { queuedAt, ...alert } = pending
    const outcome = await deliverSos(alert, send, { storage, online: true })
    // Still no way through: it stays kept under its first time.
    if (outcome.kind === 'queued') {
      storage.setItem(PENDING_SOS_KEY, JSON.stringify(pending))
      return { kind: 'queued', queuedAt } satisfies SosOutcome
    }
    return outcome
  })().finally(() => {
    flushing = null
  })
  return flushing
}

/**
 * Sends a kept alert now (the page just loaded) and whenever the browser comes back
 * online, handing each result to `onOutcome`. Returns the function that stops watching.
 */
export function watchPendingSos(
  onOutcome: (outcome: SosOutcome) => void,
  send: SendSos,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  storage: Storage = localStorage,
): () => void {
  let stopped = false
  const attempt = () => {
    if (!pendingSos(storage)) return
    void flushPendingSos(send, storage).then((outcome) => {
      if (outcome && !stopped) onOutcome(outcome)
    })
  }
  target.addEventListener('online', attempt)
  attempt()
  return () => {
    stopped = true
    target.removeEventListener('online', attempt)
  }
}
