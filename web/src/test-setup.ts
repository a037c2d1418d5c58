import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import { loadTexts } from './i18n/messages'
import { RETRY_DELAY_MS } from './lib/shared-reads'

// A read that fails with a network error or a 5xx is tried once more after a pause before
// its error shows: screens waiting for that error wait past the pause.
configure({ asyncUtilTimeout: RETRY_DELAY_MS + 1500 })

// Pages ask the router for their feature's texts; a test renders a page without the router,
// so every English namespace is there from the start (tests that read Nepali load it themselves).
const namespaces = Object.keys(import.meta.glob('./i18n/locales/en/*.json')).map((path) => path.replace(/^.*\/|\.json$/g, ''))
beforeAll(() => loadTexts(namespaces, 'en'))

afterEach(() => {
  cleanup()
  localStorage.clear()
})

// jsdom has <dialog> but not its modal methods; ModalDialog needs them.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true
}
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false
}
