import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { failure, fakeServer, json, renderRoutes, type Call } from '../../test-server'
import { destination } from '../../test-fixtures'
import { AdminPage } from './admin-page'

const routes = [{ path: '/admin', element: <AdminPage /> }]

/** A small in-memory destinations store behind the fake server. */
function serve(write?: (call: Call) => Response | undefined) {
  let stored = [destination('d1', { name: 'Phewa Lake' }), destination('d2', { name: 'Rara Lake', coordinates: null })]
  const calls = fakeServer((call) => {
    const { method, url } = call
    if (method === 'GET' && url.pathname === '/api/v1/users/destinations') return json({ destinations: stored, totalPages: 1 })
    const answer = write?.(call)
    if (answer) return answer
    if (method === 'POST' && url.pathname === '/api/v1/admin/destinations') {
      const form = call.body as FormData
      const created = destination('d3', { name: String(form.get('name')) })
      stored = [created, ...stored]
      return json({ status: 'success', message: 'Destination created', destination: created }, 201)
    }
    if (method === 'PATCH' && url.pathname === '/api/v1/admin/destinations/d1') {
      const form = call.body as FormData
      stored = stored.map((d) => (d._id === 'd1' ? { ...d, name: String(form.get('name')) } : d))
      return json({ status: 'success', message: 'Destination updated', destination: stored[0] })
    }
    if (method === 'PUT' && /^\/api\/v1\/admin\/destinations\/[^/]+\/trek$/.test(url.pathname)) {
      return json({ status: 'success', message: 'Trek facts saved', destination: stored[0] })
    }
    if (method === 'DELETE' && url.pathname === '/api/v1/admin/destinations/d2') {
      stored = stored.filter((d) => d._id !== 'd2')
      return json({ status: 'success', message: 'Destination deleted' })
    }
    return undefined
  })
  return calls
}

const png = new File(['png'], 'photo.png', { type: 'image/png' })

describe('admin destinations', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    saveSession({ token: 't', refreshToken: 'r', role: 'admin' })
    Element.prototype.scrollIntoView = vi.fn()
    URL.createObjectURL = vi.fn(() => 'blob:preview')
    URL.revokeObjectURL = vi.fn()
  })

  it('sits beside the verification queue and lists destinations', async () => {
    serve()
    renderRoutes(routes, '/admin?tab=destinations')
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    expect(within(nav).getByRole('link', { name: 'Destinations' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Guide verification' })).toHaveAttribute('href', '/admin')
    expect(await screen.findByRole('listitem', { name: 'Phewa Lake' })).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Rara Lake' })).getByText('No map point')).toBeInTheDocument()
  })

  it('creates a destination after checking the form, and the list fetches again', async () => {
    const calls = serve()
    renderRoutes(routes, '/admin?tab=destinations')
    await screen.findByRole('listitem', { name: 'Phewa Lake' })
    await userEvent.click(screen.getByRole('button', { name: 'Add destination' }))
    const form = screen.getByRole('form', { name: 'Add a destination' })
    await userEvent.click(within(form).getByRole('button', { name: 'Add destination' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please give the destination a name')

    await userEvent.type(within(form).getByLabelText('Name'), 'Bandipur')
    await userEvent.type(within(form).getByLabelText('Location'), 'Tanahun, Gandaki Province')
    await userEvent.type(within(form).getByLabelText('Description'), 'A hill bazaar.')
    await userEvent.type(within(form).getByLabelText('Latitude'), '27.9354')
    await userEvent.click(within(form).getByRole('button', { name: 'Add destination' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Give both latitude and longitude, or neither')
    await userEvent.type(within(form).getByLabelText('Longitude'), '84.407')
    await userEvent.click(within(form).getByRole('button', { name: 'Add destination' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please choose a photo of the destination')
    await userEvent.click(within(form).getByLabelText('Popular destination (listed first)'))
    await userEvent.upload(within(form).getByLabelText(/^Photo/), png)
    await userEvent.click(within(form).getByRole('button', { name: 'Add destination' }))

    expect(await screen.findByText('Destination created')).toBeInTheDocument()
    expect(await screen.findByRole('listitem', { name: 'Bandipur' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Add a destination' })).toBeNull()
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData
    expect(sent.get('popular')).toBe('true')
    expect(sent.get('latitude')).toBe('27.9354')
    expect((sent.get('image') as Blob).size).toBeGreaterThan(0)
  })

  it('edits with the form filled in, the photo optional', async () => {
    const calls = serve()
    renderRoutes(routes, '/admin?tab=destinations')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Phewa Lake' }))
    const form = screen.getByRole('form', { name: 'Edit Phewa Lake' })
    expect(within(form).getByLabelText('Name')).toHaveValue('Phewa Lake')
    expect(within(form).getByLabelText('Latitude')).toHaveValue(28.2096)
    await userEvent.clear(within(form).getByLabelText('Name'))
    await userEvent.type(within(form).getByLabelText('Name'), 'Phewa Lake, Pokhara')
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Destination updated')).toBeInTheDocument()
    expect(await screen.findByRole('listitem', { name: 'Phewa Lake, Pokhara' })).toBeInTheDocument()
    expect((calls.find((c) => c.method === 'PATCH')!.body as FormData).has('image')).toBe(false)
  })

  it('shows the server’s message when a save is refused', async () => {
    serve(({ method }) => (method === 'PATCH' ? failure(409, 'A destination with this name already exists') : undefined))
    renderRoutes(routes, '/admin?tab=destinations')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Phewa Lake' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('A destination with this name already exists')).toBeInTheDocument()
  })

  it('deletes only after confirming', async () => {
    const calls = serve()
    renderRoutes(routes, '/admin?tab=destinations')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Rara Lake' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete Rara Lake?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Delete Rara Lake' }))
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete Rara Lake?' })).getByRole('button', { name: 'Delete destination' }))
    expect(await screen.findByText('Destination deleted')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Rara Lake' })).toBeNull())
  })
})
