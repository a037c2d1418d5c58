import { expect, test, type APIRequestContext, type Page } from './test'
import { expectAccessible, logIn, shootBoth, signIn, signUp, uniqueEmail, verifyEmail } from './helpers'

// Saved lists (issue 16): hearts that follow the account, a visitor's hearts merged on
// login, and Write Review offered only to a traveller with a completed trip.

const DEMO = { traveller: 'traveller@demo.yatra.np', password: 'namaste-yatra' }
// The seed gives the demo traveller a completed, unreviewed trip with this guide.
const REVIEWED_GUIDE = 'sunita.maharjan@guides.demo.yatra.np'

type Card = { _id: string; firstName: string; lastName: string }

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } })
  expect(response.ok(), `log in ${email}`).toBe(true)
  return ((await response.json()) as { token: string }).token
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /Account$/ }).click()
  await page.locator('#profile-menu').getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
}

/** A new traveller, signed up, verified and signed in on `page`. */
async function newTraveller(page: Page): Promise<string> {
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await logIn(page, email)
  return email
}

const fullName = (card: Card) => `${card.firstName} ${card.lastName}`

test('a traveller saves two guides, logs out, and finds them on Saved in another browser', async ({ page, browser, request }) => {
  test.setTimeout(90_000)
  const email = await newTraveller(page)

  await page.goto('/guides')
  const cards = page.getByRole('article')
  await expect(cards.first()).toBeVisible()
  const names: string[] = []
  for (const index of [0, 1]) {
    const card = cards.nth(index)
    const name = (await card.getAttribute('aria-label'))!
    const heart = card.getByRole('button', { name: `Favourite ${name}` })
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await heart.click()
    // Pressed at once (optimistic), and still pressed once the server has answered.
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    names.push(name)
  }
  await expect
    .poll(async () => {
      const token = await apiToken(request, email, 'Namaste-Everest-2026')
      const response = await request.get('/api/v1/favourites', { headers: { Authorization: `Bearer ${token}` } })
      return ((await response.json()) as { data: { guides: Card[] } }).data.guides.map(fullName).sort()
    })
    .toEqual([...names].sort())
  await logOut(page)

  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 } })
  const other = await elsewhere.newPage()
  await logIn(other, email)
  await other.getByRole('button', { name: /Account$/ }).click()
  await other.locator('#profile-menu').getByRole('link', { name: 'Saved' }).click()
  await expect(other).toHaveURL(/\/saved$/)
  const saved = other.getByRole('region', { name: 'Guides (2)' })
  await expect(saved.getByRole('article')).toHaveCount(2)
  // Newest first.
  await expect(saved.getByRole('article').first()).toHaveAttribute('aria-label', names[1])
  await expect(saved.getByRole('article').nth(1)).toHaveAttribute('aria-label', names[0])
  await shootBoth(other, 'saved')
  await expectAccessible(other, '/saved')

  // Un-hearting on Saved removes the card.
  await saved.getByRole('button', { name: `Favourite ${names[0]}` }).click()
  await expect(other.getByRole('region', { name: 'Guides (1)' }).getByRole('article')).toHaveCount(1)
  await other
    .getByRole('region', { name: 'Guides (1)' })
    .getByRole('button', { name: `Favourite ${names[1]}` })
    .click()
  await expect(other.getByText('Nothing saved yet')).toBeVisible()
  await shootBoth(other, 'saved-empty')
  await elsewhere.close()
})

test('a visitor’s favourites are merged into the account on login, then forgotten locally', async ({ page }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)

  // Signed out: the heart keeps the destination and the guide in this browser.
  await page.goto('/destinations')
  const destination = page.getByRole('article').first()
  const place = (await destination.getAttribute('aria-label'))!
  await destination.getByRole('button', { name: `Favourite ${place}` }).click()
  await expect(destination.getByRole('button', { name: `Favourite ${place}` })).toHaveAttribute('aria-pressed', 'true')
  await page.goto('/guides')
  const guideCard = page.getByRole('article').first()
  const guide = (await guideCard.getAttribute('aria-label'))!
  await guideCard.getByRole('button', { name: `Favourite ${guide}` }).click()
  await page.getByRole('link', { name: guide }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: guide })).toBeVisible()
  await expect(page.getByRole('button', { name: `Favourite ${guide}` })).toHaveAttribute('aria-pressed', 'true')
  await shootBoth(page, 'guide-page-heart')
  expect(
    await page.evaluate(() => [localStorage.getItem('yatra:favourite-destinations'), localStorage.getItem('yatra:favourite-guides')].map((raw) => JSON.parse(raw ?? '[]').length)),
  ).toEqual([1, 1])

  await logIn(page, email)
  await page.goto('/saved')
  await expect(page.getByRole('region', { name: 'Destinations (1)' }).getByRole('article', { name: place })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Guides (1)' }).getByRole('article', { name: guide })).toBeVisible()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('yatra:favourite-destinations') ?? localStorage.getItem('yatra:favourite-guides'))).toBeNull()
})

test('Write Review is offered only to a traveller with a completed trip with the guide', async ({ page, request }) => {
  test.setTimeout(90_000)
  const guideToken = await apiToken(request, REVIEWED_GUIDE, DEMO.password)
  const profile = await request.get('/api/v1/guides/guide-profile', { headers: { Authorization: `Bearer ${guideToken}` } })
  const guide = ((await profile.json()) as { data: { _id: string; firstName: string } }).data
  const whoReviews = `Reviews come from travellers who completed a trip with ${guide.firstName}.`

  // A new traveller has no trip with them: no Write Review, and the reason.
  await newTraveller(page)
  await page.goto(`/guides/${guide._id}`)
  await expect(page.getByText(whoReviews)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Write Review' })).toHaveCount(0)
  await shootBoth(page, 'guide-no-review')
  await logOut(page)

  // The demo traveller's trip with them is completed (and, unless another journey reviewed it, not reviewed yet).
  const token = await apiToken(request, DEMO.traveller, DEMO.password)
  const answer = await request.get(`/api/v1/users/guide/${guide._id}/can-review`, { headers: { Authorization: `Bearer ${token}` } })
  const { canReview } = ((await answer.json()) as { data: { canReview: boolean } }).data
  await signIn(page, DEMO.traveller, DEMO.password)
  await page.goto(`/guides/${guide._id}`)
  await expect(page.getByRole('heading', { name: /^Reviews \(\d+\)$/ })).toBeVisible()
  if (!canReview) {
    test.info().annotations.push({ type: 'skip', description: 'The demo trip was already reviewed by another journey on this database' })
    await expect(page.getByText(whoReviews)).toBeVisible()
    return
  }
  await page.getByRole('button', { name: 'Write Review' }).click()
  await expect(page.getByRole('form', { name: /^Review / })).toBeVisible()
  await expect(page.getByText(whoReviews)).toHaveCount(0)
  await shootBoth(page, 'guide-write-review')
})
