import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { RequireRole } from './require-role'

function visit(path: string, role: string | null) {
  if (role) {
    localStorage.setItem('token', 't')
    localStorage.setItem('role', role)
  }
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>Login page</p> },
      {
        path: '/guideform',
        element: (
          <RequireRole role="guide">
            <p>Guide form</p>
          </RequireRole>
        ),
      },
      {
        path: '/tourist/profile',
        element: (
          <RequireRole role="tourist">
            <p>Tourist profile</p>
          </RequireRole>
        ),
      },
      {
        path: '/notification',
        element: (
          <RequireRole role={['guide', 'tourist']}>
            <p>Notifications</p>
          </RequireRole>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireRole role="admin" otherRole="forbidden">
            <p>Admin queue</p>
          </RequireRole>
        ),
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('page guards', () => {
  it('lets the right role in', () => {
    visit('/guideform', 'guide')
    expect(screen.getByText('Guide form')).toBeInTheDocument()
  })

  it('lets in every role a page lists, and sends any other to /login', () => {
    visit('/notification', 'tourist')
    expect(screen.getByText('Notifications')).toBeInTheDocument()
    expect(visit('/notification', 'admin').state.location.pathname).toBe('/login')
  })

  it('sends a missing token or another role to /login on guide and tourist pages', () => {
    expect(visit('/guideform', null).state.location.pathname).toBe('/login')
  })

  it('sends a tourist at a guide page to /login', () => {
    expect(visit('/guideform', 'tourist').state.location.pathname).toBe('/login')
  })

  it('sends a guide at a tourist page to /login', () => {
    expect(visit('/tourist/profile', 'guide').state.location.pathname).toBe('/login')
  })

  it('shows another role the 403 page at /admin, and sends a signed-out visitor to /login', async () => {
    visit('/admin', 'guide')
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
  })

  it('sends a signed-out visitor at /admin to /login', () => {
    expect(visit('/admin', null).state.location.pathname).toBe('/login')
  })
})
