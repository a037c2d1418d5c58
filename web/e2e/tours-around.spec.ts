import { expect, test, type APIRequestContext, type Page as BrowserPage } from './test'
import { logIn, signUp, uniqueEmail, verifyEmail } from './helpers'
import { ADMIN, apiLogIn, createDestination } from './discovery-data'

// Tours where travellers already look: a destination's page and its Plan your trip panel, a
// guide's page, and a booked tour on the dashboard, at checkout and in the offline trek pack.

type Card = { _id: string; title: string; risk: 'low' | 'moderate' | 'high'; bookingMode: 'request' | 'instant'; dayCount: number; guide: { _id: string; firstName: string } }
type Page = { tours: Card[]; total: number }

/** Full-page shots at phone (390 px) and desktop (1280 px) widths, outside the repository, to look at. */
async function shootBoth(page: BrowserPage, name: string) {
  for (const [device, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `/tmp/shots-tours-around/${device}-${name}.png`, fullPage: true })
  }
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path)
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true)
  return (await response.json()) as T
}

/** Today in Nepal plus `days`, as `YYYY-MM-DD`. */
function nepalDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

async function destinationNamed(request: APIRequestContext, name: string): Promise<{ _id: string; name: string }> {
  const { destinations } = await getJson<{ destinations: { _id: string; name: string }[] }>(request, `/api/v1/users/destinations?query=${encodeURIComponent(name)}`)
  const found = destinations.find((d) => d.name === name)
  if (!found) throw new Error(`the demo seed has no ${name}`)
  return found
}

test('a destination with tours lists them, and its panel prices them all-in for the date, group and nationality', async ({ page, request }) => {
  const everest = await destinationNamed(request, 'Everest Base Camp')
  const listed = await getJson<Page>(request, `/api/v1/users/tours?destination=${everest._id}`)
  expect(listed.total).toBeGreaterThan(0)

  await page.goto(`/destination/${everest._id}`)
  const section = page.getByRole('region', { name: 'Tours to Everest Base Camp' })
  for (const tour of listed.tours) await expect(section.getByRole('link', { name: new RegExp(tour.title) })).toHaveAttribute('href', `/tours/${tour._id}`)

  // One foreign visitor pays both permits in full (NPR 3,000 + 3,000); a SAARC citizen NPR 1,500 for the park.
  const plan = page.getByRole('region', { name: 'Plan your trip' })
  const firstQuote = plan.getByTestId('tour-quote').first()
  await expect(firstQuote.getByText('Includes permits: NPR 6,000')).toBeVisible()
  await expect(plan.getByText('$160.00')).toHaveCount(0)
  const foreign = await firstQuote.getByTestId('all-in').textContent()
  await plan.getByLabel('Permit fees for').selectOption('saarc')
  await expect(firstQuote.getByText('Includes permits: NPR 4,500')).toBeVisible()
  await expect(firstQuote.getByTestId('all-in')).not.toHaveText(foreign ?? '')
  await shootBoth(page, 'tours-around-destination')

  // Book This Trip: the tours list with the choice, or the tour itself when only one fits.
  const start = nepalDate(200)
  await plan.getByLabel('Visit Date').fill(start)
  await plan.getByLabel('Number of Visitors').selectOption('2 People')
  const fitting = await getJson<Page>(request, `/api/v1/users/tours?destination=${everest._id}&groupSize=2&availableOn=${start}&sort=price_asc&limit=3`)
  await expect(plan.getByTestId('tour-quote')).toHaveCount(fitting.tours.length)
  await plan.getByRole('button', { name: 'Book This Trip' }).click()
  if (fitting.total === 1) await expect(page).toHaveURL(`/tours/${fitting.tours[0]._id}`)
  else await expect(page).toHaveURL(`/tours?destination=${everest._id}&availableOn=${start}&groupSize=2`)
})

test('a destination with no tour keeps the fixed panel, and Book This Trip looks for guides', async ({ page, request }) => {
  const admin = await apiLogIn(request, ADMIN.email, ADMIN.password)
  const name = `Tourless Ridge ${Date.now().toString(36)}`
  const made = await createDestination(
    request,
    admin,
    { name, location: 'Dolakha, Bagmati Province', description: 'A quiet ridge no guide sells yet.', rating: 4, reviews: 3, popular: false, point: null },
    210,
  )
  try {
    await page.goto(`/destination/${made._id}`)
    await expect(page.getByRole('region', { name: `Tours to ${name}` })).toContainText(`No guide offers a tour to ${name} yet.`)
    const plan = page.getByRole('region', { name: 'Plan your trip' })
    for (const amount of ['$120.00', '$40.00', '$160.00']) await expect(plan.getByText(amount)).toBeVisible()
    await shootBoth(page, 'tours-around-no-tour')
    await plan.getByRole('button', { name: 'Book This Trip' }).click()
    await expect(page).toHaveURL(/\/search\?place=Dolakha/)
  } finally {
    await request.delete(`/api/v1/admin/destinations/${made._id}`, { headers: { Authorization: `Bearer ${admin}` } })
  }
})

test('a guide’s page lists their published tours', async ({ page, request }) => {
  const everest = await destinationNamed(request, 'Everest Base Camp')
  const { tours } = await getJson<Page>(request, `/api/v1/users/tours?destination=${everest._id}`)
  const guide = tours[0].guide
  const theirs = await getJson<Page>(request, `/api/v1/users/tours?guide=${guide._id}`)
  expect(theirs.tours.every((t) => t.guide._id === guide._id)).toBe(true)

  await page.goto(`/guides/${guide._id}`)
  const section = page.getByRole('region', { name: `Tours by ${guide.firstName}` })
  await expect(section.getByRole('link')).toHaveCount(theirs.total)
  for (const tour of theirs.tours) await expect(section.getByRole('link', { name: new RegExp(tour.title) })).toContainText(`${tour.dayCount} days`)
  await shootBoth(page, 'tours-around-guide')
  await section.getByRole('link', { name: new RegExp(theirs.tours[0].title) }).click()
  await expect(page).toHaveURL(`/tours/${theirs.tours[0]._id}`)
})

test('a traveller who books a tour sees it on the dashboard, its altitude risk at checkout, and its days in the offline pack', async ({ page, request }) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await logIn(page, email)
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect(token).toBeTruthy()
  const auth = { Authorization: `Bearer ${token}` }

  // An instant tour that climbs fast; far random dates keep reruns and other journeys apart.
  const { tours } = await getJson<Page>(request, '/api/v1/users/tours?limit=50&sort=days_desc')
  const tour = tours.find((t) => t.bookingMode === 'instant' && t.risk !== 'low')
  if (!tour) throw new Error('the demo seed has no instant tour with an altitude risk')
  let bookingId = ''
  for (let attempt = 0; attempt < 6 && !bookingId; attempt++) {
    const response = await request.post('/api/v1/tourists/booking/request', {
      headers: auth,
      data: { tourId: tour._id, selectedDate: nepalDate(40 + Math.floor(Math.random() * 600)), groupSize: 1, message: 'Tea at the teahouse, please.' },
    })
    if (response.status() === 409) continue
    expect(response.ok(), `book the tour: ${response.status()} ${await response.text()}`).toBe(true)
    bookingId = ((await response.json()) as { data: { _id: string } }).data._id
  }
  expect(bookingId, 'the tour was booked').not.toBe('')

  // The dashboard names the tour; Pay now leads to the checkout with the altitude check.
  await page.goto('/dashboard')
  const approved = page.getByRole('region', { name: 'Approved' })
  const trip = approved
    .getByRole('listitem')
    .filter({ has: page.getByTestId('booking-tour') })
    .first()
  await expect(trip.getByTestId('booking-tour')).toContainText(`Tour: ${tour.title}`)
  await expect(trip.getByRole('link', { name: tour.title })).toHaveAttribute('href', `/tours/${tour._id}`)
  await shootBoth(page, 'tours-around-dashboard')
  await trip.getByRole('link', { name: /Pay now/ }).click()
  await expect(page).toHaveURL(`/checkout/${bookingId}`)
  const check = page.getByRole('region', { name: 'Altitude check' })
  await expect(check).toContainText(`Altitude risk: ${tour.risk}`)
  await expect(check.getByRole('link', { name: /altitude sickness/ })).toHaveAttribute('href', '/altitude-sickness')
  await shootBoth(page, 'tours-around-checkout')

  // Paid (through the sandbox), the trip is kept for offline use with the tour's days.
  const session = await request.get(`/api/v1/tourists/stripe/create-session/${bookingId}`, { headers: auth })
  expect(session.ok()).toBe(true)
  const { sessionId } = (await session.json()) as { sessionId: string }
  expect((await request.post(`/api/v1/payments/sandbox/${sessionId}/pay`, { headers: auth, data: {} })).ok()).toBe(true)
  await page.goto('/dashboard')
  const paid = page
    .getByRole('region', { name: 'Paid' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: tour.title }) })
  await expect(paid.getByText(/^Saved for offline on /)).toBeVisible()

  // With the bookings out of reach, the dashboard shows the saved pack.
  await page.route('**/api/v1/tourists/bookings*', (route) => route.abort('internetdisconnected'))
  await page.reload()
  const saved = page
    .getByRole('region', { name: 'Saved for offline' })
    .getByRole('listitem')
    .filter({ has: page.getByTestId('saved-tour') })
  const days = saved.getByTestId('saved-tour')
  await expect(days).toContainText(`Altitude risk: ${tour.risk}`)
  await expect(days.getByRole('table').getByRole('row')).toHaveCount(tour.dayCount + 1)
  await expect(days.getByRole('note', { name: 'Altitude sickness: what to watch for' })).toContainText('descend now')
  await expect(days.getByRole('link', { name: /Read more about altitude sickness/ })).toHaveAttribute('href', '/altitude-sickness')
  await shootBoth(page, 'tours-around-offline')
})
