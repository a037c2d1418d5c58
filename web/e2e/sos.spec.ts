import { expect, test, type APIRequestContext, type Page } from './test'
import { logIn, signIn, signUp, uniqueEmail, verifyEmail } from './helpers'

// A seeded guide no other journey books, so their trips are this file's alone.
const DEMO_PASSWORD = 'namaste-yatra'
const GUIDE = { email: 'kamala.pun@guides.demo.yatra.np', name: 'Kamala Pun' }
// Below Lobuche on the way to Everest Base Camp.
const WHERE = { latitude: 27.9881, longitude: 86.925 }

test.use({ geolocation: WHERE, permissions: ['geolocation'] })

/** Today in Nepal plus `days` (YYYY-MM-DD), and the hour there now. */
function nepalNow(days: number): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kathmandu',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date())
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const date = new Date(`${part('year')}-${part('month')}-${part('day')}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return { date: date.toISOString().slice(0, 10), hour: Number(part('hour')) }
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } })
  expect(response.ok(), `log in ${email}`).toBe(true)
  return ((await response.json()) as { token: string }).token
}

/**
 * The signed-in traveller books the guide for today (late evening, so it has not started
 * and can still be paid; in the last hour of the day, tomorrow, which an SOS also
 * reaches), the guide approves, and the traveller pays in the sandbox.
 */
async function paidTripToday(page: Page, request: APIRequestContext): Promise<void> {
  const traveller = await page.evaluate(() => localStorage.getItem('token'))
  expect(traveller).toBeTruthy()
  const guideToken = await apiToken(request, GUIDE.email)
  const profile = await request.get('/api/v1/guides/guide-profile', { headers: bearer(guideToken) })
  const guideId = ((await profile.json()) as { data: { _id: string } }).data._id
  const now = nepalNow(0)
  const date = now.hour < 23 ? now.date : nepalNow(1).date
  const booked = await request.post('/api/v1/tourists/booking/request', {
    headers: bearer(traveller!),
    data: { guideId, selectedDate: date, selectedTime: '23:59', groupSize: 1, pricePerPerson: 1 },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const bookingId = ((await booked.json()) as { data: { _id: string } }).data._id
  const approved = await request.patch('/api/v1/guides/booking/status', { headers: bearer(guideToken), data: { bookingId, action: 'approve' } })
  expect(approved.ok()).toBe(true)
  const checkout = await request.get(`/api/v1/tourists/stripe/create-session/${bookingId}`, { headers: bearer(traveller!) })
  expect(checkout.ok(), await checkout.text()).toBe(true)
  const { sessionId } = (await checkout.json()) as { sessionId: string }
  const paid = await request.post(`/api/v1/payments/sandbox/${sessionId}/pay`, { headers: bearer(traveller!) })
  expect(paid.ok(), await paid.text()).toBe(true)
}

async function shoot(page: Page, name: string) {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a traveller on a paid trip sends an SOS, confirms, sees it reached the guide, whose open page shows it live; offline it waits for a signal', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await logIn(page, email)
  // The traveller form keeps the emergency contact and insurance.
  await page.goto('/touristform')
  await expect(page.getByRole('group', { name: 'In an emergency' })).toBeVisible()
  await page.getByLabel('Emergency contact name').fill('Maya Rai')
  await page.getByLabel('Emergency contact phone').fill('+977 9841000000')
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `e2e/screenshots/${device}-traveller-form-emergency.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await paidTripToday(page, request)

  // The guide has their notifications open in another browser.
  const guidePage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await signIn(guidePage, GUIDE.email, DEMO_PASSWORD)
  await guidePage.goto('/notification')
  await expect(guidePage.getByRole('heading', { name: 'Notifications' })).toBeVisible()

  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Emergency contacts' }).click()
  const panel = page.getByRole('dialog', { name: 'Emergency Contacts' })
  await panel.getByRole('button', { name: 'Send SOS to my guide' }).click()
  const confirm = page.getByRole('dialog', { name: 'Send an SOS?' })
  await confirm.getByLabel('What happened? (optional)').fill('Twisted my ankle below Lobuche.')
  await shoot(page, 'sos-confirm')
  await confirm.getByRole('button', { name: 'Send SOS' }).click()
  const result = panel.getByRole('status')
  await expect(result).toContainText('Your SOS reached:')
  await expect(result).toContainText(`${GUIDE.name} (your guide)`)
  await shoot(page, 'sos-reached')

  // Live on the guide's page, no reload.
  await expect(guidePage.getByText('SOS from Asha Traveller.').first()).toBeVisible()
  await expect(guidePage.getByText('Twisted my ankle below Lobuche.').first()).toBeVisible()

  // No signal: kept, and sent when the signal returns.
  await page.context().setOffline(true)
  await panel.getByRole('button', { name: 'Send SOS to my guide' }).click()
  await confirm.getByRole('button', { name: 'Send SOS' }).click()
  await expect(panel.getByRole('status')).toContainText('No signal.')
  await expect(panel.getByRole('status')).toContainText('will be sent when a signal returns')
  await shoot(page, 'sos-offline')
  await page.context().setOffline(false)
  await expect(panel.getByRole('status')).toContainText(`${GUIDE.name} (your guide)`)
  expect(await page.evaluate(() => localStorage.getItem('yatra.sos.pending'))).toBeNull()

  // The guide sees the traveller's emergency details on the paid trip: none given yet (the
  // form above was left unsaved), then the contact and insurance once the traveller saves them.
  await guidePage.goto('/request')
  const details = guidePage.getByRole('region', { name: 'Emergency details' })
  await expect(details).toContainText('The traveller has not given emergency details.')
  const traveller = await page.evaluate(() => localStorage.getItem('token'))
  const saved = await request.put('/api/v1/tourists/emergency-info', {
    headers: bearer(traveller!),
    data: {
      contactName: 'Maya Rai',
      contactPhone: '+977 9841000000',
      contactEmail: 'maya@example.com',
      insuranceProvider: 'Himalayan Assure',
      insurancePolicyNumber: 'HA-123456',
      insuranceEmergencyPhone: '+61 2 8263 0484',
    },
  })
  expect(saved.ok(), await saved.text()).toBe(true)
  await guidePage.reload()
  await expect(details).toContainText('Maya Rai')
  await expect(details.getByRole('link', { name: '+977 9841000000' })).toHaveAttribute('href', 'tel:+9779841000000')
  await expect(details.getByRole('link', { name: 'maya@example.com' })).toHaveAttribute('href', 'mailto:maya@example.com')
  await expect(details).toContainText('Himalayan Assure')
  await expect(details).toContainText('HA-123456')
  await expect(details.getByRole('link', { name: '+61 2 8263 0484' })).toHaveAttribute('href', 'tel:+61282630484')
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await guidePage.setViewportSize({ width, height })
    await details.scrollIntoViewIfNeeded()
    await guidePage.screenshot({ path: `e2e/screenshots/${device}-guide-emergency-details.png` })
  }
  await guidePage.context().close()
})
