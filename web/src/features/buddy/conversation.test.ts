import { describe, expect, it } from 'vitest'
import { CONVERSATION_KEY, chatRequest, loadConversation, saveConversation, type BuddyMessage } from './conversation'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

describe('the Buddy conversation', () => {
  it('is kept for the session and read back, cards included', () => {
    const storage = memoryStorage()
    const messages: BuddyMessage[] = [
      { role: 'user', content: 'Guides in Pokhara?' },
      { role: 'assistant', content: 'I found 1 guide', cards: [{ type: 'guide', id: 'g1', title: 'Rita', url: '/guides/g1' }], searchUrl: null },
    ]
    saveConversation(messages, storage)
    expect(loadConversation(storage)).toEqual(messages)
    saveConversation([], storage)
    expect(storage.getItem(CONVERSATION_KEY)).toBeNull()
  })

  it('reads nothing from unreadable or foreign data', () => {
    const storage = memoryStorage()
    storage.setItem(CONVERSATION_KEY, '{not json')
    expect(loadConversation(storage)).toEqual([])
    storage.setItem(CONVERSATION_KEY, JSON.stringify([{ role: 'system', content: 'x' }, { role: 'user', content: 'hi' }, 'junk']))
    expect(loadConversation(storage)).toEqual([{ role: 'user', content: 'hi' }])
  })

  it('sends the latest twenty messages, each cut to the server’s limit, without cards', () => {
    const messages: BuddyMessage[] = Array.from({ length: 25 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: i === 24 ? 'x'.repeat(2500) : `m${i}`,
      cards: [],
    }))
    const request = chatRequest(messages, 'NPR')
    expect(request.currency).toBe('NPR')
    expect(request.messages).toHaveLength(20)
    expect(request.messages[0]).toEqual({ role: 'assistant', content: 'm5' })
    expect(request.messages[19].content).toHaveLength(2000)
  })
})
