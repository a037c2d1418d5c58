import { describe, expect, it } from 'vitest'
import type { Conversation } from './api/list-conversations'
import type { Message } from './api/list-messages'
import { composerProblem, counterText, groupMembersLine, isSendKey, lastMessagePreview, mergeMessages, messageLength, partyName, senderName, shortTime } from './conversation-view'

const message = (id: string, createdAt: string, text = id): Message => ({ _id: id, senderId: 'guide', text, createdAt })

const conversation = (last: Message | null): Conversation => ({
  _id: 'c1',
  touristId: 'tourist',
  guideId: 'guide',
  myId: 'tourist',
  group: null,
  otherParty: { _id: 'guide', firstName: 'Dawa', lastName: 'Sherpa', role: 'guide', profilePicture: null },
  lastMessage: last,
  unreadCount: 0,
  lastMessageAt: '2026-11-23T10:00:00Z',
  createdAt: '2026-11-23T10:00:00Z',
})

describe('messageLength and composerProblem', () => {
  it('count code points of the trimmed text, as the server does', () => {
    expect(messageLength('  hi \n')).toBe(2)
    expect(messageLength('🏔🏔')).toBe(2)
    expect(composerProblem('   \n')).toBe('Write a message before sending')
    expect(composerProblem('a'.repeat(2000))).toBeNull()
    expect(composerProblem(` ${'🏔'.repeat(2000)} `)).toBeNull()
    expect(composerProblem('a'.repeat(2001))).toBe('A message can be at most 2,000 characters (this one has 2,001)')
    expect(counterText('🏔 hello')).toBe('7 / 2,000')
  })
})

describe('isSendKey', () => {
  it('sends on Enter, not on Shift+Enter or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true)
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false)
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false)
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false)
  })
})

describe('mergeMessages', () => {
  it('keeps messages oldest first and each once, whatever order they arrive in', () => {
    const newestPage = [message('m3', '2026-11-23T10:03:00Z'), message('m2', '2026-11-23T10:02:00Z')]
    let shown = mergeMessages([], newestPage)
    expect(shown.map((m) => m._id)).toEqual(['m2', 'm3'])
    shown = mergeMessages(shown, [message('m4', '2026-11-23T10:04:00.5Z')])
    shown = mergeMessages(shown, [message('m4', '2026-11-23T10:04:00.5Z')])
    shown = mergeMessages(shown, [message('m1', '2026-11-23T10:01:00Z'), message('m2', '2026-11-23T10:02:00Z')])
    expect(shown.map((m) => m._id)).toEqual(['m1', 'm2', 'm3', 'm4'])
  })

  it('returns the same array when nothing is new', () => {
    const shown = [message('m1', '2026-11-23T10:01:00Z')]
    expect(mergeMessages(shown, [message('m1', '2026-11-23T10:01:00Z')])).toBe(shown)
  })
})

describe('lastMessagePreview', () => {
  it('marks your own last message and folds lines', () => {
    expect(lastMessagePreview(conversation(null))).toBe('No messages yet')
    expect(lastMessagePreview(conversation(message('m1', '2026-11-23T10:00:00Z', 'See you\nat 9')))).toBe('See you at 9')
    expect(lastMessagePreview(conversation({ ...message('m1', '2026-11-23T10:00:00Z', 'Thanks!'), senderId: 'tourist' }))).toBe('You: Thanks!')
  })
})

describe('shortTime', () => {
  // 18:00 on 23 November in Nepal (UTC+5:45).
  const now = new Date('2026-11-23T12:15:00Z')

  it('shows the time today, the day this year, the date before', () => {
    expect(shortTime('2026-11-23T03:20:00Z', now)).toBe('9:05 AM')
    expect(shortTime('2026-03-04T03:20:00Z', now)).toBe('Mar 4')
    expect(shortTime('2025-03-04T03:20:00Z', now)).toBe('Mar 4, 2025')
    expect(shortTime('not a date', now)).toBe('')
  })

  it("reads days and times in Nepal, whatever the browser's zone", () => {
    // 00:15 on 23 November in Nepal is still the 22nd in UTC and anywhere west.
    expect(shortTime('2026-11-22T18:30:00Z', now)).toBe('12:15 AM')
    // New Year's night in Nepal: this year, though 2025 in UTC.
    expect(shortTime('2025-12-31T18:30:00Z', now)).toBe('Jan 1')
  })

  it("writes Nepali in the reader's digits", () => {
    localStorage.setItem('yatra.language', 'ne')
    try {
      expect(shortTime('2026-11-23T03:20:00Z', now)).toMatch(/^[^0-9]*९:०५/)
      expect(shortTime('2025-03-04T03:20:00Z', now)).not.toMatch(/[0-9]/)
    } finally {
      localStorage.removeItem('yatra.language')
    }
  })
})

describe("a group departure's conversation", () => {
  const group = (last: Message | null): Conversation => ({
    ...conversation(last),
    touristId: null,
    myId: 'asha',
    group: {
      departureId: 'd1',
      tourTitle: 'Manaslu Circuit',
      startDate: '2026-12-12',
      members: [
        { _id: 'guide', firstName: 'Dawa', country: null, role: 'guide' },
        { _id: 'asha', firstName: 'Asha', country: 'India', role: 'tourist' },
        { _id: 'ben', firstName: 'Ben', country: null, role: 'tourist' },
      ],
    },
  })

  it('is named after its tour and lists first names and countries only', () => {
    expect(partyName(group(null))).toBe('Manaslu Circuit')
    expect(groupMembersLine(group(null))).toBe('In this group: Dawa (guide), Asha from India, Ben')
  })

  it('shows who wrote each message, and "You" for mine', () => {
    const c = group({ _id: 'm1', senderId: 'ben', text: 'See you  in Lukla', createdAt: '2026-11-23T10:00:00Z' })
    expect(senderName(c, 'ben')).toBe('Ben')
    expect(senderName(c, 'someone-who-left')).toBe('Former member')
    expect(lastMessagePreview(c)).toBe('Ben: See you in Lukla')
    expect(lastMessagePreview({ ...c, lastMessage: { ...c.lastMessage!, senderId: 'asha' } })).toBe('You: See you in Lukla')
  })
})
