import { expect, test, type APIRequestContext } from './test'
import { pngFile, shootBoth, signIn } from './helpers'

// The demo accounts of `yatra seed --demo`: the traveller's seeded trip with Hira Dura is left to this journey.
const DEMO_PASSWORD = 'namaste-yatra'
const TRAVELLER = { email: 'traveller@demo.yatra.np', name: 'Emma Laurent' }
const HIRA = { email: 'hira.dura@guides.demo.yatra.np', firstName: 'Hira' }

type Booking = { guide: { _id: string; firstName: string }; paymentStatus: string; bookingStatus: string }

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } })
  expect(response.ok(), `log in ${email}`).toBe(true)
  return ((await response.json()) as { token: string }).token
}

/** Hira's id, from the traveller's completed trip with her. */
async function hiraId(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request, TRAVELLER.email)
  const response = await request.get('/api/v1/tourists/bookings', { headers: { Authorization: `Bearer ${token}` } })
  const trips = ((await response.json()) as { data: Booking[] }).data
  const trip = trips.find((b) => b.guide.firstName === HIRA.firstName && b.bookingStatus === 'completed')
  expect(trip, 'the seeded completed trip with Hira').toBeDefined()
  return trip!.guide._id
}

test('reviews: a traveller reviews with sub-ratings and photos and edits it; the guide replies, edits and deletes the reply', async ({ page, browser, request }) => {
  // Two sign-ins (each 1.5 s and a reload), uploads and four full-page screenshots.
  test.setTimeout(120_000)
  const guideId = await hiraId(request)
  const comment = `Hira knew every rhododendron by name (${Date.now().toString(36)}).`

  // The traveller writes the review: 4 stars, two sub-ratings, two photos of which one is removed again.
  await signIn(page, TRAVELLER.email, DEMO_PASSWORD)
  await page.goto(`/guides/${guideId}`)
  await page.getByRole('button', { name: 'Write Review' }).click()
  const form = page.getByRole('form', { name: /^Review / })
  await form
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
    .click()
  await form.getByLabel('Knowledge').selectOption('5')
  await form.getByLabel('Safety').selectOption('4')
  await form.getByLabel('Your review').fill(comment)
  await form.getByLabel('Add photos').setInputFiles([await pngFile(page, 'ridge.png', 200), await pngFile(page, 'tea-house.png', 20)])
  await expect(form.getByRole('img', { name: 'Your photo 2' })).toBeVisible()
  await form.getByRole('button', { name: 'Remove photo 2' }).click()
  await expect(form.getByRole('img', { name: 'Your photo 2' })).toHaveCount(0)
  await form.getByRole('button', { name: 'Submit Review' }).click()
  await expect(form.getByRole('status')).toHaveText('Review submitted successfully!')

  // The list shows it with its sub-ratings and photo, which opens larger and closes with Escape.
  const mine = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: comment })
  await expect(mine.getByText('Knowledge: 5/5')).toBeVisible()
  await expect(mine.getByText('Safety: 4/5')).toBeVisible()
  const open = mine.getByRole('button', { name: `Open Photo 1 from the review by ${TRAVELLER.name}` })
  await open.focus()
  await page.keyboard.press('Enter')
  const larger = page.getByRole('dialog', { name: `Photos from ${TRAVELLER.name}` })
  await expect(larger.getByRole('img', { name: `Photo 1 from the review by ${TRAVELLER.name}` })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(larger).toBeHidden()
  await expect(page.getByRole('region', { name: "Travellers' photos" })).toBeVisible()
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: /\(\d+\)/ })
      .first(),
  ).toBeVisible()

  // Within 48 hours the author may change it: the form comes back filled in.
  await mine.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('form', { name: /^Edit your review/ })
  await expect(edit.getByLabel('Your review')).toHaveValue(comment)
  await expect(edit.getByLabel('Knowledge')).toHaveValue('5')
  await edit.getByLabel('Value').selectOption('5')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit.getByRole('status')).toHaveText('Review updated.')
  await expect(mine.getByText('Value: 5/5')).toBeVisible()

  // Sorting: with photos, this review comes first.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('with_photos')
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first()).toContainText(comment)
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('newest')

  // The guide replies on her own page, changes the reply, and deletes it after confirming.
  const guideContext = await browser.newContext()
  const guidePage = await guideContext.newPage()
  await signIn(guidePage, HIRA.email, DEMO_PASSWORD)
  await guidePage.goto(`/guides/${guideId}`)
  const reviewed = guidePage.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: comment })
  await reviewed.getByRole('button', { name: 'Reply', exact: true }).click()
  await reviewed.getByLabel('Your reply').fill('Thank you Emma! The rhododendrons bloom again in April.')
  await reviewed.getByRole('button', { name: 'Publish reply' }).click()
  await expect(reviewed.getByText('Thank you Emma! The rhododendrons bloom again in April.')).toBeVisible()
  await expect(reviewed.getByText(`Reply from ${HIRA.firstName}`)).toBeVisible()
  await reviewed.getByRole('button', { name: 'Edit reply' }).click()
  await reviewed.getByLabel('Your reply').fill('Thank you Emma! Come back in April for the rhododendrons.')
  await reviewed.getByRole('button', { name: 'Publish reply' }).click()
  await expect(reviewed.getByText('Thank you Emma! Come back in April for the rhododendrons.')).toBeVisible()

  // The traveller sees the reply under the review.
  await page.reload()
  await expect(mine.getByText('Thank you Emma! Come back in April for the rhododendrons.')).toBeVisible()
  await mine.scrollIntoViewIfNeeded()
  await shootBoth(page, 'guide-reviews-photos-reply')

  await reviewed.getByRole('button', { name: 'Delete reply' }).click()
  await expect(reviewed.getByText('Delete your reply?')).toBeVisible()
  await reviewed.getByRole('button', { name: 'Delete reply' }).click()
  await expect(reviewed.getByText('Thank you Emma! Come back in April for the rhododendrons.')).toHaveCount(0)
  await expect(reviewed.getByRole('button', { name: 'Reply', exact: true })).toBeVisible()
  await guideContext.close()
})
