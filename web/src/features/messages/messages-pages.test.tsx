import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { fakeServer, json, renderRoutes } from '../../test-server'
import type { Conversation } from './api/list-conversations'
import type { Message } from './api/list-messages'
import { ConversationPage } from './conversation-page'
import { MessagesPage, NO_CONVERSATIONS } from './messages-page'
import { translate } from '../../i18n/messages'

const routes = [
  { path: '/messages', element: <MessagesPage /> },
  { path: '/messages/:id', element: <ConversationPage /> },
]

const message = (id: string, senderId: string, text: string, minute: number): Message => ({
  _id: id,
  senderId,
  text,
  createdAt: `2026-11-23T10:${String(minute).padStart(2, '0')}:00Z`,
})

const conversation: Conversation = {
  _id: 'c1',
  touristId: 'tourist',
  guideId: 'guide',
  myId: 'guide',
  group: null,
  otherParty: { _id: 'tourist', firstName: 'Asha', lastName: 'Traveller', role: 'tourist', profilePicture: null },
  lastMessage: message('m2', 'tourist', 'Where do we meet?', 2),
  unreadCount: 2,
  lastMessageAt: '2026-11-23T10:02:00Z',
  createdAt: '2026-11-23T10:01:00Z',
}

/** The live stream: stays open; `push` sends one event. */
function liveStream() {
  const encoder = new TextEncoder()
  let push: (event: string, data: unknown) => void = () => {}
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (event, data) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
    },
  })
  return { response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }), push: (event: string, data: unknown) => push(event, data) }
}

describe('messages pages', () => {
  beforeEach(() => saveSession({ token: 't', refreshToken: 'r', role: 'guide' }))
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('lists conversations with the other party, the last message and the unread count', async () => {
    fakeServer(({ url }) => (url.pathname === '/api/v1/conversations' ? json({ status: 'success', data: [conversation] }) : undefined))
    renderRoutes(routes, '/messages')
    const item = await screen.findByRole('link', { name: 'Asha Traveller, 2 unread' })
    expect(item).toHaveAttribute('href', '/messages/c1')
    expect(item).toHaveTextContent('Where do we meet?')
  })

  it('says when there are no conversations yet', async () => {
    fakeServer(({ url }) => (url.pathname === '/api/v1/conversations' ? json({ status: 'success', data: [] }) : undefined))
    renderRoutes(routes, '/messages')
    expect(await screen.findByText(translate(NO_CONVERSATIONS))).toBeInTheDocument()
  })

  it('shows the thread oldest first, marks it read, adds live messages and keeps markup as text', async () => {
    const stream = liveStream()
    const calls = fakeServer(({ url, method }) => {
      if (url.pathname === '/api/v1/conversations') return json({ status: 'success', data: [conversation] })
      if (url.pathname === '/api/v1/conversations/c1/messages' && method === 'GET')
        return json({ status: 'success', data: { messages: [message('m2', 'tourist', 'Where do we meet?', 2), message('m1', 'tourist', 'Namaste!', 1)], nextCursor: null } })
      if (url.pathname === '/api/v1/conversations/c1/read') return json({ status: 'success', message: 'Conversation marked as read' })
      if (url.pathname === '/api/v1/notifications/stream') return stream.response
      return undefined
    })
    renderRoutes(routes, '/messages/c1')
    const log = await screen.findByRole('log', { name: 'Messages with Asha Traveller' })
    await within(log).findByText('Where do we meet?')
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Namaste!'), expect.stringContaining('Where do we meet?')])
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/conversations/c1/read')).toBe(true))

    act(() => stream.push('message', { conversationId: 'c1', message: message('m3', 'tourist', '<b>bold?</b>', 3) }))
    expect(await within(log).findByText('<b>bold?</b>')).toBeInTheDocument()
    expect(log.querySelector('b')).toBeNull()
    act(() => stream.push('message', { conversationId: 'other', message: message('m4', 'x', 'Not for this thread', 4) }))
    act(() => stream.push('message', { conversationId: 'c1', message: message('m5', 'tourist', 'See you at 9', 5) }))
    await within(log).findByText('See you at 9')
    expect(within(log).queryByText('Not for this thread')).toBeNull()

    const user = userEvent.setup()
    expect(screen.getByLabelText('Message Asha')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'All messages' }))
    expect(await screen.findByRole('link', { name: 'Asha Traveller, 2 unread' })).toBeInTheDocument()
  })
})
