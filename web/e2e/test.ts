import { test as base, type Page } from '@playwright/test'

export * from '@playwright/test'

/**
 * Resolves once the app runs the page: a page the server drew arrives inert until the app
 * has taken it over (server `web.rs`, `drawn`), a few hundred milliseconds after it shows.
 * A click waits for that by itself (an inert element takes no pointer events); typing,
 * focusing, scrolling and reading what the app changes do not.
 */
export async function untilLive(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[inert]'))
}

/** Playwright's `test`, whose page waits for the app after every `goto` and `reload`. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (...args) => {
      const response = await goto(...args)
      await untilLive(page)
      return response
    }
    page.reload = async (...args) => {
      const response = await reload(...args)
      await untilLive(page)
      return response
    }
    await use(page)
  },
})
