import { expect, test, untilLive, type Page } from './test'
import { shootBoth, signIn } from './helpers'
import { asUser, freeStart, GUIDE, nepalDate, payAtCheckout, TOUR, tourId, traveller } from './langtang'

// Group departures (issue 27): a guide opens fixed dates of a tour by the seat, travellers
// who do not know each other join and pay on the tour's page, the guide sees who joined,
// and cancelling it refunds everyone.

type TourPage = { tour: { _id: string; departures: { startDate: string; seatsLeft: number }[] } }

/** The departure with these dates, on the tour's page. */
const departureOn = (page: Page, dates: RegExp) => page.getByTestId('departure').filter({ has: page.getByRole('heading', { name: dates }) })

test('a guide opens a departure, two strangers join it by the seat, it runs, and cancelling it refunds them', async ({ page, browser, request }) => {
  test.setTimeout(240_000)
  const id = await tourId(request)
  const page0 = (await (await request.get(`/api/v1/users/tour/${id}`)).json()) as TourPage & { tour: { guide: { _id: string } } }
  const start = await freeStart(request, page0.tour.guide._id, 120, 200)

  // The guide opens four seats on a date of their choosing, running from two.
  await signIn(page, GUIDE.email, GUIDE.password)
  await page.goto('/guide/tours')
  await page.getByRole('link', { name: `Group departures of ${TOUR}` }).click()
  await expect(page).toHaveURL(new RegExp(`/guide/tours/${id}/edit#departures$`))
  const panel = page.getByRole('region', { name: 'Group departures' })
  const form = panel.getByRole('form', { name: 'Open a departure' })
  await form.getByLabel('First day').fill(start)
  await form.getByLabel('Seats', { exact: true }).fill('4')
  await form.getByLabel('Runs from (paid seats)').fill('5')
  await form.getByRole('button', { name: 'Open departure' }).click()
  // A slip is caught before it is sent.
  await expect(form.getByRole('alert')).toHaveText('Runs from must be a whole number from 1 to 4.')
  await form.getByLabel('Runs from (paid seats)').fill('2')
  await form.getByLabel('Price per seat (US$)').fill('400')
  await form.getByRole('button', { name: 'Open departure' }).click()
  await expect(panel.getByText("Departure opened. Travellers can join it on the tour's page.")).toBeVisible()
  const mine = panel.getByTestId('guide-departure').filter({ hasText: '0 paid, 0 taken of 4 seats, runs from 2' })
  await expect(mine).toHaveCount(1)
  const dates = (await mine.getByRole('paragraph').first().textContent())!.trim()
  const heading = new RegExp(`^${dates.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

  // The same dates again: the guide's days are taken, and the server says which.
  await form.getByLabel('First day').fill(start)
  await form.getByLabel('Seats', { exact: true }).fill('4')
  await form.getByLabel('Runs from (paid seats)').fill('2')
  await form.getByLabel('Price per seat (US$)').fill('400')
  await form.getByRole('button', { name: 'Open departure' }).click()
  await expect(form.getByRole('alert')).toContainText('You are not free on')

  // A first traveller finds it on the tour's page and takes two seats, then pays.
  const asha = await traveller(browser)
  await asha.page.goto(`/tours/${id}`)
  await untilLive(asha.page)
  const offered = departureOn(asha.page, heading)
  await expect(offered).toContainText('$400 per seat')
  await expect(offered).toContainText('4 seats left of 4')
  await expect(offered).toContainText('Runs with 2 more travellers')
  await shootBoth(asha.page, 'tour-departures')
  await offered.getByLabel('Seats').selectOption('2')
  await expect(offered).toContainText('Total $800')
  await offered.getByRole('button', { name: /Join the departure of/ }).click()
  await payAtCheckout(asha.page, '$800.00')

  // A second one takes one seat and leaves it unpaid for now; the departure now runs.
  const ben = await traveller(browser)
  await ben.page.goto(`/tours/${id}`)
  await untilLive(ben.page)
  const forBen = departureOn(ben.page, heading)
  await expect(forBen).toContainText('Confirmed: it runs')
  await expect(forBen).toContainText('2 seats left of 4')
  await forBen.getByRole('button', { name: /Join the departure of/ }).click()
  await expect(ben.page).toHaveURL(/\/checkout\/[^/]+$/)
  await ben.page.goto(`/tours/${id}`)
  await untilLive(ben.page)
  // One seat is left: that is all there is to choose.
  await expect(departureOn(ben.page, heading).getByLabel('Seats').locator('option')).toHaveCount(1)

  // The guide sees who joined.
  await page.reload()
  const joined = page.getByRole('region', { name: 'Group departures' }).getByTestId('guide-departure').filter({ hasText: '2 paid, 3 taken of 4 seats' })
  await expect(joined).toContainText('Asha Traveller')
  await expect(joined).toContainText('Confirmed')
  await expect(joined).toContainText('Awaiting payment')
  await shootBoth(page, 'guide-departures')

  // Cancelling asks first; then everyone is told and the paid seats are refunded.
  await joined.getByRole('button', { name: /Cancel the departure of/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this departure?' })
  await expect(dialog).toContainText('every paid seat is refunded in full')
  await dialog.getByRole('button', { name: 'Keep it' }).click()
  await expect(dialog).toBeHidden()
  await joined.getByRole('button', { name: /Cancel the departure of/ }).click()
  await dialog.getByRole('button', { name: 'Cancel departure' }).click()
  await expect(page.getByText('Departure cancelled. Everyone on it has been told.')).toBeVisible()
  await expect(page.getByTestId('guide-departure').filter({ hasText: dates }).getByText('Cancelled')).toBeVisible()

  // The traveller who paid finds the trip cancelled by the guide, with the refund on its way.
  await asha.page.goto('/dashboard')
  await untilLive(asha.page)
  await expect(asha.page.getByTestId('booking-tour').filter({ hasText: TOUR }).first()).toContainText(`Group departure: ${TOUR}`)
  const answer = await asha.page.evaluate(async () => {
    const token = localStorage.getItem('token')
    const response = await fetch('/api/v1/tourists/bookings', { headers: { Authorization: `Bearer ${token}` } })
    return (await response.json()) as { data: { bookingStatus: string; paymentStatus: string; cancelledBy: string | null; departureId: string | null }[] }
  })
  const seat = answer.data.find((b) => b.departureId !== null)
  expect(seat?.bookingStatus).toBe('cancelled')
  expect(seat?.cancelledBy).toBe('guide')
  expect(['refund_pending', 'refunded']).toContain(seat?.paymentStatus)
  await asha.page.context().close()
  await ben.page.context().close()
})

test('the travellers of a confirmed departure and their guide talk in one conversation', async ({ page, browser, request }) => {
  test.setTimeout(240_000)
  const id = await tourId(request)
  const { tour } = (await (await request.get(`/api/v1/users/tour/${id}`)).json()) as { tour: { guide: { _id: string }; cutoffHours: number } }
  // A departure soon (the demo's own start a month ahead), so that raising the tour's
  // booking notice past its start makes the sweep decide it now.
  let ahead = 0
  for (let day = 3; day < 25 && !ahead; day++) {
    const week = await request.get(`/api/v1/users/guide/${tour.guide._id}/availability?from=${nepalDate(day)}&to=${nepalDate(day + 6)}`)
    const { data } = (await week.json()) as { data: { unavailable: string[] } }
    if (data.unavailable.length === 0) ahead = day
  }
  expect(ahead, 'the demo guide has a free week in the next weeks').toBeGreaterThan(0)

  await signIn(page, GUIDE.email, GUIDE.password)
  const opened = await asUser<{ departure: { _id: string } }>(page, 'POST', `/api/v1/tours/${id}/departures`, {
    startDate: nepalDate(ahead),
    seats: 4,
    minToRun: 2,
    pricePerSeatUsd: 300,
  })
  expect(opened.status).toBe(201)
  const departureId = opened.data.departure._id

  // Two strangers take a seat each and pay; one has said where they are from.
  const asha = await traveller(browser)
  const ben = await traveller(browser)
  const profile = { bio: 'Walking round Nepal.', nationality: 'India', preferredLanguages: ['English'], interests: ['Trekking'] }
  expect((await asUser(asha.page, 'POST', '/api/v1/tourists/profile', profile)).status).toBe(200)
  for (const who of [asha, ben]) {
    const seat = await asUser<{ data: { _id: string } }>(who.page, 'POST', '/api/v1/tourists/booking/request', { departureId, groupSize: 1, message: 'One seat, please.' })
    expect(seat.status).toBe(201)
    await who.page.goto(`/checkout/${seat.data.data._id}`)
    await payAtCheckout(who.page, '$300.00')
  }

  // The booking notice grows past the start: the sweep confirms it, and the notice goes back.
  try {
    expect((await asUser(page, 'PATCH', `/api/v1/tours/${id}`, { cutoffHours: (ahead + 1) * 24 })).status).toBe(200)
    await expect
      .poll(
        async () => {
          const { data } = await asUser<{ departures: { _id: string; status: string }[] }>(page, 'GET', `/api/v1/tours/${id}/departures`)
          return data.departures.find((d) => d._id === departureId)?.status
        },
        { timeout: 30_000 },
      )
      .toBe('confirmed')
  } finally {
    await asUser(page, 'PATCH', `/api/v1/tours/${id}`, { cutoffHours: tour.cutoffHours })
  }

  // The first traveller finds the group among their messages and writes to it.
  await asha.page.goto('/messages')
  await untilLive(asha.page)
  await asha.page.getByRole('link', { name: TOUR }).click()
  await expect(asha.page.getByRole('heading', { name: TOUR })).toBeVisible()
  await expect(asha.page.getByText(/^Group departure · starts /)).toBeVisible()
  await expect(asha.page.getByText('In this group: Kumar (guide), Asha from India, Asha')).toBeVisible()
  await asha.page.getByLabel('Message the group').fill('Namaste! Anyone flying into Kathmandu on the day before?')
  await asha.page.getByLabel('Message the group').press('Enter')
  await expect(asha.page.getByRole('log')).toContainText('Anyone flying into Kathmandu')

  // The other traveller reads it, under the writer's first name, and answers.
  await ben.page.goto('/messages')
  await untilLive(ben.page)
  await expect(ben.page.getByRole('link', { name: new RegExp(TOUR) })).toContainText('Asha: Namaste!')
  await ben.page.getByRole('link', { name: new RegExp(TOUR) }).click()
  await expect(ben.page.getByRole('log')).toContainText('Anyone flying into Kathmandu')
  await ben.page.getByLabel('Message the group').fill('Yes, I land at noon.')
  await ben.page.getByLabel('Message the group').press('Enter')
  // It arrives live on the first traveller's open page.
  await expect(asha.page.getByRole('log')).toContainText('Yes, I land at noon.')
  await shootBoth(asha.page, 'group-conversation')

  // The guide sees the same conversation, with everyone in it.
  await page.goto('/messages')
  await untilLive(page)
  await page.getByRole('link', { name: new RegExp(TOUR) }).click()
  await expect(page.getByRole('log')).toContainText('Anyone flying into Kathmandu')
  await expect(page.getByRole('log')).toContainText('Yes, I land at noon.')
  await page.getByLabel('Message the group').fill('Welcome both! We meet at Thamel Chowk at 7.')
  await page.getByLabel('Message the group').press('Enter')
  await expect(ben.page.getByRole('log')).toContainText('We meet at Thamel Chowk')
  await shootBoth(page, 'group-conversation-guide')

  // Tidy up: the guide cancels it, which refunds both and frees the days.
  expect((await asUser(page, 'DELETE', `/api/v1/departures/${departureId}`)).status).toBe(200)
  await asha.page.context().close()
  await ben.page.context().close()
})
