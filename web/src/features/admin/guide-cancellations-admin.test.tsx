import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { fakeServer, json, renderRoutes } from '../../test-server'
import { AdminPage } from './admin-page'

const routes = [{ path: '/admin', element: <AdminPage /> }]

describe('admin guide cancellations', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    saveSession({ token: 't', refreshToken: 'r', role: 'admin' })
  })

  it('lists the guides who cancelled trips with their counts', async () => {
    fakeServer(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/admin/guide-cancellations') {
        return json({
          status: 'success',
          data: [
            { guideId: 'g1', firstName: 'Ang', lastName: 'Sherpa', email: 'ang@example.com', guideCancellations: 3 },
            { guideId: 'g2', firstName: 'Rita', lastName: 'Gurung', email: 'rita@example.com', guideCancellations: 1 },
          ],
        })
      }
      return undefined
    })
    renderRoutes(routes, '/admin?tab=cancellations')

    const list = await screen.findByRole('list', { name: 'Guide cancellations' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Ang Sherpa')
    expect(rows[0]).toHaveTextContent('3 trips cancelled')
    expect(rows[1]).toHaveTextContent('1 trip cancelled')
  })

  it('says so when no guide has cancelled', async () => {
    fakeServer(({ method, url }) => (method === 'GET' && url.pathname === '/api/v1/admin/guide-cancellations' ? json({ status: 'success', data: [] }) : undefined))
    renderRoutes(routes, '/admin?tab=cancellations')
    expect(await screen.findByText('No guide has cancelled a trip')).toBeInTheDocument()
  })
})
