import { expect, test, type Page } from './test'
import { expectAccessible } from './helpers'

/**
 * Tourist Buddy (issue 16) on the demo data: asked in words, it lists the guides the
 * filtered search lists, as links; it answers a destination's facts and an emergency, keeps
 * the conversation while the traveller moves around, and shows its errors.
 */

type GuideCard = { _id: string; firstName: string; lastName: string }

/** A day far enough ahead that no demo trip takes it, as `YYYY-MM-DD` and in words. */
function freeDay(): { iso: string; words: string } {
  const day = new Date(Date.now() + 200 * 24 * 3600 * 1000)
  const iso = day.toISOString().slice(0, 10)
  const words = `${day.getUTCDate()} ${day.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${day.getUTCFullYear()}`
  return { iso, words }
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Tourist Buddy' })
const log = (page: Page) => panel(page).getByRole('log', { name: 'Conversation with Tourist Buddy' })

async function ask(page: Page, question: string) {
  const input = panel(page).getByRole('textbox', { name: 'Message Tourist Buddy' })
  await input.fill(question)
  await input.press('Enter')
  await expect(input).toHaveValue('')
}

test('the landing page opens the Buddy, which finds the same guides as the filtered search', async ({ page, request }) => {
  const day = freeDay()
  const search = await request.get(`/api/v1/users/search?query=Pokhara&category=trekking&language=French&maxPrice=60&availableOn=${day.iso}&limit=5`)
  expect(search.ok()).toBe(true)
  const expected = ((await search.json()) as { guides: GuideCard[] }).guides.map((g) => `${g.firstName} ${g.lastName}`)
  expect(expected.length).toBeGreaterThanOrEqual(2)

  await page.goto('/')
  await page.getByRole('button', { name: 'Chat with Tourist Buddy' }).click()
  await expect(panel(page)).toBeVisible()
  await expect(log(page)).toContainText("Hello! I'm your AI travel buddy.")
  await expect(panel(page)).toContainText('Your AI travel companion')
  // Opening puts the cursor in the question box, so typing and Enter are all it takes.
  await expect(panel(page).getByRole('textbox', { name: 'Message Tourist Buddy' })).toBeFocused()

  await ask(page, `a French-speaking trekking guide in Pokhara under $60 on ${day.words}`)
  await expect(log(page)).toContainText('a French-speaking trekking guide in Pokhara')
  await expect(log(page)).toContainText(`I found ${expected.length} guide`)
  const links = log(page).getByRole('list', { name: 'Links from this answer' }).getByRole('link')
  await expect(links).toHaveCount(expected.length)
  for (const [i, name] of expected.entries()) await expect(links.nth(i)).toContainText(name)

  // The screenshots of the answer, desktop and phone.
  await page.screenshot({ path: 'e2e/screenshots/desktop-buddy-guides.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(panel(page)).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/phone-buddy-guides.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // A card is a link to the guide's page; the conversation is still there after moving and reloading.
  await links.first().click()
  await expect(page).toHaveURL(/\/guides\/[0-9a-f]{32}$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(expected[0])
  await page.reload()
  await page.getByRole('button', { name: 'Open Tourist Buddy' }).click()
  await expect(log(page)).toContainText('a French-speaking trekking guide in Pokhara')
  await expect(log(page).getByRole('link', { name: new RegExp(expected[0]) })).toBeVisible()

  // A new conversation forgets it.
  await panel(page).getByRole('button', { name: 'Start a new conversation' }).click()
  await expect(log(page)).not.toContainText('a French-speaking trekking guide')
})

test('destination facts, an emergency and a question in Nepali', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Open Tourist Buddy' }).click()

  await ask(page, 'When is the best time to visit Everest Base Camp?')
  await expect(log(page)).toContainText('Everest Base Camp (Khumbu, Koshi Province): Best months:')
  await expect(log(page).getByRole('link', { name: /Destination\s*Everest Base Camp/ })).toHaveAttribute('href', /\/destination\/[0-9a-f]{32}$/)

  await ask(page, 'What should I do in an emergency?')
  await expect(log(page)).toContainText('Tourist Police on +977-1-4247041')

  await ask(page, 'एभरेस्ट बेस क्याम्प जाने उत्तम महिना कहिले हो?')
  await expect(log(page)).toContainText('उत्तम महिना:')

  await ask(page, 'Can you book me a flight to Lukla tomorrow?')
  await expect(log(page)).toContainText("Sorry, I don't know that.")
  await expect(log(page).getByRole('link', { name: 'Search Yatra' }).last()).toHaveAttribute('href', /^\/search\?q=/)
  await expectAccessible(page, 'Tourist Buddy with answers and links')
  await page.screenshot({ path: 'e2e/screenshots/desktop-buddy-facts.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'e2e/screenshots/phone-buddy-facts.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Escape')
  await expect(panel(page)).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open Tourist Buddy' })).toBeFocused()
})

test('a refused question shows why, and trying again answers it', async ({ page }) => {
  let refuse = true
  await page.route('**/api/v1/assistant/chat', async (route) => {
    if (!refuse) return route.continue()
    refuse = false
    await route.fulfill({
      status: 429,
      headers: { 'retry-after': '60' },
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', code: 'too_many_requests', message: 'Too many questions to Tourist Buddy. Please try again in 1 minute.' }),
    })
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open Tourist Buddy' }).click()
  await ask(page, 'Namaste')
  await expect(panel(page).getByRole('alert')).toContainText('Too many questions to Tourist Buddy. Please try again in 1 minute.')
  await page.screenshot({ path: 'e2e/screenshots/desktop-buddy-error.png' })
  await panel(page).getByRole('button', { name: 'Try again' }).click()
  await expect(panel(page).getByRole('alert')).toBeHidden()
  await expect(log(page)).toContainText('I can find you a guide')
})

test('in Nepali, the widget speaks Nepali and so does the Buddy', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Language').first().selectOption('ne')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'यात्री साथी खोल्नुहोस्' }).click()
  const nepaliPanel = page.getByRole('dialog', { name: 'यात्री साथी' })
  await expect(nepaliPanel).toContainText('तपाईंको एआई यात्रा साथी')
  const input = nepaliPanel.getByRole('textbox', { name: 'यात्री साथीलाई सन्देश' })
  await input.fill('आपतकालमा के गर्ने?')
  await input.press('Enter')
  await expect(nepaliPanel.getByRole('log')).toContainText('पर्यटक प्रहरीलाई +977-1-4247041')
  await page.screenshot({ path: 'e2e/screenshots/phone-buddy-nepali.png' })
})

test.describe('when the conversation’s code cannot be fetched', () => {
  // The service worker would answer from its cache; this is a page the network fails.
  test.use({ serviceWorkers: 'block' })

  test('the Buddy says so in its place and the page stays', async ({ page }) => {
    await page.route('**/assets/buddy-panel-*.js', (route) => route.abort('internetdisconnected'))
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Open Tourist Buddy' }).click()
    await expect(page.getByRole('alert')).toHaveText('Tourist Buddy could not be loaded. Check your connection, then reload the page.')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.getByRole('alert').getByRole('button', { name: 'Close Tourist Buddy' }).click()
    await expect(page.getByRole('alert')).toBeHidden()
  })
})
