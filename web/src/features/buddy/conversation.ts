import type { DisplayCurrency } from '../../lib/money'
import type { BuddyCard, ChatRequest } from './ask-buddy'

/** One turn of the conversation as the widget shows it. */
export type BuddyMessage = {
  role: 'user' | 'assistant'
  content: string
  cards?: BuddyCard[]
  searchUrl?: string | null
}

export const CONVERSATION_KEY = 'yatra.buddy.conversation'
/** The server takes at most 20 messages of at most 2000 characters each. */
export const MESSAGES_SENT = 20
export const MESSAGE_MAX = 2000
/** What the traveller may type in one question. */
export const QUESTION_MAX = 500

/** The conversation kept for this browser tab's session; empty when none (or unreadable). */
export function loadConversation(storage: Storage | undefined = globalThis.sessionStorage): BuddyMessage[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CONVERSATION_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter((m): m is BuddyMessage => typeof m === 'object' && m !== null && (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string')
  } catch {
    return []
  }
}

export function saveConversation(messages: BuddyMessage[], storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    if (messages.length === 0) storage?.removeItem(CONVERSATION_KEY)
    else storage?.setItem(CONVERSATION_KEY, JSON.stringify(messages))
  } catch {
    // Storage full or refused (private mode): the conversation simply is not kept.
  }
}

/**
 * The request for the conversation: its latest messages, each within the server's bounds,
 * and the currency the reader sees prices in, which the Buddy's prices are then given in.
 */
export function chatRequest(messages: BuddyMessage[], currency: DisplayCurrency): ChatRequest {
  return {
    messages: messages.slice(-MESSAGES_SENT).map(({ role, content }) => ({ role, content: content.slice(0, MESSAGE_MAX) })),
    currency,
  }
}
