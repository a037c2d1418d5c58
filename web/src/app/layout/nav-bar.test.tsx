import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { CacheProvider } from '../../lib/cache-provider'
import { ClientCache } from '../../lib/client-cache'
import { NavBar } from './nav-bar'

function renderNav() {
  const router = createMemoryRouter([{ path: '*', element: <NavBar /> }], { initialEntries: ['/guides'] })
  render(
    <CacheProvider cache={new ClientCache()}>
      <RouterProvider router={router} />
    </CacheProvider>,
  )
  return router
}

/** The live count stream: sends `counts` as `event` events (unread by default) and stays open. */
function unreadStream(...counts: number[]) {
  const encoder = new TextEncoder()
  let push: (count: number, event?: string) => void = () => {}
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (count, event = 'unread') => controller.enqueue(encoder.encode(`event: ${event}\ndata: {"count":${count}}\n\n`))
      counts.forEach((count) => push(count))
    },
  })
  return { response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }), push: (count: number, event?: string) => push(count, event) }
}

describe('navigation bar', () => {
  it('shows Login only when signed out, and the profile menu when signed in', async () => {
    const me = { status: 'success', data: { _id: '1', firstName: 'Asha', lastName: 'Gurung', email: 'a@b.np', role: 'guide' } }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(me), { status: 200 })),
    )
    renderNav()
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument()
    act(() => saveSession({ token: 't', refreshToken: 'r', role: 'guide' }))
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: /guide Account/ })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /guide Account/ }))
    expect(await screen.findByText('Asha')).toBeInTheDocument()
    vi.unstubAllGlobals()
  })

  it.each([
    ['tourist', ['My Profile', 'Dashboard', 'Messages', 'Notifications', 'Your Blog', 'Saved'], '/dashboard', '/tourist/profile'],
    ['guide', ['My Profile', 'Dashboard', 'Tour Requests', 'Messages', 'Notifications', 'Your Blog', 'Saved', 'My tours'], '/guideDash', '/guide/profile'],
  ])('lists the %s profile menu', async (role, items, dashboard, profile) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'success', message: 'ok' }), { status: 200 })),
    )
    localStorage.setItem('token', 't')
    localStorage.setItem('refreshToken', 'r')
    localStorage.setItem('role', role)
    const user = userEvent.setup()
    const router = renderNav()
    const toggle = await screen.findByRole('button', { name: `${role} Account` })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const menu = document.getElementById('profile-menu')!
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(items)
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', dashboard)
    expect(within(menu).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', profile)

    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    await user.click(within(document.getElementById('profile-menu')!).getByRole('button', { name: 'Logout' }))
    expect(localStorage.length).toBe(0)
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument()
    vi.unstubAllGlobals()
  })

  it('gives an admin only the Admin item', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'success', message: 'ok' }), { status: 200 })),
    )
    localStorage.setItem('token', 't')
    localStorage.setItem('refreshToken', 'r')
    localStorage.setItem('role', 'admin')
    const user = userEvent.setup()
    renderNav()
    await user.click(await screen.findByRole('button', { name: 'admin Account' }))
    const menu = document.getElementById('profile-menu')!
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Admin', 'Saved'])
    expect(within(menu).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
    vi.unstubAllGlobals()
  })

  it('shows the live unread count on the menu button, the bell and the Notifications item', async () => {
    const stream = unreadStream(2)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new Request(input, init).url
        if (url.endsWith('/api/v1/notifications/stream')) return stream.response
        return new Response(JSON.stringify({ status: 'success', data: { _id: '1', firstName: 'Asha', lastName: 'G', email: 'a@b.np', role: 'tourist' } }), { status: 200 })
      }),
    )
    localStorage.setItem('token', 't')
    localStorage.setItem('refreshToken', 'r')
    localStorage.setItem('role', 'tourist')
    const user = userEvent.setup()
    renderNav()
    const toggle = await screen.findByRole('button', { name: 'tourist Account' })
    await vi.waitFor(() => expect(toggle).toHaveAccessibleDescription('2 unread notifications'))
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute('href', '/notification')

    // A new notification arrives: the count rises without a reload.
    act(() => stream.push(3))
    await vi.waitFor(() => expect(toggle).toHaveAccessibleDescription('3 unread notifications'))
    await user.click(toggle)
    const menu = document.getElementById('profile-menu')!
    expect(within(menu).getByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute('href', '/notification')

    act(() => stream.push(0))
    await vi.waitFor(() => expect(toggle).not.toHaveAccessibleDescription())
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toBeInTheDocument()
    vi.unstubAllGlobals()
  })

  it('shows the live unread messages count on the chat button and the Messages item', async () => {
    const stream = unreadStream(0)
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new Request(input, init).url
        if (url.endsWith('/api/v1/notifications/stream')) return stream.response
        return new Response(JSON.stringify({ status: 'success', data: { _id: '1', firstName: 'Dawa', lastName: 'S', email: 'd@b.np', role: 'guide' } }), { status: 200 })
      }),
    )
    localStorage.setItem('token', 't')
    localStorage.setItem('refreshToken', 'r')
    localStorage.setItem('role', 'guide')
    const user = userEvent.setup()
    renderNav()
    const toggle = await screen.findByRole('button', { name: 'guide Account' })

    // A message arrives: the count shows without a reload, beside the notifications'.
    act(() => stream.push(1, 'unread-messages'))
    await vi.waitFor(() => expect(toggle).toHaveAccessibleDescription('1 unread message'))
    expect(screen.getByRole('link', { name: 'Messages, 1 unread' })).toHaveAttribute('href', '/messages')
    act(() => stream.push(2))
    await vi.waitFor(() => expect(toggle).toHaveAccessibleDescription('2 unread notifications, 1 unread message'))
    await user.click(toggle)
    const menu = document.getElementById('profile-menu')!
    expect(within(menu).getByRole('link', { name: 'Messages, 1 unread' })).toHaveAttribute('href', '/messages')

    act(() => stream.push(0, 'unread-messages'))
    await vi.waitFor(() => expect(toggle).toHaveAccessibleDescription('2 unread notifications'))
    expect(within(menu).getByRole('link', { name: 'Messages' })).toBeInTheDocument()
    vi.unstubAllGlobals()
  })
})
