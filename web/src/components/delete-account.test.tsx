import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, readSession, saveSession } from '../lib/auth-store'
import { failure, fakeServer, json, renderRoutes } from '../test-server'
import { DeleteAccount } from './delete-account'

const ROUTES = [
  { path: '/tourist/profile', element: <DeleteAccount /> },
  { path: '/login', element: <p>Login page</p> },
]

describe('DeleteAccount', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    clearSession()
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
  })

  it('asks for the password, shows the server refusal, and keeps the session', async () => {
    const calls = fakeServer(({ method, url }) => (method === 'DELETE' && url.pathname === '/api/v1/auth/account' ? failure(400, 'Your password is not correct') : undefined))
    renderRoutes(ROUTES, '/tourist/profile')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete your account for good?' })
    expect(dialog).toHaveTextContent('This cannot be undone')
    expect(screen.getByRole('button', { name: /Delete for good/ })).toBeDisabled()

    await userEvent.type(screen.getByLabelText(/Current password/), 'wrong-one')
    await userEvent.click(screen.getByRole('button', { name: /Delete for good/ }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Your password is not correct')
    expect(calls[0].body).toEqual({ password: 'wrong-one' })
    expect(readSession().token).toBe('t')
  })

  it('signs out and goes to the login page after deleting', async () => {
    fakeServer(({ method }) => (method === 'DELETE' ? json({ status: 'success', message: 'Your account has been deleted' }) : undefined))
    const { router } = renderRoutes(ROUTES, '/tourist/profile')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }))
    await userEvent.type(screen.getByLabelText(/Current password/), 'namaste-himalaya-42')
    await userEvent.click(screen.getByRole('button', { name: /Delete for good/ }))

    expect(await screen.findByText('Login page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(sessionStorage.getItem('yatra.accountDeleted')).toBe('1')
    expect(readSession().token).toBeNull()
  })
})
