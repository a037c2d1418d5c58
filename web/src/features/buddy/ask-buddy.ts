import { authFetch } from '../../lib/api-client'
import { getErrorMessage } from '../../lib/api-errors'
import type { ApiResult } from '../../lib/api-result'
import type { components } from '../../lib/api-schema'
import { SseParser } from '../../lib/sse'

export type BuddyAnswer = components['schemas']['BuddyAnswer']
export type BuddyCard = components['schemas']['BuddyCard']
export type ChatRequest = components['schemas']['BuddyChatRequest']

export const CHAT_PATH = '/api/v1/assistant/chat'

/**
 * POST /api/v1/assistant/chat as server-sent events: `onText` gets each piece of the
 * reply as it arrives; the result is the whole answer (the `done` event). Signed in, the
 * request carries the token (the account's own rate limit); signed out, it goes without.
 */
export async function askBuddy(request: ChatRequest, onText: (piece: string) => void, signal?: AbortSignal): Promise<ApiResult<BuddyAnswer>> {
  const failed = (status: number, error?: unknown) => ({ ok: false as const, status, message: getErrorMessage(error, 'buddy.failed') })
  try {
    const response = await authFetch(CHAT_PATH, {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    })
    if (!response.ok || !response.body) {
      const error: unknown = await response.json().catch(() => undefined)
      return failed(response.status, error)
    }
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    const parser = new SseParser()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        if (event.event === 'reply') onText(readPiece(event.data))
        else if (event.event === 'done') return { ok: true, data: JSON.parse(event.data) as BuddyAnswer }
      }
    }
    // The stream ended without its answer (the connection dropped).
    return failed(0)
  } catch (error) {
    return failed(0, error)
  }
}

function readPiece(data: string): string {
  try {
    const piece = JSON.parse(data) as { text?: unknown }
    return typeof piece.text === 'string' ? piece.text : ''
  } catch {
    return ''
  }
}
