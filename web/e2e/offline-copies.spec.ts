import { expect, test, type Locator, type Page } from './test'
import { guidesOnMap, logIn, shootBoth, signUp, uniqueEmail, verifyEmail } from './helpers'

// Issue 26: with no signal, /guides and /messages show the copies last seen, marked as such,
// instead of "Failed to load"; and the guides map shows every match, not one page of cards.

const DEMO_PASSWORD = 'namaste-yatra'
const GUIDE = { email: 'guide@demo.yatra.np', firstName: 'Pemba' }
const QUESTION = 'Namaste! Is the Poon Hill trail open in December?'

test('with no signal, /guides and /messages show the copies last seen, marked, and sending is disabled', async ({ page, context, request }) => {
  test.setTimeout(180_000)
  // Other journeys run without the service worker (see register-service-worker.ts); this one needs it.
  await context.addInitScript(() => localStorage.setItem('yatra.e2e.serviceWorker', 'on'))
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await logIn(page, email)

  // A conversation with the demo guide, started through the API.
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const login = await request.post('/api/v1/auth/login', { data: { email: GUIDE.email, password: DEMO_PASSWORD } })
  const guideToken = ((await login.json()) as { token: string }).token
  const profile = await request.get('/api/v1/guides/guide-profile', { headers: { Authorization: `Bearer ${guideToken}` } })
  const guideId = ((await profile.json()) as { data: { _id: string } }).data._id
  const started = await request.post('/api/v1/conversations', { headers: { Authorization: `Bearer ${token}` }, data: { guideId, text: QUESTION } })
  expect(started.ok(), await started.text()).toBe(true)

  // Online: the guides list, the conversations and the one opened are seen (and kept).
  await page.goto('/guides')
  const guides = page.getByRole('list', { name: 'Guides' }).getByRole('article')
  await expect(guides.first()).toBeVisible()
  const firstGuide = await guides.first().getAttribute('aria-label')
  await page.goto('/messages')
  const conversation = page.getByRole('link', { name: new RegExp(GUIDE.firstName) })
  await conversation.click()
  await expect(page.getByRole('log').getByText(QUESTION)).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  // No network: each page shows its copy, said to be one, and from when.
  await context.setOffline(true)
  await page.goto('/guides')
  await expect(page.getByText(/^Offline copy from /)).toBeVisible()
  await expect(page.getByText('These are the guides as you last saw them.', { exact: false })).toBeVisible()
  await expect(guides.first()).toHaveAttribute('aria-label', firstGuide!)
  await expect(page.getByText('Failed to load', { exact: false })).toHaveCount(0)
  await shootBoth(page, 'offline-guides')

  await page.goto('/messages')
  await expect(page.getByText(/^Offline copy from /)).toBeVisible()
  await expect(page.getByText('Sending messages needs a connection.', { exact: false })).toBeVisible()
  await expect(page.getByText('Failed to load', { exact: false })).toHaveCount(0)
  await shootBoth(page, 'offline-messages')

  await conversation.click()
  await expect(page.getByText(/^Offline copy from /)).toBeVisible()
  await expect(page.getByRole('log').getByText(QUESTION)).toBeVisible()
  await expect(page.getByText('You are offline: sending needs a connection.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Message/ })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()
  await shootBoth(page, 'offline-conversation')
  await context.setOffline(false)
})

/** The tiles come from openstreetmap.org, which these tests cannot reach: refuse them, as a blocked network would. */
async function withoutTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
}

async function expectEveryMatchOnMap(map: Locator, count: Locator, total: number) {
  await expect(count).toHaveAttribute('data-total', String(total))
  await expect.poll(async () => guidesOnMap(map)).toBe(Number(await count.getAttribute('data-shown')))
}

test('the guides map counts every match, clustered, not only the page of cards loaded', async ({ page, request }) => {
  await withoutTiles(page)
  const all = (await (await request.get('/api/v1/users/guides?limit=1')).json()) as { total: number }
  expect(all.total, 'the demo seed has more guides than a page').toBeGreaterThan(10)

  await page.goto('/guides?view=map')
  const map = page.getByTestId('guide-map')
  const count = page.getByTestId('guide-map-count')
  await expect(page.getByRole('status').filter({ hasText: /guides?$/ })).toHaveText(`${all.total} guides`)
  await expectEveryMatchOnMap(map, count, all.total)
  await expect(count).toContainText(`${all.total} guides found`)
  await expect(map.locator('.guide-cluster').first()).toBeVisible()
  await shootBoth(page, 'guides-map-clusters')

  // A cluster opens into its guides (or lists those at one spot).
  const clustered = await guidesOnMap(map)
  await map.locator('.guide-cluster').first().click()
  await expect.poll(() => map.locator('path.guide-marker, .guide-cluster').count()).toBeGreaterThan(0)
  expect(clustered).toBeGreaterThan(0)

  // A search's map is the search's total too.
  const pokhara = (await (await request.get('/api/v1/users/search?query=Pokhara&limit=1')).json()) as { total: number }
  await page.goto('/search?q=Pokhara&view=map')
  await expectEveryMatchOnMap(page.getByTestId('guide-map'), page.getByTestId('guide-map-count'), pokhara.total)
  await shootBoth(page, 'search-map-clusters')
})
