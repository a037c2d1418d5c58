/**
 * The first paint of a page travellers land on, rendered on the server (the Node worker in
 * entry-server.ts, run by the Rust server's `first_paint` module) from the same routes and
 * components the browser runs, for a signed-out reader in their language. The page's reads
 * are answered from the one API answer the server hands over; the answers go back with
 * the HTML, so the browser's cache starts with them (`seedCache`) and the app's first
 * render draws exactly this markup again.
 */
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { routes } from '../app/router'
import { loadTexts, loadTextsInUse, SHELL_NAMESPACES, textsArriving } from '../i18n/messages'
import { isLanguageChoice, LANGUAGE_STORAGE_KEY, notifyLanguageChange, type LanguageChoice } from '../i18n/language'
import { CacheProvider } from '../lib/cache-provider'
import { ClientCache, type SeededEntry } from '../lib/client-cache'
import { ServerReads, type ServerRead } from '../lib/shared-reads'

export type RenderRequest = {
  /** The page's path (the server draws no page with a query). */
  path: string
  language: LanguageChoice
  /** The API answer the page's HTML carries: the URL the client asks for, and the body. */
  data?: { url: string; body: string } | null
}

export type Rendered = { html: string; cache: SeededEntry[] } | null

const ORIGIN = 'http://yatra.invalid'
const handler = createStaticHandler(routes)
// A read that asked for more pages after the first render (a guide's reviews once the guide
// is known) gets another render; this many at most.
const MOST_RENDERS = 4

/** The page's markup and the answers it was drawn with, or null when the route redirects. */
export async function render({ path, language, data }: RenderRequest): Promise<Rendered> {
  localStorage.clear()
  localStorage.setItem(LANGUAGE_STORAGE_KEY, isLanguageChoice(language) ? language : 'en')
  notifyLanguageChange()
  globalThis.fetch = answerFrom(data ?? null)

  const context = await handler.query(new Request(`${ORIGIN}${path}`))
  if (context instanceof Response) return null
  // A route's texts come with its code, once, in the language of the render that first loaded
  // it: every namespace loaded so far is fetched in this render's language too.
  await Promise.all([loadTexts(SHELL_NAMESPACES), loadTextsInUse()])
  const router = createStaticRouter(handler.dataRoutes, context)
  const cache = new ClientCache()
  const seeded: SeededEntry[] = []
  const asked = new Set<string>()

  let html = ''
  for (let pass = 0; pass < MOST_RENDERS; pass++) {
    const reads: ServerRead[] = []
    html = renderToString(
      <ServerReads value={(read) => reads.push(read)}>
        <CacheProvider cache={cache}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </CacheProvider>
      </ServerReads>,
    )
    const fresh = reads.filter((read) => !asked.has(read.key) && asked.add(read.key))
    // Texts a component asked for while rendering (shown blank meanwhile) also call for another render.
    const texts = textsArriving()
    if (fresh.length === 0 && !texts) break
    await Promise.all([
      texts,
      ...fresh.map(async ({ key, load, options }) => {
        const result = await load(new AbortController().signal)
        if (!result.ok) return
        cache.set(key, result.data, options)
        seeded.push([key, result.data, options])
      }),
    ])
  }
  return { html, cache: seeded }
}

/**
 * The server render's network: the one answer the server gave, for exactly its URL; any
 * other read fails at once and the page shows it loading, as the browser will until it asks.
 */
function answerFrom(data: { url: string; body: string } | null): typeof fetch {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN)
    if (data && `${url.pathname}${url.search}` === data.url) {
      return new Response(data.body, { status: 200, headers: { 'Content-Type': 'application/json' } })
    }
    throw new TypeError('No network in a server render')
  }
}
