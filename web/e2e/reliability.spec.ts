import { expect, test, untilLive } from './test'
import { shootBoth, signIn } from './helpers'
import { GUIDE, asUser, freeStart, tourId, traveller } from './langtang'

// Reliability travellers can see (issue 28): the guide's figures on their page and cards,
// the "Trusted guide" filter, the thresholds on the guide's dashboard, and a traveller
// whose guide cancelled pointed to guides free that day. This journey keeps to days
// 540-600 ahead of Kumar's calendar.

type Found = { data: { _id: string } }

test('a traveller sees how a guide answers, filters Trusted guides, and after a cancellation finds guides free that day', async ({ browser, request }) => {
  const tour = await request.get(`/api/v1/users/tour/${await tourId(request)}`)
  const guideId = ((await tour.json()) as { tour: { guide: { _id: string } } }).tour.guide._id
  const day = await freeStart(request, guideId, 540, 60)

  // The guide's page shows their figures, computed from the demo's trips.
  const { page } = await traveller(browser)
  await page.goto(`/guides/${guideId}`)
  await untilLive(page)
  const figures = page.getByRole('region', { name: 'Reliability' })
  await expect(figures).toBeVisible()
  await expect(figures).toContainText('Response rate')
  await expect(figures).toContainText('Trips the guide cancelled')
  await expect(figures).toContainText('Completed trips')
  await shootBoth(page, 'guide-reliability')

  // Trusted guides only: the list says so in its address, and every card carries the badge.
  await page.goto('/guides')
  await untilLive(page)
  // A controlled box: it shows checked once the filter has reached the address, so click
  // and wait for that rather than expect the state at the instant of the click.
  const trustedOnly = page.getByRole('checkbox', { name: 'Trusted guides only' }).first()
  await trustedOnly.click()
  await expect(trustedOnly).toBeChecked()
  await expect(page).toHaveURL(/trusted=true/)
  const cards = page.getByRole('article')
  await expect(cards.first()).toContainText('Trusted guide')
  const count = await cards.count()
  for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText('Trusted guide')
  await shootBoth(page, 'guides-trusted')

  // The guide agrees to a day, then cancels it.
  const asked = await asUser<Found>(page, 'POST', '/api/v1/tourists/booking/request', {
    guideId,
    selectedDate: day,
    selectedTime: '09:30',
    groupSize: 2,
    days: 1,
  })
  expect(asked.status).toBe(201)
  const guideContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const guide = await guideContext.newPage()
  await signIn(guide, GUIDE.email, GUIDE.password)
  const approved = await asUser(guide, 'PATCH', '/api/v1/guides/booking/status', { bookingId: asked.data.data._id, action: 'approve' })
  expect(approved.status).toBe(200)
  const cancelled = await asUser(guide, 'POST', `/api/v1/bookings/${asked.data.data._id}/cancel`, { reason: 'A family emergency' })
  expect(cancelled.status).toBe(200)

  // The traveller's trip points to guides free that day.
  await page.goto('/dashboard')
  await untilLive(page)
  const free = page.getByRole('link', { name: /^Guides free on/ })
  await expect(free).toBeVisible()
  await free.click()
  await expect(page).toHaveURL(new RegExp(`/guides\\?date=${day}`))
  await expect(page.getByLabel('Free on').first()).toHaveValue(day)

  // The guide sees each threshold of the badge and where they stand.
  await guide.goto('/guideDash')
  await untilLive(guide)
  const panel = guide.getByRole('region', { name: 'Trusted guide' })
  await expect(panel).toContainText('A valid guide licence')
  await expect(panel).toContainText('At most 1% of approved trips cancelled')
  await shootBoth(guide, 'guide-trust-panel')
  await guideContext.close()
})
