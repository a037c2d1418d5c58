import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { SignupPage } from './signup-page'

function renderSignup() {
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/login', element: <p>login screen</p> },
    ],
    { initialEntries: ['/signup'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('sign-up page', () => {
  it('refuses to continue until step one is filled, then moves to step two', async () => {
    const user = userEvent.setup()
    renderSignup()
    await user.click(screen.getByRole('button', { name: /continue/i }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields to continue')

    await user.type(screen.getByLabelText('First name'), 'Asha')
    await user.type(screen.getByLabelText('Last name'), 'Gurung')
    await user.type(screen.getByLabelText('Email address'), 'asha@example.com')
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60')
    expect(screen.getByLabelText('I want to join as')).toHaveValue('tourist')
    await user.click(screen.getByRole('button', { name: /continue/i }))

    expect(screen.getByLabelText('Password')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Password'), 'abcdef')
    expect(screen.getByText('Password strength: Medium')).toBeInTheDocument()
  })

  it('keeps the values and shows the server message when sign-up fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 'error', message: 'An account with this email already exists' }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    )
    const user = userEvent.setup()
    renderSignup()
    await user.type(screen.getByLabelText('First name'), 'Asha')
    await user.type(screen.getByLabelText('Last name'), 'Gurung')
    await user.type(screen.getByLabelText('Email address'), 'asha@example.com')
    await user.click(screen.getByRole('button', { name: /continue/i }))
    await user.type(screen.getByLabelText('Password'), 'namaste123')
    await user.type(screen.getByLabelText('Confirm password'), 'namaste124')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(screen.getByRole('alert')).toHaveTextContent('You must accept the Terms of Service and Privacy Policy')

    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match')

    await user.clear(screen.getByLabelText('Confirm password'))
    await user.type(screen.getByLabelText('Confirm password'), 'namaste123')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveValue('namaste123')
    vi.unstubAllGlobals()
  })
})
