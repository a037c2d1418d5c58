import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import { CacheProvider } from './lib/cache-provider'
import { ClientCache } from './lib/client-cache'

export type Call = { method: string; url: URL; body: unknown; headers: Headers }

/** A JSON answer as the server sends it. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The server's error shape. */
export const failure = (status: number, message: string) => json({ status: 'error', message }, status)

/**
 * Stands in for the server, the outside boundary of the client: every fetch is recorded
 * and answered by `answer` (a 404 when it returns nothing).
 */
export function fakeServer(answer: (call: Call) => Response | Promise<Response> | undefined) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      const text = request.method === 'GET' ? '' : await request.clone().text()
      let body: unknown = text
      if (request.headers.get('Content-Type')?.startsWith('multipart/')) body = await request.formData()
      else if (text !== '') body = JSON.parse(text)
      const call = { method: request.method, url: new URL(request.url), body, headers: request.headers }
      calls.push(call)
      return (await answer(call)) ?? failure(404, 'Not found')
    }),
  )
  return calls
}

/** Renders `routes` at `path` inside a fresh client cache, as the app does. */
export function renderRoutes(routes: RouteObject[], path: string, cache = new ClientCache()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <CacheProvider cache={cache}>
      <RouterProvider router={router} />
    </CacheProvider>,
  )
  return { router, cache, ...view }
}
