import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from './test'
import { signIn } from './helpers'

// A seeded guide no other journey books, so their balance is this file's alone.
const DEMO_PASSWORD = 'namaste-yatra'
const GUIDE = { email: 'tsewang.lama@guides.demo.yatra.np', name: 'Tsewang Lama' }
const TRAVELLER = 'traveller@demo.yatra.np'
const ADMIN = 'admin@demo.yatra.np'

const dollars = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount)

/** Today in Nepal plus `days`, as `YYYY-MM-DD`. */
function nepalDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

async function token(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } })
  expect(response.ok(), `log in ${email}`).toBe(true)
  return ((await response.json()) as { token: string }).token
}

async function call(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH', path: string, bearer: string, data?: unknown) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${bearer}` }, data })
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true)
  return (await response.json()) as { data: Record<string, unknown>; sessionId?: string }
}

/**
 * Time passes: the trip moves into the past, written straight to the throw-away database
 * with-server.sh made (SQLite in YATRA_DATA_DIR, or the PostgreSQL database it created).
 */
function tripWasDaysAgo(bookingId: string, daysAgo: number) {
  const day = nepalDate(-daysAgo)
  if (!/^[0-9a-f]+$/.test(bookingId)) throw new Error(`unexpected booking id ${bookingId}`)
  const sql = `UPDATE bookings SET selected_date = '${day}', end_date = '${day}' WHERE id = '${bookingId}'`
  const postgres = process.env.YATRA_DATABASE_URL
  if (postgres?.startsWith('postgres')) execFileSync('psql', [postgres, '-qc', sql])
  else {
    const file = join(process.env.YATRA_DATA_DIR ?? '', 'yatra.db')
    execFileSync('python3', ['-c', 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1], timeout=10); c.execute(sys.argv[2]); c.commit()', file, sql])
  }
}

async function shoot(page: Page, name: string) {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 360, 780],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a traveller pays, the trip ends, the guide sees the earning less commission, an admin pays it out', async ({ page, request }) => {
  test.setTimeout(180_000)
  const guideToken = await token(request, GUIDE.email)
  const travellerToken = await token(request, TRAVELLER)
  const profile = await call(request, 'GET', '/api/v1/guides/guide-profile', guideToken)
  const guideId = profile.data._id as string
  const rate = (profile.data.guideDetails as { pricePerDay: number }).pricePerDay

  // The traveller books two people for a day, the guide approves, the traveller pays.
  const asked = await call(request, 'POST', '/api/v1/tourists/booking/request', travellerToken, {
    guideId,
    selectedDate: nepalDate(20 + Math.floor(Math.random() * 200)),
    selectedTime: '09:00',
    groupSize: 2,
    days: 1,
  })
  const bookingId = asked.data._id as string
  await call(request, 'PATCH', '/api/v1/guides/booking/status', guideToken, { bookingId, action: 'approve' })
  const session = await call(request, 'GET', `/api/v1/tourists/stripe/create-session/${bookingId}`, travellerToken)
  await call(request, 'POST', `/api/v1/payments/sandbox/${session.sessionId}/pay`, travellerToken, {})
  const total = rate * 2
  const commission = Math.floor(total * 15) / 100
  const share = total - commission

  // The guide says where to be paid, on their profile.
  await signIn(page, GUIDE.email, DEMO_PASSWORD)
  await page.goto('/guide/profile')
  const details = page.getByRole('region', { name: 'Payout details (private)' })
  await details.getByRole('button', { name: /payout details/ }).click()
  await details.getByLabel('Khalti wallet').check()
  await details.getByLabel('Account holder').fill(GUIDE.name)
  await details.getByLabel('Khalti mobile number').fill('98')
  await details.getByRole('button', { name: 'Save payout details' }).click()
  await expect(details.getByRole('alert')).toHaveText('Khalti number must be a 10-digit Nepali mobile number, e.g. 98XXXXXXXX')
  await details.getByLabel('Khalti mobile number').fill('980-000-0042')
  await details.getByRole('button', { name: 'Save payout details' }).click()
  await expect(details.getByText('Payout details saved')).toBeVisible()
  await expect(details).toContainText('•••• 0042')

  // Paid but not yet travelled: pending.
  await page.goto('/guideDash')
  const trips = page.getByRole('region', { name: 'Trip earnings' })
  await expect(trips).toContainText(`${dollars(total)} paid, less ${dollars(commission)} Yatra commission`)
  const before = (await call(request, 'GET', '/api/v1/guides/earnings', guideToken)).data as { pending: number; available: number }
  expect(before.pending).toBeGreaterThanOrEqual(share)

  // Five days later the trip is over (the sweep completes it) and its 3-day hold has passed.
  tripWasDaysAgo(bookingId, 5)
  await expect
    .poll(async () => ((await call(request, 'GET', '/api/v1/guides/earnings', guideToken)).data as { available: number }).available, { timeout: 20_000 })
    .toBeCloseTo(before.available + share, 2)
  const owed = before.available + share
  await page.reload()
  const balance = page.getByRole('region', { name: 'Earnings', exact: true })
  await expect(balance).toContainText(`Available to pay out${dollars(owed)}`)
  await expect(balance).toContainText('Payouts go to Khalti wallet •••• 0042')
  await page.getByRole('region', { name: 'Payout history' }).scrollIntoViewIfNeeded()
  await shoot(page, 'guide-earnings')

  // An admin pays the whole balance out.
  const admin = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 800 } })
  const adminPage = await admin.newPage()
  await signIn(adminPage, ADMIN, DEMO_PASSWORD)
  await adminPage.goto('/admin?tab=payouts')
  const row = adminPage.getByRole('listitem', { name: GUIDE.name })
  await expect(row).toContainText('Khalti: 9800000042 (Tsewang Lama)')
  await expect(row).toContainText(dollars(owed))
  await shoot(adminPage, 'admin-payouts')
  const [csv] = await Promise.all([adminPage.waitForEvent('download'), adminPage.getByRole('button', { name: 'Download CSV for the bank' }).click()])
  expect(csv.suggestedFilename()).toMatch(/^yatra-payouts-\d{4}-\d{2}-\d{2}\.csv$/)
  await row.getByRole('button', { name: 'Record payout' }).click()
  const dialog = adminPage.getByRole('dialog', { name: `Pay ${GUIDE.name}` })
  await expect(dialog.getByLabel('Amount (USD)')).toHaveValue(owed.toFixed(2))
  await expect(dialog.getByLabel('Sent by')).toHaveValue('khalti')
  await dialog.getByRole('button', { name: 'Record payout' }).click()
  await expect(dialog.getByRole('alert')).toHaveText("Enter the bank's or Khalti's reference for the transfer")
  await dialog.getByLabel('Transfer reference').fill('KHALTI-E2E-1')
  await dialog.getByRole('button', { name: 'Record payout' }).click()
  await expect(adminPage.getByText(`Payout of ${dollars(owed)} to ${GUIDE.name} recorded`)).toBeVisible()
  await expect(adminPage.getByRole('listitem', { name: GUIDE.name })).toHaveCount(0)
  await admin.close()

  // The guide's available balance is back to zero and the payout is in their history.
  await page.reload()
  await expect(balance).toContainText(`Available to pay out${dollars(0)}`)
  const history = page.getByRole('region', { name: 'Payout history' })
  await expect(history).toContainText('Paid out to your Khalti wallet')
  await expect(history).toContainText('Reference KHALTI-E2E-1')
  await expect(history).toContainText(`-${dollars(owed)}`)
})
