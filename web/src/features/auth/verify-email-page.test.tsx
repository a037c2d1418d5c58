import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { failure, fakeServer, json, renderRoutes } from '../../test-server'
import { VerifyEmailPage } from './verify-email-page'

afterEach(() => vi.unstubAllGlobals())

const routes = [{ path: '/verify-email', element: <VerifyEmailPage /> }]

describe('VerifyEmailPage', () => {
  it('spends the emailed link once, however often the page renders, and says it worked', async () => {
    const calls = fakeServer(() => json({ status: 'success', message: 'Thank you! Your email address is verified.' }))
    const first = renderRoutes(routes, '/verify-email?token=link-once')
    expect(await screen.findByText('Email verified')).toBeTruthy()
    first.unmount()
    renderRoutes(routes, '/verify-email?token=link-once')
    expect(await screen.findByText('Email verified')).toBeTruthy()
    const posts = calls.filter((c) => c.url.pathname === '/api/v1/auth/verify-email')
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toEqual({ token: 'link-once' })
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login')
  })

  it('shows the server reason when the link is used or expired', async () => {
    fakeServer(() => failure(400, 'This verification link has expired. Please ask for a new one.'))
    renderRoutes(routes, '/verify-email?token=old-link')
    expect(await screen.findByText('We could not verify your email')).toBeTruthy()
    expect(screen.getByText(/This verification link has expired/)).toBeTruthy()
  })

  it('asks for the link again when it has no token, without calling the server', async () => {
    const calls = fakeServer(() => undefined)
    renderRoutes(routes, '/verify-email')
    expect(await screen.findByText('This link is incomplete')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })
})
