import { expect, test, untilLive } from './test'
import { shootBoth, signIn } from './helpers'
import { freeStart, GUIDE, payAtCheckout, TOUR, tourId, traveller } from './langtang'

// Custom offers (issue 27): a family asks for the guide's tour with changes, the guide
// answers in the conversation with an itinerary and a price, and the family sees its
// altitude risk and books it.

test('a family asks to customise a tour, the guide sends an offer, and they book it', async ({ page, browser, request }) => {
  test.setTimeout(240_000)
  const id = await tourId(request)
  const { tour } = (await (await request.get(`/api/v1/users/tour/${id}`)).json()) as { tour: { guide: { _id: string } } }
  // Its own stretch of the guide's calendar: the departures journeys keep to theirs.
  const start = await freeStart(request, tour.guide._id, 330, 200)

  // The family asks from the tour's page; the question is begun for them.
  const family = await traveller(browser)
  await family.page.goto(`/tours/${id}`)
  await untilLive(family.page)
  await family.page.getByRole('link', { name: 'Ask to customise' }).click()
  const box = family.page.getByLabel('Message Kumar')
  await expect(box).toHaveValue(`I'd like to customise “${TOUR}”: `)
  await box.pressSequentially('we are a family of four and would like a rest day. Can you do it?')
  await box.press('Enter')
  await expect(family.page).toHaveURL(/\/messages\/[^/]+$/)
  const conversation = family.page.url()
  await expect(family.page.getByRole('log')).toContainText(`I'd like to customise “${TOUR}”: we are a family of four`)
  // The question is asked once: the box is empty again.
  await expect(family.page.getByLabel('Message Kumar')).toHaveValue('')

  // The guide answers with an offer: the tour's days, the family's dates, one price for all.
  await signIn(page, GUIDE.email, GUIDE.password)
  await page.goto(new URL(conversation).pathname)
  await untilLive(page)
  await expect(page.getByRole('log')).toContainText('would like a rest day')
  await page.getByRole('button', { name: 'Make an offer' }).click()
  const editor = page.getByRole('form', { name: /An offer for Asha/ })
  await editor.getByLabel('Start from').selectOption({ label: TOUR })
  await expect(editor.getByTestId('tour-day')).toHaveCount(7)
  await editor.getByLabel('People').fill('4')
  await editor.getByRole('button', { name: 'Send offer' }).click()
  // A slip is caught before it is sent.
  await expect(editor.getByText('Choose the first day of the trip.')).toBeVisible()
  await expect(editor.getByText('Enter a total price above $0, at most $200,000.')).toBeVisible()
  await editor.getByLabel('First day').fill(start)
  await editor.getByLabel('Total price (US$)').fill('1480')
  await editor.getByLabel('Note to the traveller (optional)').fill('Here is the trip for the four of you; the rest day is yours to place.')
  await expect(editor.getByTestId('acclimatisation')).toBeVisible()
  await shootBoth(page, 'offer-editor')
  await editor.getByRole('button', { name: 'Send offer' }).click()
  const sent = page.getByTestId('offer')
  await expect(sent).toContainText('Langtang Valley in 7 days, made for you')
  await expect(sent).toContainText('$1,480.00')
  await expect(sent.getByRole('button', { name: 'Withdraw' })).toBeVisible()

  // The family sees it arrive, with its risk and its days, and books it.
  const offer = family.page.getByTestId('offer')
  await expect(offer).toContainText('4 people')
  await expect(offer).toContainText('7 days')
  await expect(offer.getByTestId('acclimatisation')).toContainText(/Altitude risk: (low|moderate|high)/)
  await offer.getByText(/See the day-by-day plan/).click()
  await expect(offer.getByRole('table')).toBeVisible()
  await shootBoth(family.page, 'offer-card')
  await offer.getByRole('button', { name: 'Book this offer · $1,480.00' }).click()
  await payAtCheckout(family.page, '$1,480.00')

  // Their dashboard lists it booked; the guide's conversation shows it so.
  await family.page.goto('/dashboard')
  await untilLive(family.page)
  const listed = family.page.getByTestId('my-offer')
  await expect(listed).toContainText('Booked')
  await expect(family.page.getByRole('region', { name: 'Paid' }).getByTestId('booking-tour')).toHaveText("Custom trip from the guide's offer")
  await shootBoth(family.page, 'offers-dashboard')
  // The trip is kept for offline use with the offer's own days.
  await expect(family.page.getByRole('region', { name: 'Paid' }).getByText(/^Saved for offline on /)).toBeVisible()
  await family.page.route('**/api/v1/tourists/bookings*', (route) => route.abort('internetdisconnected'))
  await family.page.reload()
  const days = family.page.getByRole('region', { name: 'Saved for offline' }).getByTestId('saved-tour')
  await expect(days).toContainText('Your tour, day by day')
  await expect(days.getByRole('table').getByRole('row')).toHaveCount(8)
  await shootBoth(family.page, 'offer-offline')
  await family.page.unroute('**/api/v1/tourists/bookings*')
  await page.reload()
  await untilLive(page)
  await expect(page.getByTestId('offer')).toContainText('Booked')
  await family.page.context().close()
})
