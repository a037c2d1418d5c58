import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CacheProvider } from '../../lib/cache-provider'
import { ClientCache } from '../../lib/client-cache'
import { TravellerFormPage } from './traveller-form-page'

type Call = { path: string; body: FormData | string }

const EMERGENCY_PATH = '/api/v1/tourists/emergency-info'
const savedEmergency = {
  contactName: 'Maya Rai',
  contactPhone: '+977 9841000000',
  contactEmail: '',
  insuranceProvider: '',
  insurancePolicyNumber: '',
  insuranceEmergencyPhone: '',
}

/**
 * Stands in for the server: the outside boundary of the client. The form's reads on load
 * (the saved emergency details, and the profile with its `stored` place) are answered and
 * not recorded in `calls`.
 */
function fakeServer(answer: (path: string) => Response, stored: { latitude: number; longitude: number } | null = null) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      const path = new URL(request.url).pathname
      if (path === EMERGENCY_PATH && request.method === 'GET') {
        return new Response(JSON.stringify({ status: 'success', data: savedEmergency }), { status: 200 })
      }
      if (path === '/api/v1/tourists/profile' && request.method === 'GET') {
        return new Response(JSON.stringify({ status: 'success', data: { touristDetails: { location: stored } } }), { status: 200 })
      }
      const body = request.headers.get('Content-Type')?.startsWith('multipart/') ? await request.formData() : await request.text()
      calls.push({ path, body })
      return answer(path)
    }),
  )
  return calls
}

const ok = () => new Response(JSON.stringify({ status: 'success', message: 'ok', data: {} }), { status: 200 })
const failure = (status: number, message: string) => new Response(JSON.stringify({ status: 'error', message }), { status })

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/touristform', element: <TravellerFormPage /> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntries: ['/touristform'] },
  )
  render(
    <CacheProvider cache={new ClientCache()}>
      <RouterProvider router={router} />
    </CacheProvider>,
  )
  return router
}

async function fillForm() {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Bio'), 'Gentle treks and momo')
  await user.type(screen.getByLabelText('Nationality'), 'Australian')
  await user.upload(screen.getByLabelText(/Profile image/), new File(['png'], 'me.png', { type: 'image/png' }))
  await user.click(screen.getByRole('button', { name: 'Food' }))
  return user
}

describe('traveller form submit', () => {
  beforeEach(() => {
    vi.unstubAllGlobals()
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined })
    window.scrollTo = vi.fn()
    localStorage.setItem('token', 't')
  })

  it('uploads the image first, then posts bio, nationality, location, interests and the emergency details, then goes home', async () => {
    const calls = fakeServer(ok)
    const router = renderForm()
    expect(await screen.findByText('Geolocation is not supported by your browser.')).toBeInTheDocument()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))

    expect(calls[0].path).toBe('/api/v1/tourists/profile-image')
    expect((calls[0].body as FormData).get('profileImage')).toMatchObject({ type: 'image/png' })
    expect(
      calls
        .slice(1)
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/api/v1/tourists/bio', EMERGENCY_PATH, '/api/v1/tourists/interests', '/api/v1/tourists/location', '/api/v1/tourists/nationality'])
    const sent = Object.fromEntries(calls.slice(1).map((c) => [c.path, JSON.parse(c.body as string)]))
    expect(sent['/api/v1/tourists/location']).toEqual({ longitude: 0, latitude: 0 })
    expect(sent['/api/v1/tourists/interests']).toEqual({ interests: ['Food'] })
    // Saved details came back into the form and go out again unchanged.
    expect(sent[EMERGENCY_PATH]).toEqual(savedEmergency)
  })

  it('keeps a stored place when the browser gives no position, and sends a chosen town (issue 26)', async () => {
    const calls = fakeServer(ok, { latitude: 27.7172, longitude: 85.324 })
    const router = renderForm()
    expect(await screen.findByText('Latitude: 27.7172, Longitude: 85.3240')).toBeInTheDocument()
    expect(screen.getByText(/Your saved place is kept/)).toBeInTheDocument()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(calls.map((c) => c.path)).not.toContain('/api/v1/tourists/location')

    calls.length = 0
    renderForm()
    await user.selectOptions(await screen.findByLabelText('Choose a town'), 'Lakeside, Pokhara')
    expect(screen.getByText('Near Lakeside, Pokhara')).toBeInTheDocument()
    expect(screen.getByText('Latitude: 28.2096, Longitude: 83.9595')).toBeInTheDocument()
    await fillForm()
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }))
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/v1/tourists/location'))
    const sent = calls.find((c) => c.path === '/api/v1/tourists/location')!
    expect(JSON.parse(sent.body as string)).toEqual({ longitude: 83.9595, latitude: 28.2096 })
  })

  it('says what is missing in the emergency details before sending anything', async () => {
    const calls = fakeServer(ok)
    renderForm()
    const user = await fillForm()
    expect(await screen.findByDisplayValue('Maya Rai')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Emergency contact phone'))
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please give a phone number or an email for your emergency contact')
    expect(calls).toHaveLength(0)
  })

  it('shows the upload failure in a dismissible banner and makes no further calls', async () => {
    const calls = fakeServer(() => failure(415, 'Only JPEG, PNG or WebP images are allowed'))
    renderForm()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Only JPEG, PNG or WebP images are allowed')
    expect(calls).toHaveLength(1)
    expect(window.scrollTo).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("says 'Profile submission failed' when a follow-up call fails without a message", async () => {
    fakeServer((path) => (path.endsWith('/nationality') ? new Response('', { status: 500 }) : ok()))
    renderForm()
    const user = await fillForm()
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile submission failed')
  })
})
