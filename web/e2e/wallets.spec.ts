import { expect, test, type APIRequestContext, type Page } from './test'
import { emailedLink, logIn, PASSWORD, shootBoth, uniqueEmail } from './helpers'

// A seeded guide no other journey books ($35 a day), so these trips are this file's alone.
const GUIDE = { email: 'sabina.ale@guides.demo.yatra.np', password: 'namaste-yatra' }
// scripts/with-server.sh runs the sandbox at 133.5 rupees a dollar: two people, one day, $70.
const CHARGED = 'NPR 9,345'
const RATE = 'NPR 133.50 per US$1'

test.describe.configure({ mode: 'serial' })

function nepalDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

async function token(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } })
  expect(response.ok(), `log in ${email}`).toBe(true)
  return ((await response.json()) as { token: string }).token
}

/** A new, verified traveller signed in in `page`, with a booking of the guide approved `days` ahead. */
async function travellerWithApprovedTrip(page: Page, request: APIRequestContext, days: number): Promise<string> {
  const email = uniqueEmail('tourist')
  const signup = await request.post('/api/v1/auth/signup', {
    data: { firstName: 'Asha', lastName: 'Traveller', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'tourist' },
  })
  expect(signup.ok()).toBe(true)
  await page.goto(await emailedLink(email, '/verify-email'))
  await expect(page.getByText('Email verified')).toBeVisible()
  const traveller = await token(request, email, PASSWORD)
  const guide = await token(request, GUIDE.email, GUIDE.password)
  const profile = await request.get('/api/v1/guides/guide-profile', { headers: { Authorization: `Bearer ${guide}` } })
  const guideId = ((await profile.json()) as { data: { _id: string } }).data._id
  const asked = await request.post('/api/v1/tourists/booking/request', {
    headers: { Authorization: `Bearer ${traveller}` },
    data: { guideId, selectedDate: nepalDate(days), selectedTime: '09:30', groupSize: 2, pricePerPerson: 35 },
  })
  expect(asked.status()).toBe(201)
  const bookingId = ((await asked.json()) as { data: { _id: string } }).data._id
  const approved = await request.patch('/api/v1/guides/booking/status', { headers: { Authorization: `Bearer ${guide}` }, data: { bookingId, action: 'approve' } })
  expect(approved.ok()).toBe(true)
  await logIn(page, email)
  return bookingId
}

async function checkoutShowsRupees(page: Page, bookingId: string) {
  await page.goto(`/checkout/${bookingId}`)
  const amount = page.getByLabel('Wallet amount')
  await expect(amount).toContainText(`Khalti and eSewa charge in rupees: ${CHARGED}`)
  await expect(amount).toContainText(`$70.00 at ${RATE}, rounded to the rupee.`)
}

async function receiptShowsRupees(page: Page, bookingId: string, method: string) {
  await page.getByRole('link', { name: 'Download Receipt' }).click()
  await expect(page).toHaveURL(`/receipt/${bookingId}`)
  const receipt = page.getByRole('article')
  await expect(receipt).toContainText(method)
  await expect(receipt).toContainText(`$70.00 at ${RATE}`)
  await expect(receipt).toContainText('Total paid (NPR)')
  await expect(receipt).toContainText(`${CHARGED}.00`)
}

test('a traveller pays with Khalti in the sandbox, comes back through the return page, and the receipt states the rupees', async ({ page, request }) => {
  const bookingId = await travellerWithApprovedTrip(page, request, 40)
  await checkoutShowsRupees(page, bookingId)
  await shootBoth(page, 'checkout-wallets')

  // Cancelling on Khalti's (sandbox) page comes back as "did not go through", nothing charged.
  await page.getByRole('button', { name: 'Pay with Khalti' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  await expect(page.getByRole('region', { name: 'Test Khalti account' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/payments\/khalti\/return\?pidx=sandbox_.*status=User%20canceled/)
  await expect(page.getByRole('heading', { name: 'The Khalti payment did not go through' })).toBeVisible()
  await page.getByRole('link', { name: 'Try Payment Again' }).click()
  await expect(page).toHaveURL(`/checkout/${bookingId}`)

  await page.getByRole('button', { name: 'Pay with Khalti' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  await shootBoth(page, 'sandbox-khalti')
  await page.getByRole('button', { name: /^Pay NPR\s9,345\.00$/ }).click()
  await expect(page).toHaveURL(/\/payments\/khalti\/return\?pidx=sandbox_.*status=Completed/)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.locator('main')).toContainText(`${CHARGED}.00`)
  await shootBoth(page, 'khalti-return-paid')
  await receiptShowsRupees(page, bookingId, 'Khalti test payment')
  await shootBoth(page, 'receipt-khalti')
})

test('a traveller pays with eSewa in the sandbox; the signed answer is confirmed by the server', async ({ page, request }) => {
  const bookingId = await travellerWithApprovedTrip(page, request, 41)
  await checkoutShowsRupees(page, bookingId)
  await page.getByRole('button', { name: 'Pay with eSewa' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  await expect(page.getByRole('region', { name: 'Test eSewa account' })).toBeVisible()
  await page.getByRole('button', { name: /^Pay NPR\s9,345\.00$/ }).click()
  await expect(page).toHaveURL(/\/payments\/esewa\/success\?data=/)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await shootBoth(page, 'esewa-return-paid')
  await receiptShowsRupees(page, bookingId, 'eSewa test payment')

  // The checkout now says it is paid; the wallets are gone.
  await page.goto(`/checkout/${bookingId}`)
  await expect(page.getByRole('region', { name: 'Payment Complete' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay with eSewa' })).toHaveCount(0)
})
