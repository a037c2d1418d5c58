import { expect, test, type APIRequestContext, type Page } from './test'
import { emailedLink, logIn, PASSWORD, uniqueEmail } from './helpers'

// A seeded guide no other journey books, so these trips are this file's alone.
const GUIDE = { email: 'dil.gurung@guides.demo.yatra.np', password: 'namaste-yatra', name: 'Dil Gurung' }

function nepalDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const utc = (ymd: string) => new Date(`${ymd}T00:00:00Z`)
/** 'Saturday, 12 December 2026': a calendar day's name, and a day of the trip on the success page. */
const longDate = (ymd: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utc(ymd))
const monthName = (ymd: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utc(ymd))
const dollars = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount)

async function token(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } })
  expect(response.ok(), `log in ${email}`).toBe(true)
  return ((await response.json()) as { token: string }).token
}

/** Full-page screenshots at 1280 and 390 px wide, to look at (not committed). */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `/tmp/money-${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('the booking form totals people × days × the daily rate, and a 5-day trip is paid and confirmed day by day', async ({ page, request }) => {
  test.setTimeout(180_000)
  // A new, verified traveller, signed in.
  const email = uniqueEmail('tourist')
  const signup = await request.post('/api/v1/auth/signup', {
    data: { firstName: 'Asha', lastName: 'Traveller', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'tourist' },
  })
  expect(signup.ok()).toBe(true)
  await page.goto(await emailedLink(email, '/verify-email'))
  await expect(page.getByText('Email verified')).toBeVisible()
  await logIn(page, email)
  const guide = await token(request, GUIDE.email, GUIDE.password)
  const profile = await request.get('/api/v1/guides/guide-profile', { headers: { Authorization: `Bearer ${guide}` } })
  const { _id: guideId, guideDetails } = ((await profile.json()) as { data: { _id: string; guideDetails: { pricePerDay: number } } }).data
  const rate = guideDetails.pricePerDay
  const start = nepalDate(40)

  // The guide's page says what the rate is for; the form totals it as the traveller chooses.
  await page.goto(`/guides/${guideId}`)
  await expect(page.getByText('per person per day').first()).toBeVisible()
  await page.getByRole('button', { name: 'Book Experience' }).click()
  const modal = page.getByRole('dialog', { name: /^Book / })
  const summary = modal.getByRole('region', { name: 'Price summary' })
  await expect(summary).toContainText(`${dollars(rate)} per person per day × 1 person × 1 day`)
  const grid = modal.getByRole('grid', { name: `First day, ${monthName(start)}` })
  for (let i = 0; i < 13 && (await grid.count()) === 0; i++) await modal.getByRole('button', { name: 'Next month' }).click()
  await grid.getByRole('button', { name: new RegExp(`^${longDate(start)}`) }).click()
  await modal.getByRole('button', { name: 'One person more' }).click()
  for (let i = 0; i < 4; i++) await modal.getByRole('button', { name: 'One day more' }).click()
  await expect(summary).toContainText(`${dollars(rate)} per person per day × 2 people × 5 days`)
  await expect(summary).toContainText(`Total${dollars(rate * 2 * 5)}`)
  await shoot(page, 'booking-total')
  await modal.getByRole('button', { name: 'Request Booking' }).click()
  await expect(modal.getByRole('status')).toContainText('Booking requested successfully!')

  // The guide approves it.
  const requests = await request.get('/api/v1/guides/bookings', { headers: { Authorization: `Bearer ${guide}` } })
  expect(requests.ok()).toBe(true)
  const listed = ((await requests.json()) as { data: { _id: string; selectedDate: string; days: number; tourist: { email: string } }[] }).data
  const booking = listed.find((b) => b.tourist.email === email && b.selectedDate === start)
  expect(booking?.days).toBe(5)
  const approved = await request.patch('/api/v1/guides/booking/status', { headers: { Authorization: `Bearer ${guide}` }, data: { bookingId: booking!._id, action: 'approve' } })
  expect(approved.ok()).toBe(true)

  // The sandbox checkout names the trip by its days; the success page lists each of them.
  await page.goto(`/checkout/${booking!._id}`)
  await page.getByRole('button', { name: 'Pay with Stripe' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  const paying = page.getByRole('region', { name: 'What you are paying for' })
  await expect(paying).toContainText(`5 days with ${GUIDE.name}`)
  await shoot(page, 'sandbox-checkout')
  await page.getByRole('button', { name: `Pay ${dollars(rate * 2 * 5)}` }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  const days = page.getByRole('list', { name: 'Days' })
  await expect(days.getByRole('listitem')).toHaveText([0, 1, 2, 3, 4].map((i) => `Day ${i + 1}: ${longDate(nepalDate(40 + i))}`))
  await shoot(page, 'success-days')
})
