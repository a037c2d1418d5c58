import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { NavBar } from './nav-bar'

function renderNav() {
  const router = createMemoryRouter([{ path: '*', element: <NavBar /> }], { initialEntries: ['/guides'] })
  render(<RouterProvider router={router} />)
  return router
}

describe('navigation bar', () => {
  it('shows Login only when signed out, and the profile menu when signed in', async () => {
    const me = { status: 'success', data: { _id: '1', firstName: 'Asha', lastName: 'Gurung', email: 'a@b.np', role: 'guide' } }
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(me), { status: 200 })))
    renderNav()
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument()
    act(() => saveSession({ token: 't', refreshToken: 'r', role: 'guide' }))
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /guide Account/ })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /guide Account/ }))
    expect(await screen.findByText('Asha')).toBeInTheDocument()
    vi.unstubAllGlobals()
  })

  it.each([
    ['tourist', ['My Profile', 'Dashboard', 'Notifications', 'Your Blog'], '/dashboard', '/tourist/profile'],
    ['guide', ['My Profile', 'Dashboard', 'Tour Requests', 'Notifications', 'Your Blog'], '/guideDash', '/guide/profile'],
  ])('lists the %s profile menu', async (role, items, dashboard, profile) => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 'success', message: 'ok' }), { status: 200 })))
    localStorage.setItem('token', 't')
    localStorage.setItem('refreshToken', 'r')
    localStorage.setItem('role', role)
    const user = userEvent.setup()
    const router = renderNav()
    const toggle = screen.getByRole('button', { name: `${role} Account` })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const menu = document.getElementById('profile-menu')!
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual(items)
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
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 'success', message: 'ok' }), { status: 200 })))
    localStorage.setItem('token', 't')
    localStorage.setItem('refreshToken', 'r')
    localStorage.setItem('role', 'admin')
    const user = userEvent.setup()
    renderNav()
    await user.click(screen.getByRole('button', { name: 'admin Account' }))
    const menu = document.getElementById('profile-menu')!
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual(['Admin'])
    expect(within(menu).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
    vi.unstubAllGlobals()
  })
})
