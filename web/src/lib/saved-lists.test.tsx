import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { GuideCard } from '../components/guide-card'
import { guideCard } from '../test-fixtures'
import { failure, fakeServer, json, renderRoutes } from '../test-server'
import { saveSession } from './auth-store'
import { LOCAL_SAVED_KEYS, getLocalSaved, toggleLocalSaved } from './local-saved'
import { useMergeLocalSaved } from './saved-lists'

const card = guideCard('g1')
const lists = (guides: unknown[] = [], destinations: unknown[] = []) => json({ status: 'success', data: { guides, destinations } })

function Page() {
  useMergeLocalSaved()
  return <GuideCard guide={card} />
}
const routes = [{ path: '/', element: <Page /> }]

describe('saved lists', () => {
  beforeEach(() => vi.unstubAllGlobals())

  it('keeps a visitor’s heart in this browser and asks nothing', async () => {
    const calls = fakeServer(() => undefined)
    renderRoutes(routes, '/')
    const heart = screen.getByRole('button', { name: 'Favourite Pemba Sherpa g1' })
    await userEvent.click(heart)
    expect(heart).toHaveAttribute('aria-pressed', 'true')
    expect([...getLocalSaved('guide')]).toEqual(['g1'])
    expect(calls).toHaveLength(0)
  })

  it('signed in, shows the heart pressed at once and keeps the server’s answer', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    let answer: (r: Response) => void = () => {}
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.url.pathname === '/api/v1/favourites') return lists()
      if (call.method === 'PUT' && call.url.pathname === '/api/v1/favourites/guides/g1') return new Promise<Response>((resolve) => (answer = resolve))
      return undefined
    })
    renderRoutes(routes, '/')
    const heart = screen.getByRole('button', { name: 'Favourite Pemba Sherpa g1' })
    await waitFor(() => expect(calls.some((c) => c.method === 'GET')).toBe(true))
    await userEvent.click(heart)
    expect(heart).toHaveAttribute('aria-pressed', 'true')
    answer(lists([card]))
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(heart).toHaveAttribute('aria-pressed', 'true')
    expect(getLocalSaved('guide').size).toBe(0)
  })

  it('signed in, puts the heart back when the server refuses', async () => {
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    fakeServer((call) => {
      if (call.method === 'GET') return lists()
      if (call.method === 'PUT') return failure(404, 'Guide not found')
      return undefined
    })
    renderRoutes(routes, '/')
    const heart = screen.getByRole('button', { name: 'Favourite Pemba Sherpa g1' })
    await userEvent.click(heart)
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'))
  })

  it('moves a visitor’s favourites into the account on sign-in, then forgets them here', async () => {
    toggleLocalSaved('g1', 'guide')
    toggleLocalSaved('phewa', 'destination')
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    const calls = fakeServer((call) => {
      if (call.method === 'GET') return lists()
      if (call.method === 'PUT' && call.url.pathname.endsWith('/guides/g1')) return lists([card])
      if (call.method === 'PUT' && call.url.pathname.endsWith('/destinations/phewa')) return failure(404, 'Destination not found')
      return undefined
    })
    renderRoutes(routes, '/')
    await waitFor(() => expect(localStorage.getItem(LOCAL_SAVED_KEYS.guide)).toBeNull())
    expect(localStorage.getItem(LOCAL_SAVED_KEYS.destination)).toBeNull()
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname)).toEqual(['/api/v1/favourites/guides/g1', '/api/v1/favourites/destinations/phewa'])
    expect(screen.getByRole('button', { name: 'Favourite Pemba Sherpa g1' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('keeps them for the next sign-in when the server cannot be reached', async () => {
    toggleLocalSaved('g1', 'guide')
    saveSession({ token: 't', refreshToken: 'r', role: 'tourist' })
    fakeServer((call) => (call.method === 'GET' ? lists() : failure(503, 'Down')))
    renderRoutes(routes, '/')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favourite Pemba Sherpa g1' })).toBeInTheDocument())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect([...getLocalSaved('guide')]).toEqual(['g1'])
  })
})
