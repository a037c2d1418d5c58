/// <reference types="node" />
/**
 * The first-paint renderer: a Node process the Rust server starts and talks to over stdin
 * and stdout, one JSON request and one JSON answer per line (`{id, path, language, data}` →
 * `{id, html, cache}` or `{id, error}`). Built by `vite build --ssr` into dist/.server/.
 *
 * The app's modules expect a browser; before they load, the few globals they read are given
 * server values: an empty local storage (a signed-out reader), and a page origin.
 */
import { createInterface } from 'node:readline'

class MemoryStorage {
  private items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value))
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  clear() {
    this.items.clear()
  }
}

const quiet = () => {}
Object.assign(globalThis, {
  window: globalThis,
  location: new URL('http://yatra.invalid/'),
  localStorage: new MemoryStorage(),
  sessionStorage: new MemoryStorage(),
  addEventListener: quiet,
  removeEventListener: quiet,
  dispatchEvent: () => true,
})
// Stdout carries the answers; anything the app logs goes to stderr, the server's log.
console.log = console.info = console.debug = console.error

const { render } = await import('./first-paint/render')

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
// One render at a time: a render sets the process-wide language and storage.
for await (const line of lines) {
  if (!line.trim()) continue
  let id: unknown = null
  try {
    const request = JSON.parse(line)
    id = request.id
    const rendered = await render(request)
    process.stdout.write(`${JSON.stringify({ id, ...(rendered ?? { html: null, cache: [] }) })}\n`)
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ id, error: String((error as Error)?.stack ?? error) })}\n`)
  }
}
