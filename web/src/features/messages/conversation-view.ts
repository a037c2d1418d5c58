import type { Conversation } from './api/list-conversations'
import type { Message } from './api/list-messages'
import { translate } from '../../i18n/messages'
import { NEPAL_TIME_ZONE, todayInNepal } from '../../lib/booking'
import { localDateFormat, localNumberFormat } from '../../lib/intl-formats'
import { personName } from '../../lib/person-name'

/** Characters a message may hold once trimmed, as the server counts them (an emoji is one). */
export const TEXT_MAX = 2000

/** Characters the server will count: code points of the trimmed text. */
export function messageLength(text: string): number {
  return [...text.trim()].length
}

/** Why `text` cannot be sent yet, in the reader's language, or null when it can. */
export function composerProblem(text: string): string | null {
  const length = messageLength(text)
  if (length === 0) return translate('messages.writeBeforeSending')
  if (length > TEXT_MAX) return translate('messages.tooLong', { max: localNumberFormat().format(TEXT_MAX), count: localNumberFormat().format(length) })
  return null
}

/** Enter sends; Shift+Enter (and Enter while an input method is composing) adds a line. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing
}

/**
 * Messages oldest first, each once: `incoming` (a page, a sent or a live message, in any
 * order) joins `shown`. Ties in time keep the order they arrived in.
 */
export function mergeMessages(shown: Message[], incoming: Message[]): Message[] {
  const known = new Set(shown.map((m) => m._id))
  const added = incoming.filter((m) => !known.has(m._id) && known.add(m._id))
  if (added.length === 0) return shown
  return [...shown, ...added]
    .map((message, index) => ({ message, index, at: Date.parse(message.createdAt) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ message }) => message)
}

/** Who the conversation is with: the other person, or the tour of a group departure's. */
export const partyName = (c: Conversation) => (c.group ? c.group.tourTitle : c.otherParty ? personName(c.otherParty) : '')

/** The signed-in user's id in a conversation. */
export const myId = (c: Conversation) => c.myId

/** The first name a message is shown under; in a group, the member who wrote it. */
export function senderName(c: Conversation, senderId: string): string {
  if (!c.group) return c.otherParty?.firstName ?? ''
  return c.group.members.find((m) => m._id === senderId)?.firstName ?? translate('messages.formerMember')
}

/** A group's members as one line: 'Pemba (guide), Sita from France, Ben' — first names and countries only. */
export function groupMembersLine(c: Conversation): string {
  const names = (c.group?.members ?? []).map((m) =>
    m.role === 'guide'
      ? translate('messages.groupGuide', { name: m.firstName })
      : m.country
        ? translate('messages.groupMemberFrom', { name: m.firstName, country: m.country })
        : m.firstName,
  )
  return translate('messages.groupMembers', { names: names.join(', ') })
}

/** The list's one-line preview of the last message, 'You: ' before your own, the writer's name in a group. */
export function lastMessagePreview(c: Conversation): string {
  const last = c.lastMessage
  if (!last) return translate('messages.noMessagesYet')
  const text = last.text.trim().replace(/\s+/g, ' ')
  if (last.senderId === myId(c)) return translate('messages.you', { text })
  return c.group ? translate('messages.groupPreview', { name: senderName(c, last.senderId), text }) : text
}

// Nepal time, as every moment the app shows (DESIGN.md): a reader abroad or offline sees the
// same times as the note above an offline copy, not their browser's zone.
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: NEPAL_TIME_ZONE }
const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: NEPAL_TIME_ZONE }
const DAY_AND_YEAR: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: NEPAL_TIME_ZONE }

/** When a message was sent, short, in Nepal time: the time today, the day this year, else the date. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  const day = todayInNepal(at)
  const today = todayInNepal(now)
  if (day === today) return localDateFormat(TIME, 'en-US').format(at)
  if (day.slice(0, 4) === today.slice(0, 4)) return localDateFormat(DAY, 'en-US').format(at)
  return localDateFormat(DAY_AND_YEAR, 'en-US').format(at)
}

/** The counter under the composer: '12 / 2,000'. */
export const counterText = (text: string) => translate('messages.counter', { count: localNumberFormat().format(messageLength(text)), max: localNumberFormat().format(TEXT_MAX) })
