import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { wakeBackend } from './lib/api-client'
import { notifyLanguageChange, readLanguageChoice } from './i18n/language'
import { ensureNepaliIntl } from './lib/nepali-intl'
import { loadTexts, SHELL_NAMESPACES } from './i18n/messages'
// Nepali for devices without a Devanagari font: each face's unicode-range means browsers fetch
// it only when Devanagari is on the page (and only the weights the page uses).
import '@fontsource/noto-sans-devanagari/400.css'
import '@fontsource/noto-sans-devanagari/600.css'
import '@fontsource/noto-sans-devanagari/700.css'
import './index.css'

void wakeBackend()

// The offline copy is set up once the page has loaded, off the first paint's path; dev
// servers have no built service worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./lib/offline/register-service-worker').then((m) => m.registerServiceWorker()))
}

// A Nepali reader's texts (and, where the browser lacks them, Nepali date and number formats)
// are fetched before the first paint, so the page never flashes English.
void Promise.all([loadTexts(SHELL_NAMESPACES), ensureNepaliIntl(readLanguageChoice())]).then(() => {
  notifyLanguageChange()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
