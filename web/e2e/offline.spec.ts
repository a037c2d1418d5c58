import { expect, test, type APIRequestContext, type Page } from './test'
import { logIn, shootBoth, signUp, uniqueEmail, verifyEmail } from './helpers'

// A seeded guide no other journey books; trips land on random far days, so reruns never collide.
const DEMO_PASSWORD = 'namaste-yatra'
const GUIDE = { email: 'prakash.thapa@guides.demo.yatra.np', name: 'Prakash Thapa', phone: '+977 9841680317' }
const DESTINATION = 'Poon Hill'

/** Today in Nepal plus `days`, as `YYYY-MM-DD`. */
function nepalDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

async function call(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH', path: string, bearer: string, data?: unknown) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${bearer}` }, data })
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true)
  return (await response.json()) as { data: Record<string, unknown>; sessionId?: string; token?: string }
}

/** The signed-in traveller books the guide for a day, the guide approves, the traveller pays (all through the API). */
async function paidTrip(page: Page, request: APIRequestContext): Promise<string> {
  const traveller = await page.evaluate(() => localStorage.getItem('token'))
  expect(traveller).toBeTruthy()
  const login = await request.post('/api/v1/auth/login', { data: { email: GUIDE.email, password: DEMO_PASSWORD } })
  const guide = ((await login.json()) as { token: string }).token
  const profile = await call(request, 'GET', '/api/v1/guides/guide-profile', guide)
  const asked = await call(request, 'POST', '/api/v1/tourists/booking/request', traveller!, {
    guideId: profile.data._id,
    selectedDate: nepalDate(30 + Math.floor(Math.random() * 300)),
    selectedTime: '07:30',
    groupSize: 1,
    days: 1,
    message: 'Meet at the Nayapul bus stop, please.',
  })
  const bookingId = asked.data._id as string
  await call(request, 'PATCH', '/api/v1/guides/booking/status', guide, { bookingId, action: 'approve' })
  const session = await call(request, 'GET', `/api/v1/tourists/stripe/create-session/${bookingId}`, traveller!)
  await call(request, 'POST', `/api/v1/payments/sandbox/${session.sessionId}/pay`, traveller!, {})
  return bookingId
}

/** How many offline packs this browser holds (the IndexedDB store behind them). */
function packCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('yatra-offline')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('packs')) return resolve(0)
          const count = db.transaction('packs').objectStore('packs').count()
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => reject(count.error)
        }
      }),
  )
}

test('a traveller saves a paid trip for offline use and opens it, the receipt, the destination and the SOS numbers with no network', async ({ page, context, request }) => {
  test.setTimeout(180_000)
  // Other journeys run without the service worker (see register-service-worker.ts); this one needs it.
  await context.addInitScript(() => localStorage.setItem('yatra.e2e.serviceWorker', 'on'))
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await logIn(page, email)
  const bookingId = await paidTrip(page, request)

  // Online: the paid trip is kept on its own; the traveller adds its destination.
  await page.goto('/dashboard')
  const paid = page.getByRole('region', { name: 'Paid' })
  const trip = paid.getByRole('listitem', { name: `Trip with ${GUIDE.name}` })
  await expect(trip.getByText(/^Saved for offline on /)).toBeVisible()
  await trip.getByLabel('Destination to keep offline').selectOption({ label: DESTINATION })
  await trip.getByRole('button', { name: 'Save for offline' }).click()
  await expect(trip.getByLabel('Destination to keep offline')).toHaveValue(/.+/)
  await shootBoth(page, 'offline-save')
  // The service worker has installed and controls the page, so the app shell is cached.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  // No network: the dashboard shows the saved trip.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/^Offline — saved on /)).toBeVisible()
  const saved = page.getByRole('region', { name: 'Saved for offline' }).getByRole('listitem', { name: `Trip with ${GUIDE.name}` })
  await expect(saved.getByRole('link', { name: GUIDE.phone })).toHaveAttribute('href', 'tel:+9779841680317')
  await expect(saved).toContainText('Meet at the Nayapul bus stop, please.')
  await expect(saved.getByRole('region', { name: DESTINATION })).toContainText('Permits')
  await expect(page.getByRole('region', { name: 'Emergency numbers' })).toContainText('Tourist Police')
  await expect(page.getByText('Paying, cancelling, messages and new bookings need a connection.')).toBeVisible()
  await shootBoth(page, 'offline-dashboard')

  // The trip's receipt, from the saved copy.
  await saved.getByRole('link', { name: 'View receipt' }).click()
  await expect(page).toHaveURL(`/receipt/${bookingId}`)
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible()
  await expect(page.getByText(/^Offline — saved on /)).toBeVisible()
  await expect(page.getByText(GUIDE.name).first()).toBeVisible()
  await shootBoth(page, 'offline-receipt')

  // Loaded afresh with no network: the destination's page, seen when saving.
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Destination page' }).click()
  await expect(page.getByRole('heading', { name: DESTINATION, level: 1 })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: DESTINATION, level: 1 })).toBeVisible()

  // The emergency panel and its numbers work offline.
  await page.getByRole('button', { name: 'Emergency contacts' }).click()
  const panel = page.getByRole('dialog', { name: 'Emergency Contacts' })
  await expect(panel.getByRole('link', { name: /Police.*100/ })).toHaveAttribute('href', 'tel:100')
  await expect(panel.getByRole('link', { name: 'Emergency Call' })).toHaveAttribute('href', 'tel:100')

  // Back online, signing out forgets the pack.
  await context.setOffline(false)
  expect(await packCount(page)).toBe(1)
  await page.getByRole('button', { name: 'Close emergency panel' }).first().click()
  await page.getByRole('button', { name: /Account$/ }).click()
  await page.locator('#profile-menu').getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect.poll(() => packCount(page)).toBe(0)
})
