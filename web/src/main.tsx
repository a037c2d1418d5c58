import { startTransition, StrictMode, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { createAppRouter } from './app/router'
import { wakeBackend } from './lib/api-client'
import { rememberSignInForServer } from './lib/auth-store'
import { notifyLanguageChange, readLanguageChoice, readyToDraw } from './i18n/language'
import { layOutAgainWhenFacesArrive } from './lib/nepali-fonts'
import { loadTexts, SHELL_NAMESPACES } from './i18n/messages'
import type { SeededEntry } from './lib/client-cache'
// Nepali for devices without a Devanagari font: the faces come last in the font stack
// (index.css), so a browser fetches one only for Devanagari text that no system font draws;
// a Nepali reader's are all loaded before the first render (nepali-fonts.ts). One face per weight the app writes with (font-normal,
// -medium, -semibold, -bold), so medium text is not drawn from the regular face; only the
// Devanagari subset (about 52 KB each), as Latin text has the system's fonts.
import '@fontsource/noto-sans-devanagari/devanagari-400.css'
import '@fontsource/noto-sans-devanagari/devanagari-500.css'
import '@fontsource/noto-sans-devanagari/devanagari-600.css'
import '@fontsource/noto-sans-devanagari/devanagari-700.css'
import './index.css'

// A page the server drew came from an awake server: only a page from elsewhere (a static
// host, the offline copy) wakes it.
if (!document.getElementById('root')?.firstElementChild) void wakeBackend()
rememberSignInForServer()

// The offline copy is set up once the page has loaded, off the first paint's path; dev
// servers have no built service worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./lib/offline/register-service-worker').then((m) => m.registerServiceWorker())
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register)
}

/** The answers the server drew this page's first paint with (`first-paint/render.tsx`), taken once. */
function readSeed(): SeededEntry[] {
  const element = document.getElementById('page-cache')
  element?.remove()
  try {
    const entries: unknown = JSON.parse(element?.textContent || '[]')
    return Array.isArray(entries) ? (entries as SeededEntry[]) : []
  } catch {
    return []
  }
}

/** Resolves once the router has the landing route's code: rendering before would draw nothing over the first paint. */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}

/** Lets the reader use the page once the app runs it (the server's first paint is inert until then). */
function Live({ children }: { children: ReactNode }) {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), [])
  return children
}

/** Ends the current task, so the browser can handle input between the steps of starting up. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

// A Nepali reader's texts (and, where the browser lacks them, Nepali date and number formats)
// are fetched before the first render, so the page never flashes English, and the Devanagari
// faces too, so no text is laid out before its face is in (nepali-fonts.ts).
const seed = readSeed()
layOutAgainWhenFacesArrive()
void (async () => {
  await Promise.all([loadTexts(SHELL_NAMESPACES), readyToDraw(readLanguageChoice()), nextTask()])
  const router = createAppRouter()
  await Promise.all([routerReady(router), nextTask()])
  notifyLanguageChange()
  const root = document.getElementById('root')!
  const app = (
    <StrictMode>
      <Live>
        <App router={router} seed={seed} />
      </Live>
    </StrictMode>
  )
  if (!root.firstElementChild) {
    createRoot(root).render(app)
    return
  }
  // The server drew this page (first-paint/render.tsx): the app takes over its markup instead
  // of drawing it again, in a transition so the work yields to the browser every few
  // milliseconds. Markup that differs (a date in another time zone) is drawn again by React.
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('The first paint was drawn again:', error),
    })
  })
})()
