// Starts the app on a page whose first paint the server drew into the HTML (server `web.rs`,
// `drawn`): the app's code is fetched once the page has loaded (its pictures above the fold
// included) and painted, so on a slow connection it never shares the bandwidth with what
// the reader is waiting to see. The server names the app's entry and the modules it imports.
const script = document.querySelector('script[data-app]')

function start() {
  for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
  // Without its code (the connection dropped), the page is still a page: its links work.
  import(script.dataset.app).catch(() => document.getElementById('root')?.removeAttribute('inert'))
}

// Once the page has painted its content: observed where the browser reports paints, else a frame later.
function whenPainted(then) {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0
  if (painted()) return then()
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(then))
  const observer = new PerformanceObserver(() => {
    if (!painted()) return
    observer.disconnect()
    then()
  })
  observer.observe({ type: 'paint', buffered: true })
}

if (document.readyState === 'complete') whenPainted(start)
else window.addEventListener('load', () => whenPainted(start), { once: true })
