import { expect, test, type Page } from './test'
import { ADMIN, TRAVELLER } from './discovery-data'
import { expectAccessible, signIn } from './helpers'

// A demo guide with trips, reviews and messages (README, "Demo accounts").
const GUIDE = { email: 'sunita.maharjan@guides.demo.yatra.np', password: TRAVELLER.password }

async function visitAll(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path)
    await expect(page.locator('main')).toBeVisible()
    await expectAccessible(page, path)
  }
}

/** The first link on `listPath` whose address starts with `prefix`: a real guide, destination or post. */
async function firstLink(page: Page, listPath: string, prefix: string): Promise<string> {
  await page.goto(listPath)
  const link = page.locator(`main a[href^="${prefix}"]`).first()
  await expect(link).toBeVisible()
  return (await link.getAttribute('href')) ?? listPath
}

test.describe('no serious or critical axe findings', () => {
  test.setTimeout(180_000)

  test('as a visitor', async ({ page }) => {
    const guide = await firstLink(page, '/guides', '/guides/')
    const destination = await firstLink(page, '/destinations', '/destination/')
    const blog = await firstLink(page, '/blogs', '/blog/')
    await visitAll(page, [
      '/',
      '/guides',
      guide,
      '/destinations',
      destination,
      '/blogs',
      blog,
      '/search?q=trek',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/verify-email',
      '/selection',
      '/cancel',
      '/no/such/trail',
    ])
  })

  test('as a traveller', async ({ page }) => {
    await signIn(page, TRAVELLER.email, TRAVELLER.password)
    await visitAll(page, ['/dashboard', '/tourist/profile', '/touristform', '/messages', '/notification', '/blog/dashboard', '/blog/create', '/success', '/saved'])
  })

  test('as a guide', async ({ page }) => {
    await signIn(page, GUIDE.email, GUIDE.password)
    await visitAll(page, ['/guideDash', '/request', '/guide/profile', '/guideform', '/kycform', '/messages', '/notification', '/blog/dashboard'])
  })

  test('as an admin', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password)
    await visitAll(page, ['/admin'])
  })
})
