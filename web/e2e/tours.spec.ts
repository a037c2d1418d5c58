import { expect, test, type APIRequestContext, type Page } from './test'
import { PASSWORD, signIn, signUp, uniqueEmail, verifyEmail } from './helpers'

const GUIDE_NAME = 'Pemba Sherpa'
const INSTANT_TOUR = 'Gokyo Lakes and Gokyo Ri in 12 days'
const REQUEST_TOUR = 'Everest Base Camp in 12 days'
// Every night of the Gokyo tour (server/src/seed/data/tours.json); its last day ends in Kathmandu.
const GOKYO_NIGHTS = [
  ['Phakding', '2,610'],
  ['Namche Bazaar', '3,440'],
  ['Namche Bazaar', '3,440'],
  ['Phortse Thenga', '3,680'],
  ['Dole', '4,040'],
  ['Machhermo', '4,470'],
  ['Gokyo', '4,790'],
  ['Gokyo', '4,790'],
  ['Dole', '4,040'],
  ['Namche Bazaar', '3,440'],
  ['Lukla', '2,860'],
] as const

/** A day in October ahead (this year's while it is still to come, else next year's), spread so reruns do not meet. */
function octoberDate(): string {
  const now = new Date()
  const year = now.getUTCMonth() < 9 ? now.getUTCFullYear() : now.getUTCFullYear() + 1
  return `${year}-10-${String(5 + Math.floor(Math.random() * 20)).padStart(2, '0')}`
}

/**
 * An October day on which the demo guide is free for both of their 12-day tours. Other
 * journeys book that guide on random days too, and a guide's booked days hide their tours
 * from a search for a start date: a day picked blind can find none.
 */
async function freeOctoberDate(request: APIRequestContext): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const date = octoberDate()
    const answer = await request.get(`/api/v1/users/tours?minDays=12&maxDays=12&availableOn=${date}&limit=50`)
    expect(answer.ok()).toBe(true)
    const { tours } = (await answer.json()) as { tours: { title: string }[] }
    if ([INSTANT_TOUR, REQUEST_TOUR].every((title) => tours.some((tour) => tour.title === title))) return date
  }
  throw new Error('the demo guide has no free 12 days starting in October')
}

/** Two days from now: inside the Gokyo tour's 120-hour booking cutoff. */
function soon(): string {
  return new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)
}

/** Types a number in a filter and commits it as a traveller does, with Enter. */
async function setNumber(page: Page, label: string, value: string) {
  const field = page.getByRole('spinbutton', { name: label, exact: true })
  await field.fill(value)
  await field.press('Enter')
}

const results = (page: Page) => page.getByRole('list', { name: 'Tours' })
const card = (page: Page, title: string) => page.getByRole('article', { name: title })

/** How many tours are listed now: the demo's, and any other journey's published since. */
async function listedTours(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/v1/users/tours?limit=1')
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { total: number }).total
}

test('a traveller finds a 10 to 14 day Everest trek for two in October, checks its altitude and all-in price, books it instantly and pays', async ({ page, request }) => {
  const listed = await listedTours(request)
  test.setTimeout(180_000)
  const date = await freeOctoberDate(request)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)

  // Browsing signed out: Tours is in the navigation.
  await page.goto('/')
  await page.getByRole('navigation').getByRole('link', { name: 'Tours', exact: true }).first().click()
  await expect(page).toHaveURL(/\/tours$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Treks and tours with local guides' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${listed} tours$`) })).toBeVisible()

  // Everest Base Camp, 10 to 14 days, two people, starting in October, under $1,300 each.
  await page.getByLabel('Destination').selectOption({ label: 'Everest Base Camp' })
  await setNumber(page, 'Fewest days', '10')
  await setNumber(page, 'Most days', '14')
  await setNumber(page, 'Group size', '2')
  await setNumber(page, 'Highest price per person', '1300')
  await page.getByLabel('Starting on').fill(date)
  await expect(page).toHaveURL(new RegExp(`minDays=10&maxDays=14.*groupSize=2.*availableOn=${date}`))
  await expect(page.getByRole('status').filter({ hasText: /^1 tour$/ })).toBeVisible()
  await expect(card(page, REQUEST_TOUR)).toContainText('Request')
  await expect(card(page, REQUEST_TOUR)).toContainText('from $1,290 per person')
  // The slower one costs more for two.
  await expect(results(page)).not.toContainText('Slow Everest Base Camp')

  // Those both wait for the guide: the Gokyo valley next door has one to book at once.
  await page.getByLabel('Destination').selectOption({ label: 'Gokyo Lakes' })
  await expect(card(page, INSTANT_TOUR)).toBeVisible()
  await expect(results(page).getByRole('article')).toHaveCount(1)
  const gokyo = card(page, INSTANT_TOUR)
  await expect(gokyo).toContainText('Book now')
  await expect(gokyo).toContainText('from $1,250 per person')
  await expect(gokyo).toContainText('12 days')
  await expect(gokyo).toContainText('Sleeps up to 4,790 m')
  await expect(gokyo).toContainText(GUIDE_NAME)
  await gokyo.getByRole('link', { name: INSTANT_TOUR }).click()

  // The tour: every night's altitude in the chart and the timeline, and the risk with its reasons.
  await expect(page.getByRole('heading', { level: 1, name: INSTANT_TOUR })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(INSTANT_TOUR))
  await expect(page.getByTestId('altitude-profile')).toBeVisible()
  const days = page.getByRole('list', { name: 'Day by day' })
  await expect(days.getByRole('listitem', { name: /^Day \d+$/ })).toHaveCount(12)
  for (const [i, [place, metres]] of GOKYO_NIGHTS.entries()) {
    await expect(days.getByRole('listitem', { name: `Day ${i + 1}`, exact: true })).toContainText(`Sleeps at ${place}, ${metres} m`)
  }
  await expect(days.getByRole('listitem', { name: 'Day 12', exact: true })).toContainText('The tour ends')
  const risk = page.getByTestId('acclimatisation')
  // Rest days at Namche and Gokyo keep it within the guidelines, and the panel says why.
  await expect(risk).toContainText('Altitude risk: low')
  await expect(risk).toContainText('Highest night: 4,790')
  await expect(risk).toContainText("Every night stays within what an unacclimatised traveller usually handles, by the Wilderness Medical Society's 2024 guidelines.")
  await expect(risk.getByRole('link', { name: /altitude sickness/ })).toHaveAttribute('href', '/altitude-sickness')

  // The all-in price for two from the chosen day: the guide's part and each permit.
  const price = page.getByRole('region', { name: 'All-in price' })
  await expect(page.getByLabel('People')).toHaveValue('2')
  await page.getByLabel('Start date').fill(date)
  await expect(price).toContainText('$1,250 × 2 people')
  await expect(price).toContainText('$2,500')
  await expect(price).toContainText('Sagarmatha National Park entry')
  await expect(price).toContainText('Khumbu Pasang Lhamu Rural Municipality permit')
  const total = price.getByTestId('total-npr')
  // Other nationalities: 2 × NPR 3,000 for each of the two permits.
  await expect(price).toContainText('NPR 6,000')
  const otherTotal = await total.textContent()
  await page.getByLabel('Nationality').selectOption({ label: 'SAARC' })
  await expect(price).toContainText('NPR 3,000')
  await expect(total).not.toHaveText(otherTotal!)
  await expect(page).toHaveURL(new RegExp(`people=2&date=${date}&from=saarc`))

  // Signed out, booking goes through the login page and back, with the choice and message kept.
  await page.getByLabel(/Message to the guide/).fill('Two of us, first time above 4,000 m.')
  await page.getByRole('button', { name: 'Log in to book' }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Ftours%2F/)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  const reloaded = page.waitForEvent('load', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await reloaded
  await expect(page).toHaveURL(new RegExp(`/tours/[^?]+\\?people=2&date=${date}&from=saarc$`))
  await expect(page.getByLabel('Start date')).toHaveValue(date)
  await expect(page.getByLabel('People')).toHaveValue('2')
  await expect(page.getByLabel(/Message to the guide/)).toHaveValue('Two of us, first time above 4,000 m.')

  // Too soon for the guide (this tour is booked 120 hours ahead): the server's refusal shows in place.
  await page.getByLabel('Start date').fill(soon())
  await page.getByRole('button', { name: 'Book now' }).click()
  await expect(page.getByRole('form', { name: 'Book this tour' }).getByRole('alert').last()).toBeVisible()
  await expect(page).toHaveURL(/\/tours\//)
  await page.getByLabel('Start date').fill(date)

  // Instant: approved at once, on to paying in the sandbox.
  await page.getByRole('button', { name: 'Book now' }).click()
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/)
  await expect(page.getByRole('region', { name: 'Booking summary' })).toContainText('$2,500.00')
  await page.getByRole('button', { name: 'Pay with Stripe' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  await page.getByRole('button', { name: 'Pay $2,500.00' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 })

  // The trip is on the traveller's dashboard.
  await page.goto('/dashboard')
  await expect(page.locator('main')).toContainText(GUIDE_NAME)
  await expect(page.locator('main')).not.toContainText('No trips yet')
})

test('the tour filters live in the URL, survive a reload, and open in a sheet on a phone', async ({ page, request }) => {
  const listed = await listedTours(request)
  await page.goto('/tours?minDays=10&maxDays=14&groupSize=2&sort=price_asc&difficulty=nonsense')
  await expect(page.getByRole('spinbutton', { name: 'Fewest days' })).toHaveValue('10')
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc')
  await expect(page.getByLabel('Difficulty')).toHaveValue('')
  await page.getByLabel('Difficulty').selectOption({ label: 'Hard' })
  await expect(page).toHaveURL(/difficulty=hard/)
  const firstTitle = await results(page).getByRole('article').first().getByRole('heading').textContent()
  await page.reload()
  await expect(page.getByLabel('Difficulty')).toHaveValue('hard')
  await expect(page.getByRole('spinbutton', { name: 'Most days' })).toHaveValue('14')
  await expect(results(page).getByRole('article').first().getByRole('heading')).toHaveText(firstTitle!)

  // A phone: the filters hide behind a button that says how many are on.
  await page.setViewportSize({ width: 390, height: 800 })
  await expect(page.getByRole('form', { name: 'Filters' })).toBeHidden()
  const open = page.getByRole('button', { name: 'Filters (3)' })
  await open.click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await expect(sheet).toBeVisible()
  // Escape closes it, with nothing changed.
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(open).toBeFocused()
  await open.click()
  // Focus stays in the sheet (a modal dialog).
  await sheet.getByRole('spinbutton', { name: 'Highest price per person' }).fill('500')
  for (let i = 0; i < 20; i++) await page.keyboard.press('Tab')
  expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
  await sheet.getByRole('button', { name: 'Show tours' }).click()
  await expect(sheet).toBeHidden()
  await expect(page).toHaveURL(/maxPrice=500/)
  await expect(page.getByRole('button', { name: 'Filters (4)' })).toBeVisible()
  // Nothing that cheap for so long: clear the filters from the empty state.
  await expect(page.getByText('No tours found')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/tours\?sort=price_asc$/)
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${listed} tours$`) })).toBeVisible()
})

test('a guide can read a tour but is told only travellers book it', async ({ page, request }) => {
  const list: { tours: { _id: string; title: string }[] } = await (await request.get('/api/v1/users/tours?limit=50')).json()
  const tour = list.tours.find((t) => t.title === INSTANT_TOUR)!
  await signIn(page, 'guide@demo.yatra.np', 'namaste-yatra')
  await page.goto(`/tours/${tour._id}`)
  await expect(page.getByRole('heading', { level: 1, name: INSTANT_TOUR })).toBeVisible()
  await expect(page.getByText('Only travellers can book tours')).toBeVisible()
  await expect(page.getByText('You are signed in as a guide.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0)
  // The price can still be worked out.
  await expect(page.getByRole('region', { name: 'All-in price' })).toContainText('Sagarmatha National Park entry')
})

test('a tour that does not exist says so', async ({ page }) => {
  await page.goto('/tours/000000000000000000000000')
  await expect(page.getByText('Tour not found').first()).toBeVisible()
  await expect(page).toHaveTitle(/Tour not found/)
  await page.getByRole('link', { name: 'All tours' }).click()
  await expect(page).toHaveURL(/\/tours$/)
})

test('a tour on request waits for the guide: the traveller is told so and finds it on the dashboard', async ({ page, request }) => {
  test.setTimeout(120_000)
  const list: { tours: { _id: string; title: string }[] } = await (await request.get('/api/v1/users/tours?limit=50')).json()
  const tour = list.tours.find((t) => t.title === 'Slow Everest Base Camp in 14 days')!
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await signIn(page, email, PASSWORD)
  await page.goto(`/tours/${tour._id}?people=3&date=${octoberDate()}`)
  await expect(page.getByRole('region', { name: 'All-in price' })).toContainText('$1,390 × 3 people')
  await page.getByRole('button', { name: 'Request to book' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Request sent' })).toContainText('Diki will answer your request.')
  await page.getByRole('link', { name: 'See your trips' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('region', { name: 'Awaiting the guide' })).toContainText('Diki')
})
