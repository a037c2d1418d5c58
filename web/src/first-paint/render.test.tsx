import { act, StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
// RouterProvider from 'react-router', as the other page tests use: under vitest, 'react-router/dom'
// (the app's) resolves to another copy of the router whose context the pages do not see.
import { createBrowserRouter, RouterProvider } from 'react-router'
import { screen } from '@testing-library/react'
import { routes } from '../app/router'
import { CacheProvider } from '../lib/cache-provider'
import { destination, publicGuide } from '../test-fixtures'
import { render } from './render'
import englishDestinations from '../i18n/locales/en/destinations.json'
import nepaliDestinations from '../i18n/locales/ne/destinations.json'

const GUIDE_URL = '/api/v1/users/guide/g1'
const guideAnswer = JSON.stringify({ status: 'success', data: publicGuide('g1', { pricePerDay: 85 }), message: 'Guide found' })

// Hydrated roots keep React's scheduler busy (the pages' reads settle later): unmounted
// after each test, or their work runs after the file's window is gone.
const hydrated: Root[] = []

afterEach(() => {
  act(() => hydrated.splice(0).forEach((root) => root.unmount()))
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

/** What the browser does with a drawn page: the markup in #root, then the app hydrates it with the answers. */
async function hydrate(path: string, drawn: NonNullable<Awaited<ReturnType<typeof render>>>) {
  window.history.replaceState(null, '', path)
  const root = document.createElement('div')
  root.id = 'root'
  root.innerHTML = drawn.html
  document.body.append(root)
  const markup = root.innerHTML
  const router = createBrowserRouter(routes)
  await vi.waitFor(() => expect(router.state.initialized).toBe(true))
  const mismatches: unknown[] = []
  await act(async () => {
    hydrated.push(
      hydrateRoot(
        root,
        <StrictMode>
          <CacheProvider seed={drawn.cache}>
            <RouterProvider router={router} />
          </CacheProvider>
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      ),
    )
  })
  return { root, markup, mismatches }
}

describe('a page drawn on the server', () => {
  it('shows the guide from the one answer it was given, and hands that answer to the browser cache', async () => {
    const drawn = await render({ path: '/guides/g1', language: 'en', data: { url: GUIDE_URL, body: guideAnswer } })
    expect(drawn).not.toBeNull()
    const page = document.createElement('div')
    page.innerHTML = drawn!.html
    expect(page.querySelector('h1')?.textContent).toBe('Pemba Sherpa')
    expect(page.textContent).toContain('$85.00')
    // The reviews were not in the answer: drawn loading, as the browser draws them until they come.
    expect(drawn!.cache.map(([key]) => key)).toEqual(['guide:g1'])
  })

  it('is taken over by the app without being drawn again', async () => {
    const drawn = await render({ path: '/guides/g1', language: 'en', data: { url: GUIDE_URL, body: guideAnswer } })
    const { root, markup, mismatches } = await hydrate('/guides/g1', drawn!)
    expect(mismatches).toEqual([])
    expect(screen.getByRole('heading', { level: 1, name: 'Pemba Sherpa' })).toBeInTheDocument()
    expect(root.innerHTML.length).toBeGreaterThan(markup.length / 2)
  })

  it('speaks Nepali when the reader chose it, even on a page drawn in English before, and the app takes it over in Nepali', async () => {
    const body = JSON.stringify({ status: 'success', destination: destination('d1', { name: 'Everest Base Camp' }) })
    const data = { url: '/api/v1/users/destination/d1', body }
    const english = await render({ path: '/destination/d1', language: 'en', data })
    const drawn = await render({ path: '/destination/d1', language: 'ne', data })
    expect(drawn!.html).toContain('Everest Base Camp')
    // The navigation bar's link to the guides, and every text of the page's own namespace, in Nepali.
    expect(drawn!.html).toMatch(/गाइड/)
    const shown = Object.entries(englishDestinations).filter(
      ([key, text]) => /^[^{}<]+$/.test(text) && english!.html.includes(text) && text !== nepaliDestinations[key as keyof typeof nepaliDestinations],
    )
    expect(shown.length).toBeGreaterThan(0)
    for (const [key, text] of shown) expect(drawn!.html, key).not.toContain(text)
    localStorage.setItem('yatra.language', 'ne')
    const { mismatches } = await hydrate('/destination/d1', drawn!)
    expect(mismatches).toEqual([])
  })

  it('draws what it could not load as loading', async () => {
    const drawn = await render({ path: '/guides/g1', language: 'en', data: null })
    expect(drawn!.cache).toEqual([])
    expect(drawn!.html).not.toContain('Pemba Sherpa')
    expect(drawn!.html).toContain('Loading guide...')
  })
})
