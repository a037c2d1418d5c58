/**
 * The API answer the server put into this page's HTML (`<script type="application/json"
 * id="page-data" data-url="/api/...">`, see the server's `web::first_paint`), so the page
 * paints without a request after the code has run. It answers the first anonymous GET of
 * exactly that URL, once; every later request goes to the server as usual.
 */
let pending: { url: string; body: string } | null = readPageData()

function readPageData(): { url: string; body: string } | null {
  if (typeof document === 'undefined') return null
  const element = document.getElementById('page-data')
  const url = element?.getAttribute('data-url')
  if (!element || !url || !element.textContent) return null
  element.remove()
  return { url, body: element.textContent }
}

/** The inlined answer for `request`, taken (so a reload asks the server), or null. */
export function takePageData(request: Request): Response | null {
  if (!pending || request.method !== 'GET' || request.headers.has('Authorization')) return null
  const url = new URL(request.url)
  if (url.origin !== window.location.origin || `${url.pathname}${url.search}` !== pending.url) return null
  const { body } = pending
  pending = null
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })
}

/** Tests: the HTML as if the server had inlined `body` for `url`. */
export function setPageDataForTest(data: { url: string; body: string } | null) {
  pending = data
}
