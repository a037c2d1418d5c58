import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CONVERSATION_KEY } from '../../features/buddy/conversation'
import { openTouristBuddy } from '../../lib/open-buddy'
import { failure, fakeServer, renderRoutes } from '../../test-server'
import { TouristBuddy } from './tourist-buddy'

const routes = [
  { path: '/', element: <TouristBuddy /> },
  { path: '/guides/:id', element: <p>Guide page</p> },
]

/** The server's answer as server-sent events: the reply in two pieces, then the whole answer. */
function events(reply: string, cards: unknown[] = []) {
  const half = Math.floor(reply.length / 2)
  const body = [
    `event: reply\ndata: ${JSON.stringify({ text: reply.slice(0, half) })}\n\n`,
    `event: reply\ndata: ${JSON.stringify({ text: reply.slice(half) })}\n\n`,
    `event: done\ndata: ${JSON.stringify({ reply, cards, searchUrl: null })}\n\n`,
  ].join('')
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
}

const RITA = { type: 'guide', id: 'g1', title: 'Rita Gurung', url: '/guides/g1' }

describe('TouristBuddy', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    sessionStorage.clear()
  })

  it('sends the question as events, shows the answer and its cards, and keeps the conversation', async () => {
    const calls = fakeServer(({ url }) => (url.pathname === '/api/v1/assistant/chat' ? events('I found 1 guide:\n• Rita Gurung', [RITA]) : undefined))
    renderRoutes(routes, '/')
    await userEvent.click(screen.getByRole('button', { name: 'Open Tourist Buddy' }))
    const input = await screen.findByRole('textbox', { name: 'Message Tourist Buddy' })
    expect(input).toHaveFocus()
    await userEvent.type(input, 'French guide in Pokhara{Enter}')

    const log = screen.getByRole('log', { name: 'Conversation with Tourist Buddy' })
    expect(await screen.findByRole('link', { name: /Rita Gurung/ })).toHaveAttribute('href', '/guides/g1')
    expect(log).toHaveTextContent('I found 1 guide: • Rita Gurung')
    expect(calls[0].headers.get('Accept')).toBe('text/event-stream')
    expect(calls[0].body).toEqual({ messages: [{ role: 'user', content: 'French guide in Pokhara' }], currency: 'USD' })
    // Kept by an effect after the answer renders: on a busy machine that can come a tick later.
    await vi.waitFor(() => expect(JSON.parse(sessionStorage.getItem(CONVERSATION_KEY) ?? '[]')).toHaveLength(2))
  })

  it('shows the server’s refusal and answers on trying again', async () => {
    let first = true
    fakeServer(() => {
      if (!first) return events('Namaste!')
      first = false
      return failure(429, 'Too many questions to Tourist Buddy. Please try again in 1 minute.')
    })
    renderRoutes(routes, '/')
    await userEvent.click(screen.getByRole('button', { name: 'Open Tourist Buddy' }))
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message Tourist Buddy' }), 'hello{Enter}')

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many questions to Tourist Buddy. Please try again in 1 minute.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Namaste!')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('opens from elsewhere on the page, with the conversation of this session', async () => {
    sessionStorage.setItem(
      CONVERSATION_KEY,
      JSON.stringify([
        { role: 'user', content: 'Permits for Everest?' },
        { role: 'assistant', content: 'Permits: TIMS.' },
      ]),
    )
    renderRoutes(routes, '/')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    act(() => openTouristBuddy())
    expect(await screen.findByRole('dialog', { name: 'Tourist Buddy' })).toHaveTextContent('Permits: TIMS.')
  })
})
