/** Set to 'on' by a browser journey that tests the worker (e2e/offline.spec.ts). */
export const E2E_SERVICE_WORKER_KEY = 'yatra.e2e.serviceWorker'

/**
 * Registers the service worker (built by vite-plugin-pwa into /sw.js) that keeps the app
 * shell and public pages for use with no signal. It installs a new version on its own and
 * that version serves the next load (see vite.config.ts), so no prompt is needed here.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  // Browser journeys run many short sessions on a busy machine, each of which would download
  // the whole precache; only the offline journey asks for the worker.
  if (navigator.webdriver && localStorage.getItem(E2E_SERVICE_WORKER_KEY) !== 'on') return
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
    // Without it the site still works online; only the offline copy is missing.
    console.error('Service worker registration failed', err)
  })
}
