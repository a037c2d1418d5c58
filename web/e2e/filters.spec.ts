import { expect, test, type APIRequestContext, type Page } from './test'
import { expectAccessible, guidesOnMap } from './helpers'

// Issue 16's journey: Pokhara trekking guides who speak French, under $60, free on a chosen
// day, cheapest first; how many, and where they are on a map. The demo seed has Rita Gurung
// and Sanjay Poudel (and more may match, as the seed grows): the counts come from the API.

type Card = { _id: string; firstName: string; lastName: string; pricePerDay: number | null; location: { latitude: number } | null }
type Found = { guides: Card[]; total: number }

/** A day a month and a half ahead (so no demo trip or blocked day is near), `YYYY-MM-DD`. */
function aDayAhead(): string {
  const day = new Date(Date.now() + 45 * 24 * 3600 * 1000)
  return day.toISOString().slice(0, 10)
}

async function search(request: APIRequestContext, query: string): Promise<Found> {
  const response = await request.get(`/api/v1/users/search?${query}`)
  expect(response.ok(), query).toBe(true)
  return (await response.json()) as Found
}

/** The tiles come from openstreetmap.org, which these tests cannot reach: refuse them, as a blocked network would. */
async function withoutTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
}

async function shot(page: Page, name: string, width: number, height: number) {
  await page.setViewportSize({ width, height })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `e2e/screenshots/${width > 600 ? 'desktop' : 'phone'}-${name}.png`, fullPage: true })
}

test('filter Pokhara trekking guides who speak French, under $60, free on a day, cheapest first, then see them on a map', async ({ page, request }) => {
  const day = aDayAhead()
  const query = `query=Pokhara&category=trekking&language=French&maxPrice=60&availableOn=${day}&sort=price_asc&limit=50`
  const expected = await search(request, query)
  expect(expected.total, 'the demo seed has at least two such guides').toBeGreaterThanOrEqual(2)
  const expectedNames = expected.guides.map((g) => `${g.firstName} ${g.lastName}`)
  await withoutTiles(page)

  await page.goto('/search?q=Pokhara')
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "Pokhara"' })).toBeVisible()
  const filters = page.getByRole('group', { name: 'Filters' })
  await filters.getByLabel('Category').selectOption('trekking')
  await filters.getByLabel('Language').selectOption('French')
  const maxPrice = filters.getByRole('spinbutton', { name: 'Highest price per day' })
  await maxPrice.fill('60')
  await maxPrice.press('Enter')
  await filters.getByLabel('Free on').fill(day)
  await page.getByLabel('Sort by').selectOption('price_asc')

  await expect(page).toHaveURL(`/search?q=Pokhara&category=trekking&language=French&maxPrice=60&date=${day}&sort=price_asc`)
  const status = page.getByRole('status').filter({ hasText: /guides?$/ })
  await expect(status).toHaveText(`${expected.total} guides`)
  const cards = page.getByRole('region', { name: 'Guides' }).getByRole('article')
  await expect(cards).toHaveCount(expected.total)
  await expect.poll(() => cards.evaluateAll((all) => all.map((card) => card.getAttribute('aria-label')))).toEqual(expectedNames)
  const prices = expected.guides.map((g) => g.pricePerDay ?? Infinity)
  expect([...prices].sort((a, b) => a - b)).toEqual(prices)
  await expectAccessible(page, 'filtered search')

  // The map: every guide with a location, alone or in a cluster, though no tile can load.
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await expect(page).toHaveURL(/&view=map$/)
  const map = page.getByTestId('guide-map')
  await expect(map).toBeVisible()
  const located = expected.guides.filter((g) => g.location != null).length
  await expect.poll(() => guidesOnMap(map)).toBe(located)
  // Guides based at one spot stay one cluster, which lists them.
  const popupLink = map.locator('.leaflet-popup a').first()
  for (let tries = 0; tries < 6 && (await popupLink.count()) === 0; tries++) {
    await map.locator('.guide-cluster, path.guide-marker').last().click()
    // A cluster of guides at several spots flies in instead.
    await page.waitForTimeout(700)
  }
  await expect(popupLink).toHaveText(new RegExp(`^(${expectedNames.join('|')})$`))
  await expect(cards).toHaveCount(expected.total)
  await shot(page, 'filters-map', 1280, 800)

  // Shared or reloaded, the search is the same.
  await page.reload()
  await expect(status).toHaveText(`${expected.total} guides`)
  await expect(page.getByRole('group', { name: 'Filters' }).getByLabel('Language')).toHaveValue('French')
  await expect.poll(() => guidesOnMap(page.getByTestId('guide-map'))).toBe(located)

  // Back to the list.
  await page.getByRole('button', { name: 'List', exact: true }).click()
  await expect(page.getByTestId('guide-map')).toHaveCount(0)
  await shot(page, 'filters-search', 1280, 800)
})

test('on a phone the filters open in a dialog and apply on Show results', async ({ page, request }) => {
  await withoutTiles(page)
  await page.setViewportSize({ width: 390, height: 844 })
  const all = await search(request, 'query=Pokhara&limit=1')
  const french = await search(request, 'query=Pokhara&language=French&limit=1')

  await page.goto('/search?q=Pokhara')
  const status = page.getByRole('status').filter({ hasText: /guides?$/ })
  await expect(status).toHaveText(`${all.total} guides`)
  await expect(page.getByRole('group', { name: 'Filters' })).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Filters' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Language').selectOption('French')
  await shot(page, 'filters-sheet', 390, 844)
  await dialog.getByRole('button', { name: 'Show results' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL('/search?q=Pokhara&language=French')
  await expect(status).toHaveText(`${french.total} guides`)
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
  await shot(page, 'filters-search', 390, 844)
})

test('/guides: the same seven categories as the landing page, filters in the URL, and the map', async ({ page, request }) => {
  await withoutTiles(page)
  const labels = ['All', 'Trekking', 'Cultural Tours', 'Adventure', 'Wildlife', 'Food', 'Historical', 'Nature']
  await page.goto('/')
  await expect(page.getByRole('group', { name: 'Guide categories' }).getByRole('button')).toHaveText(labels)

  const cheap = await (await request.get('/api/v1/users/guides?category=trekking&maxPrice=50&sort=price_desc')).json()
  await page.goto('/guides')
  const chips = page.getByRole('group', { name: 'Guide categories' })
  await expect(chips.getByRole('button')).toHaveText(labels)
  await chips.getByRole('button', { name: 'Trekking' }).click()
  const maxPrice = page.getByRole('group', { name: 'Filters' }).getByRole('spinbutton', { name: 'Highest price per day' })
  await maxPrice.fill('50')
  await maxPrice.press('Tab')
  await page.getByLabel('Sort by').selectOption('price_desc')
  await expect(page).toHaveURL('/guides?category=trekking&maxPrice=50&sort=price_desc')
  await expect(page.getByRole('status').filter({ hasText: /guides?$/ })).toHaveText(`${cheap.total} guides`)
  const first = cheap.guides[0] as Card
  await expect(page.getByRole('list', { name: 'Guides' }).getByRole('article').first()).toHaveAttribute('aria-label', `${first.firstName} ${first.lastName}`)
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  // Every match is counted: the map's total is the list's.
  const count = page.getByTestId('guide-map-count')
  await expect(count).toHaveAttribute('data-total', String(cheap.total))
  await expect.poll(async () => guidesOnMap(page.getByTestId('guide-map'))).toBe(Number(await count.getAttribute('data-shown')))
  await shot(page, 'filters-guides', 1280, 800)
  await shot(page, 'filters-guides', 390, 844)
})
