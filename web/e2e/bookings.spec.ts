import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './test'
import { logIn, signIn, signUp, uniqueEmail, shootBoth, verifyEmail } from './helpers'

// The demo accounts of `yatra seed --demo`, which the e2e server runs.
const DEMO_PASSWORD = 'namaste-yatra'
const GUIDE = { email: 'guide@demo.yatra.np', name: 'Pemba Sherpa' }
const TRAVELLER = { email: 'traveller@demo.yatra.np' }

// The journeys book the same guide: one at a time.
test.describe.configure({ mode: 'serial' })

/** Today in Nepal plus `days`, as `YYYY-MM-DD`: the server's "today" for a trip. */
function nepalDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** 'Saturday, 12 December 2026': a calendar day button's name. */
const dayName = (ymd: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${ymd}T00:00:00Z`))
const monthName = (ymd: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${ymd}T00:00:00Z`))

/** Turns the booking modal's calendar to the month of `ymd` and picks that day as the first. */
async function pickFirstDay(modal: Locator, ymd: string) {
  const grid = modal.getByRole('grid', { name: `First day, ${monthName(ymd)}` })
  for (let i = 0; i < 13 && (await grid.count()) === 0; i++) await modal.getByRole('button', { name: 'Next month' }).click()
  await grid.getByRole('button', { name: new RegExp(`^${dayName(ymd)}`) }).click()
}

const dollars = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount)

async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } })
  expect(response.ok(), `log in ${email}`).toBe(true)
  return ((await response.json()) as { token: string }).token
}

/** The demo guide's id and daily rate, from the API. */
async function demoGuide(request: APIRequestContext): Promise<{ id: string; rate: number }> {
  const token = await apiToken(request, GUIDE.email)
  const response = await request.get('/api/v1/guides/guide-profile', { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok()).toBe(true)
  const guide = ((await response.json()) as { data: { _id: string; guideDetails: { pricePerDay: number } } }).data
  return { id: guide._id, rate: guide.guideDetails.pricePerDay }
}

async function logInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await signIn(page, email, password)
}

/** A new traveller, signed up, verified through the emailed link, and logged in. */
async function newTraveller(page: Page): Promise<string> {
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await logIn(page, email)
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 10_000 })
  return email
}

/** A second browser (the other party), at desktop size. */
async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return context.newPage()
}

/** Screenshots what is on screen (a dialog) at both sizes. */
async function shootViewport(page: Page, name: string) {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 375, 740],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** The profile menu button; its description carries the live unread count. */
const menuButton = (page: Page) => page.getByRole('button', { name: /Account$/ })
const unreadText = (count: number) => (count === 0 ? '' : `${count} unread ${count === 1 ? 'notification' : 'notifications'}`)

async function unreadCount(request: APIRequestContext, email: string): Promise<number> {
  const token = await apiToken(request, email)
  const response = await request.get('/api/v1/notifications/unread-count', { headers: { Authorization: `Bearer ${token}` } })
  return ((await response.json()) as { data: { count: number } }).data.count
}

/** Collects browser alerts and accepts each. */
function collectAlerts(page: Page): string[] {
  const messages: string[] = []
  page.on('dialog', (dialog) => {
    messages.push(dialog.message())
    void dialog.accept()
  })
  return messages
}

test('a traveller books a guide, the guide approves live, the traveller pays in the sandbox and gets a receipt', async ({ page, browser, request }) => {
  test.setTimeout(240_000)
  const pemba = await demoGuide(request)
  const alerts = collectAlerts(page)
  const date = nepalDate(40 + Math.floor(Math.random() * 300))
  const groupSize = 3
  const total = dollars(pemba.rate * groupSize)

  // The guide is already signed in elsewhere, looking at Tour Requests.
  const guidePage = await secondBrowser(browser)
  const guideUnread = await unreadCount(request, GUIDE.email)
  await logInAs(guidePage, GUIDE.email)
  await guidePage.goto('/request')
  await expect(guidePage.getByRole('heading', { level: 1, name: 'Booking requests' })).toBeVisible()
  await expect(menuButton(guidePage)).toHaveAccessibleDescription(unreadText(guideUnread))

  // A new traveller: no trips and no notifications yet.
  await newTraveller(page)
  await page.goto('/dashboard')
  await expect(page.getByText('No trips yet')).toBeVisible()
  await expect(page.getByRole('link', { name: /Find a guide/ })).toHaveAttribute('href', '/guides')
  await shootBoth(page, 'dashboard-empty')
  await page.goto('/notification')
  await expect(page.getByText('No notifications yet')).toBeVisible()
  await shootBoth(page, 'notifications-empty')

  // The booking modal on the guide's page checks the date (today in Nepal) before sending.
  await page.goto(`/guides/${pemba.id}`)
  await page.getByRole('button', { name: 'Book Experience' }).click()
  const modal = page.getByRole('dialog', { name: 'Book Pemba' })
  await expect(modal.getByLabel('Start time')).toHaveValue('10:00')
  await expect(modal.getByLabel('Group size')).toHaveValue('1')
  await expect(modal.getByLabel('Trip length in days')).toHaveValue('1')
  await modal.getByRole('button', { name: 'Request Booking' }).click()
  await expect(modal.getByRole('alert')).toHaveText('Please select a date')
  // Today in Nepal is the first day the calendar offers.
  await expect(modal.getByRole('button', { name: 'Previous month' })).toBeDisabled()
  await expect(modal.getByRole('button', { name: new RegExp(`^${dayName(nepalDate(0))}$`) })).not.toHaveAttribute('aria-disabled', 'true')
  await pickFirstDay(modal, date)
  await modal.getByRole('button', { name: 'One person more' }).click()
  await modal.getByRole('button', { name: 'One person more' }).click()
  const summary = modal.getByRole('region', { name: 'Price summary' })
  await expect(summary).toContainText(`${dollars(pemba.rate)} per person per day × 3 people × 1 day`)
  await expect(summary).toContainText(`Total${total}`)
  await shootViewport(page, 'booking-modal')
  await modal.getByRole('button', { name: 'Request Booking' }).click()
  await expect(modal.getByRole('status')).toContainText('Booking requested successfully!')
  // It closes itself 2 s later.
  await expect(modal).toBeHidden({ timeout: 5000 })

  // The guide sees it without reloading: the badge rises and the request appears.
  await expect(menuButton(guidePage)).toHaveAccessibleDescription(unreadText(guideUnread + 1))
  const request1 = guidePage.getByRole('region', { name: 'Pending' }).getByRole('listitem', { name: `Asha Traveller, ${date}` })
  await expect(request1).toBeVisible()
  await expect(request1).toContainText('3 people')
  await expect(request1).toContainText(total)
  await shootBoth(guidePage, 'request')

  // The traveller waits on their trips while the guide approves.
  await page.goto('/dashboard')
  await expect(page.getByRole('region', { name: 'Awaiting the guide' })).toContainText(GUIDE.name)
  await expect(menuButton(page)).toHaveAccessibleDescription('')
  await request1.getByRole('button', { name: 'Approve' }).click()
  await expect(guidePage.getByRole('status').filter({ hasText: 'Booking approved successfully' })).toBeVisible()
  await expect(guidePage.getByRole('region', { name: 'Approved' }).getByRole('listitem', { name: `Asha Traveller, ${date}` })).toBeVisible()

  // The traveller's count rises live, and the trip moves to Approved with Pay now.
  await expect(menuButton(page)).toHaveAccessibleDescription('1 unread notification')
  await expect(page.getByRole('region', { name: 'Approved' }).getByRole('link', { name: /Pay now/ })).toBeVisible()
  await shootBoth(page, 'dashboard-approved')
  await menuButton(page).click()
  await page.locator('#profile-menu').getByRole('link', { name: 'Notifications, 1 unread' }).click()
  await expect(page).toHaveURL(/\/notification$/)
  const note = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()
  await expect(note).toContainText('Unread:')
  await expect(note).toContainText('approved')
  await shootBoth(page, 'notifications')
  await note.getByRole('button', { name: /Mark as Read/ }).click()
  await expect(page.getByText('All caught up')).toBeVisible()
  await expect(menuButton(page)).toHaveAccessibleDescription('')

  // Checkout: the card goes to the sandbox checkout (wallets: e2e/wallets.spec.ts).
  await note.getByRole('link', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/)
  const bookingId = page.url().split('/').at(-1)!
  const summaryCard = page.getByRole('region', { name: 'Booking summary' })
  await expect(summaryCard).toContainText(GUIDE.name)
  await expect(summaryCard).toContainText(`Total amount${total}`)
  await expect(page.getByRole('region', { name: 'Payment Required' })).toBeVisible()
  await shootBoth(page, 'checkout')
  await page.getByRole('button', { name: 'Pay with Stripe' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  await expect(page.getByRole('note', { name: 'Test mode' })).toContainText('Test mode — no real charge')
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242')
  await expect(page.getByLabel('Card number')).toBeDisabled()
  await shootBoth(page, 'sandbox-checkout')

  // Leaving the checkout: nothing charged, and Try Payment Again goes back to it.
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(`/cancel?booking_id=${bookingId}`)
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible()
  await expect(page.getByText('No charges were made to your account')).toBeVisible()
  await expect(page.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', /^mailto:support@yatra\.np/)
  await shootBoth(page, 'cancel')
  await page.getByRole('link', { name: 'Try Payment Again' }).click()
  await expect(page).toHaveURL(`/checkout/${bookingId}`)

  // Paying for real (in the sandbox) goes through the server's confirmation to /success.
  // The confirmation is held until its waiting state has been seen: the sandbox answers
  // within milliseconds, and the state shows only 600 ms when nothing holds it.
  let releaseConfirmation = () => {}
  const confirmationHeld = new Promise<void>((resolve) => (releaseConfirmation = resolve))
  await page.route('**/api/v1/payments/session/*', async (route) => {
    await confirmationHeld
    await route.continue()
  })
  await page.getByRole('button', { name: 'Pay with Stripe' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  await page.getByRole('button', { name: `Pay ${total}` }).click()
  await expect(page).toHaveURL(/\/success\?session_id=sandbox_/)
  // A short confirming state while the server confirms with the provider.
  await expect(page.getByRole('heading', { name: 'Confirming your payment...' })).toBeVisible()
  // Released, the held request and any after it go straight through.
  releaseConfirmation()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.locator('main')).toContainText(GUIDE.name)
  await expect(page.locator('main')).toContainText(`Amount paid${total}`)
  await expect(page.locator('main')).toContainText('3 people')
  await expect(page.getByRole('region', { name: "What's Next" })).toContainText('24 hours before')
  await shootBoth(page, 'success')

  // Share Booking copies the link where there is no share sheet.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }))
  await page.getByRole('button', { name: /Share Booking/ }).click()
  await expect.poll(() => alerts.at(-1)).toBe('Link copied to clipboard!')

  // The receipt: a real, printable page.
  await page.getByRole('link', { name: /Download Receipt/ }).click()
  await expect(page).toHaveURL(`/receipt/${bookingId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible()
  const receipt = page.getByRole('article')
  await expect(receipt).toContainText(`Guided day with ${GUIDE.name}`)
  await expect(receipt).toContainText(`Total paid (USD)${total}`)
  await expect(receipt).toContainText('Test payment (sandbox, no real charge)')
  await expect(page.getByRole('button', { name: /Print \/ Save as PDF/ })).toBeVisible()
  await shootBoth(page, 'receipt')
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.getByRole('button', { name: /Print \/ Save as PDF/ })).toBeHidden()
  await page.screenshot({ path: 'e2e/screenshots/print-receipt.png', fullPage: true })
  await page.emulateMedia({ media: 'screen' })

  // Both sides see it paid.
  await page.goto('/dashboard')
  const paid = page.getByRole('region', { name: 'Paid' })
  await expect(paid.getByRole('listitem', { name: `Trip with ${GUIDE.name}` })).toContainText('Paid')
  await expect(paid.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', `/receipt/${bookingId}`)
  await shootBoth(page, 'dashboard')

  await expect(guidePage.getByRole('region', { name: 'Approved' }).getByRole('listitem', { name: `Asha Traveller, ${date}` })).toContainText('Paid')
  await guidePage.goto('/guideDash')
  const upcoming = guidePage.getByRole('region', { name: 'Upcoming trips' })
  await expect(upcoming).toContainText('Asha Traveller')
  // The payment is the guide's earning, pending until the trip is over.
  await expect(guidePage.getByRole('region', { name: 'Earnings', exact: true })).toContainText('Pending')
  await expect(guidePage.getByRole('region', { name: 'Trip earnings' }).getByRole('listitem').first()).toBeVisible()
  await shootBoth(guidePage, 'guide-dashboard')
  await guidePage.goto('/notification')
  await expect(guidePage.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toContainText('paid')
  await shootBoth(guidePage, 'guide-notifications')
  await guidePage.context().close()

  // Someone else's checkout is not found.
  const other = await secondBrowser(browser)
  await logInAs(other, TRAVELLER.email)
  await other.goto(`/checkout/${bookingId}`)
  await expect(other.getByRole('alert')).toContainText('Booking not found')
  await shootBoth(other, 'checkout-not-found')
  await other.context().close()
})

test('a guide cannot book another guide', async ({ page, request }) => {
  const guides = await request.get('/api/v1/users/guides?limit=10')
  const list = ((await guides.json()) as { guides: { _id: string; firstName: string; lastName: string }[] }).guides
  const someone = list.find((g) => `${g.firstName} ${g.lastName}` !== GUIDE.name)!
  await logInAs(page, GUIDE.email)
  await page.goto(`/guides/${someone._id}`)
  await page.getByRole('button', { name: 'Book Experience' }).click()
  const modal = page.getByRole('dialog', { name: `Book ${someone.firstName}` })
  await expect(modal.getByRole('alert')).toHaveText('Only travellers can book a guide')
  await expect(modal.getByRole('grid')).toHaveCount(0)
  await shootViewport(page, 'booking-modal-guide')
})

test('a signed-out visitor is asked to log in to book', async ({ page, request }) => {
  const pemba = await demoGuide(request)
  await page.goto(`/guides/${pemba.id}`)
  await page.getByRole('button', { name: 'Book Experience' }).click()
  const modal = page.getByRole('dialog', { name: 'Book Pemba' })
  await expect(modal.getByRole('alert')).toHaveText('You must be logged in to book a guide')
  await shootViewport(page, 'booking-modal-signed-out')
  await modal.getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('the demo traveller can pay a seeded approved trip from the dashboard; /success without a session says so', async ({ page }) => {
  // The demo traveller's seeded approved trip with Pemba, to pay.
  await logInAs(page, TRAVELLER.email)
  await page.goto('/dashboard')
  const approved = page.getByRole('region', { name: 'Approved' })
  await expect(approved.getByRole('listitem', { name: `Trip with ${GUIDE.name}` }).first()).toBeVisible()
  await approved
    .getByRole('link', { name: /Pay now/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/checkout\//)
  await expect(page.getByRole('button', { name: 'Pay with Stripe' })).toBeVisible()

  // /success without a session says there is nothing to confirm.
  await page.goto('/success')
  await expect(page.getByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeVisible()
})
