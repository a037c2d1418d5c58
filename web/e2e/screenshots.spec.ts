import { expect, test, type Page } from './test'

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
]

const shot = (page: Page, name: string, viewport: string) => page.screenshot({ path: `e2e/screenshots/${viewport}-${name}.png`, fullPage: true })

for (const vp of viewports) {
  test.describe(`screenshots at ${vp.width}x${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } })

    test('pages', async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, 'home', vp.name)

      await page.goto('/login')
      await shot(page, 'login', vp.name)

      await page.goto('/signup')
      await page.getByLabel('First name').fill('Asha')
      await page.getByLabel('Last name').fill('Gurung')
      await shot(page, 'signup-step-1', vp.name)
      await page.getByLabel('Email address').fill('asha@example.com')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByLabel('Password', { exact: true }).fill('namaste1')
      await shot(page, 'signup-step-2', vp.name)

      await page.goto('/selection')
      await page.getByRole('button', { name: /Join as a Traveller/ }).click()
      await shot(page, 'selection', vp.name)

      await page.goto('/no/such/trail')
      await shot(page, 'not-found', vp.name)

      // The discovery pages (guides, destinations, search) are shot by discovery.spec.ts, the blog pages by blogs.spec.ts.

      await page.goto('/')
      await page.getByRole('button', { name: 'Emergency contacts' }).click()
      await expect(page.getByRole('dialog', { name: 'Emergency Contacts' })).toBeVisible()
      await page.screenshot({ path: `e2e/screenshots/${vp.name}-emergency.png` })

      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Open Tourist Buddy' }).click()
      await page.screenshot({ path: `e2e/screenshots/${vp.name}-tourist-buddy.png` })
    })
  })
}

test('screenshot of the open phone menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.screenshot({ path: 'e2e/screenshots/phone-menu.png' })
})
