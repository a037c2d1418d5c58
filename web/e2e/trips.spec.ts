import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './test'
import { logIn, signIn, signUp, uniqueEmail, verifyEmail } from './helpers'

// A seeded guide no other journey books, so their calendar is this file's alone.
const DEMO_PASSWORD = 'namaste-yatra'
const GUIDE = { email: 'rita.gurung@guides.demo.yatra.np', firstName: 'Rita', name: 'Rita Gurung' }

// Both journeys set the same guide's days off: one at a time.
test.describe.configure({ mode: 'serial' })

/** Today in Nepal plus `days`, as `YYYY-MM-DD`: the server's "today" for a trip. */
function nepalDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const utc = (ymd: string) => new Date(`${ymd}T00:00:00Z`)
/** 'Saturday, 12 December 2026': a calendar day button's name. */
const dayName = (ymd: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utc(ymd))
/** 'Sat, 12 Dec 2026': how trips are dated in text. */
const tripDate = (ymd: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(utc(ymd))
const monthName = (ymd: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utc(ymd))
const dollars = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount)

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } })
  expect(response.ok(), `log in ${email}`).toBe(true)
  return ((await response.json()) as { token: string }).token
}

/** The guide's id and daily rate, from the API. */
async function guideFacts(request: APIRequestContext): Promise<{ id: string; rate: number; token: string }> {
  const token = await apiToken(request, GUIDE.email)
  const response = await request.get('/api/v1/guides/guide-profile', { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok()).toBe(true)
  const guide = ((await response.json()) as { data: { _id: string; guideDetails: { pricePerDay: number } } }).data
  return { id: guide._id, rate: guide.guideDetails.pricePerDay, token }
}

async function logInAs(page: Page, email: string) {
  await signIn(page, email, DEMO_PASSWORD)
}

/** A new traveller, signed up, verified through the emailed link, and logged in. */
async function newTraveller(page: Page): Promise<void> {
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await logIn(page, email)
}

async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return context.newPage()
}

/** Shows the month of `ymd` in the calendar named `label` inside `scope`. */
async function showMonth(scope: Locator, label: string, ymd: string) {
  const grid = scope.getByRole('grid', { name: `${label}, ${monthName(ymd)}` })
  for (let i = 0; i < 13 && (await grid.count()) === 0; i++) await scope.getByRole('button', { name: 'Next month' }).click()
  await expect(grid).toBeVisible()
  return grid
}

/** A day's button in the calendar, whatever note follows its name. */
const day = (grid: Locator, ymd: string) => grid.getByRole('button', { name: new RegExp(`^${dayName(ymd)}`) })

/** Screenshots at 1280 and 390 px wide: full pages, or what is on screen for a dialog. */
async function shoot(page: Page, name: string, fullPage = true) {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.evaluate(() => {
      window.scrollTo(0, 0)
      document.querySelector('dialog[open]')?.scrollTo(0, 0)
    })
    await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png`, fullPage })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a guide blocks days on the dashboard calendar and the booking modal greys them', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const rita = await guideFacts(request)
  // Start from no days off.
  expect((await request.put('/api/v1/guides/availability', { headers: { Authorization: `Bearer ${rita.token}` }, data: { blockedDates: [] } })).ok()).toBe(true)
  const off = [nepalDate(30), nepalDate(31)]

  const guidePage = await secondBrowser(browser)
  await logInAs(guidePage, GUIDE.email)
  await guidePage.goto('/guideDash')
  const calendar = guidePage.getByRole('region', { name: 'Your calendar' })
  await expect(calendar).toContainText('No days off.')
  const grid = await showMonth(calendar, 'Days off', off[0])
  await day(grid, off[0]).click()
  if ((await day(grid, off[1]).count()) === 0) await calendar.getByRole('button', { name: 'Next month' }).click()
  await day(calendar.getByRole('grid'), off[1]).click()
  await expect(calendar).toContainText('2 days off. Not saved yet.')
  await calendar.getByRole('button', { name: 'Save days off' }).click()
  await expect(calendar.getByRole('status')).toHaveText(/Saved\. 2 days off\./)
  await expect(calendar.getByRole('button', { name: 'Save days off' })).toBeDisabled()
  await shoot(guidePage, 'guide-dashboard-calendar')
  await guidePage.context().close()

  // A traveller's modal shows those days as unavailable and will not take them.
  await newTraveller(page)
  await page.goto(`/guides/${rita.id}`)
  await page.getByRole('button', { name: 'Book Experience' }).click()
  const modal = page.getByRole('dialog', { name: `Book ${GUIDE.firstName}` })
  const modalGrid = await showMonth(modal, 'First day', off[0])
  const blocked = modalGrid.getByRole('button', { name: `${dayName(off[0])}, unavailable` })
  await expect(blocked).toHaveAttribute('aria-disabled', 'true')
  await blocked.click({ force: true })
  await expect(modal.getByText('Your trip:')).toHaveCount(0)
})

test('a traveller books a 3-day trip around a blocked day, the guide approves, the traveller pays, cancels 10 days ahead and gets the refund', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  const rita = await guideFacts(request)
  const blocked = nepalDate(14)
  expect((await request.put('/api/v1/guides/availability', { headers: { Authorization: `Bearer ${rita.token}` }, data: { blockedDates: [blocked] } })).ok()).toBe(true)
  const refused = nepalDate(13)
  const start = nepalDate(15)
  const end = nepalDate(17)
  const total = dollars(rita.rate * 2 * 3)

  await newTraveller(page)
  await page.goto(`/guides/${rita.id}`)
  await page.getByRole('button', { name: 'Book Experience' }).click()
  const modal = page.getByRole('dialog', { name: `Book ${GUIDE.firstName}` })
  // Today in Nepal is the first day on offer; nothing before it.
  await expect(modal.getByRole('button', { name: 'Previous month' })).toBeDisabled()
  await expect(day(modal.getByRole('grid'), nepalDate(0))).not.toHaveAttribute('aria-disabled', 'true')

  // Three days from the day before the blocked one would cross it: said before sending.
  let grid = await showMonth(modal, 'First day', refused)
  await day(grid, refused).click()
  await modal.getByRole('button', { name: 'One day more' }).click()
  await modal.getByRole('button', { name: 'One day more' }).click()
  const warning = `The guide is not available on ${tripDate(blocked)}. Choose days around it.`
  await expect(modal.getByText(warning)).toBeVisible()
  await modal.getByRole('button', { name: 'Request Booking' }).click()
  await expect(modal.getByRole('alert')).toHaveText(warning)
  await shoot(page, 'booking-modal-refused', false)

  // The three days after it are free.
  grid = await showMonth(modal, 'First day', start)
  await day(grid, start).click()
  await expect(modal.getByText('Your trip:')).toHaveText(`Your trip: ${tripDate(start)} to ${tripDate(end)}`)
  await modal.getByRole('button', { name: 'One person more' }).click()
  await modal.getByLabel(/Message to Rita/).fill('We are two slow walkers who love tea houses.')
  await expect(modal.getByText('44 / 1,000 characters')).toBeVisible()
  const summary = modal.getByRole('region', { name: 'Price summary' })
  await expect(summary).toContainText(`${dollars(rita.rate)} per person per day × 2 people × 3 days`)
  await expect(summary).toContainText(`Total${total}`)
  await shoot(page, 'booking-modal-trip', false)
  await modal.getByRole('button', { name: 'Request Booking' }).click()
  await expect(modal.getByRole('status')).toContainText('Booking requested successfully!')
  await expect(modal).toBeHidden({ timeout: 5000 })

  // The guide sees the days, the message and the time left to answer, and approves.
  const guidePage = await secondBrowser(browser)
  await logInAs(guidePage, GUIDE.email)
  await guidePage.goto('/request')
  const card = guidePage.getByRole('region', { name: 'Pending' }).getByRole('listitem', { name: `Asha Traveller, ${start}` })
  await expect(card).toContainText('3 days, starting at')
  await expect(card).toContainText(`until ${tripDate(end)}`)
  await expect(card).toContainText('We are two slow walkers who love tea houses.')
  await expect(card).toContainText(/Expires in \d+ (day|hour)/)
  await shoot(guidePage, 'request-trips')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(guidePage.getByRole('status').filter({ hasText: 'Booking approved successfully' })).toBeVisible()

  // The traveller pays in the sandbox.
  await page.goto('/dashboard')
  const approved = page.getByRole('region', { name: 'Approved' })
  await expect(approved).toContainText('Approved: pay by')
  await approved.getByRole('link', { name: /Pay now/ }).click()
  await expect(page.getByRole('region', { name: 'Booking summary' })).toContainText('Trip length3 days')
  await page.getByRole('button', { name: 'Pay with Stripe' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  await page.getByRole('button', { name: `Pay ${total}` }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()

  // Ten days and more ahead: the whole amount comes back, and the dialog says so first.
  await page.goto('/dashboard')
  const paid = page.getByRole('region', { name: 'Paid' })
  await expect(paid).toContainText('Free cancellation until')
  await shoot(page, 'dashboard-trips')
  await paid.getByRole('button', { name: `Cancel the trip with ${GUIDE.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this trip?' })
  await expect(dialog).toContainText(`You will get ${total} back`)
  await dialog.getByLabel(/Reason/).fill('Our flights moved.')
  await shoot(page, 'cancel-dialog', false)
  await dialog.getByRole('button', { name: 'Cancel trip' }).click()
  await expect(dialog).toBeHidden()
  const cancelled = page.getByRole('region', { name: 'Cancelled' })
  await expect(cancelled).toContainText('Cancelled by you')
  await expect(cancelled).toContainText('Reason: Our flights moved.')
  // The refund worker carries it out shortly after; Refresh shows where it stands.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(cancelled).toContainText(`Refunded: ${total} went back to your card.`, { timeout: 2000 })
  }).toPass({ timeout: 60_000 })
  await expect(cancelled.getByRole('listitem')).toContainText('Refunded')
  await shoot(page, 'dashboard-refunded')

  // The guide sees who cancelled, why, and the refund; the days are free again.
  await guidePage.goto('/request')
  const gone = guidePage.getByRole('region', { name: 'Cancelled' })
  await gone.getByRole('button', { name: /Cancelled/ }).click()
  await expect(gone).toContainText('Cancelled by the traveller')
  await expect(gone).toContainText('Reason: Our flights moved.')
  await expect(gone).toContainText(`Refunded: ${total} went back to the traveller’s card.`)
  await shoot(guidePage, 'request-cancelled')
  const free = await request.get(`/api/v1/users/guide/${rita.id}/availability?from=${start}&to=${end}`)
  expect(((await free.json()) as { data: { unavailable: string[] } }).data.unavailable).toEqual([])
  await guidePage.context().close()
})
