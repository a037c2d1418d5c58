import { expect, test, type APIRequestContext, type Page } from './test'
import { shootBoth, signIn } from './helpers'

/**
 * A Nepali reader (issue 26): times of day and prices in Devanagari digits, the Buddy's prices
 * in the chosen currency, one date format on the guide's own page and the public one, a
 * clear language menu, and on a phone the Buddy panel below the site header.
 */

const DEMO_PASSWORD = 'namaste-yatra'
const TRAVELLER = 'traveller@demo.yatra.np'
const GUIDE = 'guide@demo.yatra.np'
const LATIN_DIGIT = /[0-9]/

/** From now on the page reads Nepali (and, when given, prices in `currency`). */
async function readIn(page: Page, language: 'ne' | 'en', currency?: string) {
  await page.evaluate(
    ([language, currency]) => {
      localStorage.setItem('yatra.language', language)
      if (currency) localStorage.setItem('yatra.currency', currency)
    },
    [language, currency] as const,
  )
}

async function demoGuideId(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email: GUIDE, password: DEMO_PASSWORD } })
  const token = ((await login.json()) as { token: string }).token
  const response = await request.get('/api/v1/guides/guide-profile', { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: { _id: string } }).data._id
}

test('a trip card tells its start time in Devanagari digits', async ({ page }) => {
  await signIn(page, TRAVELLER, DEMO_PASSWORD)
  await readIn(page, 'ne')
  await page.goto('/dashboard')
  const when = page.locator('main dd').filter({ hasText: /मा\s/ }).first()
  await expect(when).toBeVisible()
  // '२०२६ डिसेम्बर २२ मा १०:००', not '… मा 10:00'.
  await expect(when).toContainText(/मा\s*[०-९]{2}:[०-९]{2}/)
  await expect(when).not.toContainText(LATIN_DIGIT)
  await shootBoth(page, 'nepali-dashboard')
})

test('the guide sees a certificate dated as the public page dates it', async ({ page, request }) => {
  const id = await demoGuideId(request)
  await signIn(page, GUIDE, DEMO_PASSWORD)
  await readIn(page, 'ne')
  await page.goto(`/guides/${id}`)
  // 'Issued Mar 12, 2014' in English; '२०१४ मार्च १२ मा जारी' in Nepali.
  const issued = page.getByText(/ मा जारी$/).first()
  await expect(issued).toBeVisible()
  const publicDate = ((await issued.textContent()) ?? '').replace(/ मा जारी$/, '').trim()
  expect(publicDate).not.toMatch(LATIN_DIGIT)

  await page.goto('/guide/profile')
  const own = page.locator('main dd').filter({ hasText: publicDate })
  await expect(own.first()).toBeVisible()
  await expect(page.locator('main')).not.toContainText(/\d{4}-\d{2}-\d{2}/)
})

test('the language menu names each choice plainly, in either language', async ({ page }) => {
  await page.goto('/guides')
  const menu = page.getByRole('combobox', { name: 'Language' }).first()
  await expect(menu.getByRole('option')).toHaveText(['English', 'नेपाली', 'नेपाली, Latin digits'])
  await menu.selectOption('ne')
  await expect(page.getByRole('combobox', { name: 'भाषा' }).first().getByRole('option')).toHaveText(['English', 'नेपाली', 'नेपाली, अङ्ग्रेजी अङ्क'])
})

test('the Buddy prices in rupees and Devanagari, and on a phone stays below the header', async ({ page }) => {
  await page.goto('/')
  await readIn(page, 'ne', 'NPR')
  await page.setViewportSize({ width: 390, height: 600 })
  await page.reload()
  await page.getByRole('button', { name: 'यात्री साथी खोल्नुहोस्' }).click()
  const panel = page.getByRole('dialog', { name: 'यात्री साथी' })
  await expect(panel).toBeVisible()
  const input = panel.getByRole('textbox', { name: 'यात्री साथीलाई सन्देश' })
  await input.fill('पोखरामा ट्रेकिङ गाइड')
  await input.press('Enter')
  const log = panel.getByRole('log')
  await expect(log).toContainText(/गाइड भेटिए/)
  await expect(log).toContainText(/दिनको ≈\sनेरू\s[०-९,]+/)
  await expect(log).not.toContainText('$')

  // The panel's top is below the header, whose menu button still answers.
  const header = await page.locator('header').first().boundingBox()
  const box = await panel.boundingBox()
  expect(header && box && box.y >= header.y + header.height).toBe(true)
  await page.screenshot({ path: 'e2e/screenshots/phone-nepali-buddy.png' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: 'e2e/screenshots/desktop-nepali-buddy.png' })
})

test('a destination draws its trek duration and planner in Devanagari glyphs, not empty boxes', async ({ page, request }) => {
  const found = await request.get('/api/v1/users/destinations?query=everest%20base%20camp')
  const everest = ((await found.json()).destinations as { _id: string; name: string }[]).find((d) => d.name === 'Everest Base Camp')!
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  await readIn(page, 'ne')
  // Opened directly, so the server draws the first paint in Nepali before any face has come.
  await page.goto(`/destination/${everest._id}`)
  const duration = page.locator('main dd').filter({ hasText: /दिन/ }).first()
  await expect(duration).toContainText(/[०-९]+-[०-९]+ दिन/)
  await page.evaluate(() => document.fonts.ready)
  // Text laid out while its Devanagari face was still downloading stayed empty boxes after the
  // face came (this Chromium has no Devanagari font of its own): a box is wider than the letter
  // it stands for, so the text must be as wide as the same text laid out now, with every face in.
  const drawnWidths = (element: HTMLElement) => {
    const width = (node: Node) => {
      const range = document.createRange()
      range.selectNodeContents(node)
      return Math.round(range.getBoundingClientRect().width)
    }
    const fresh = element.cloneNode(true) as HTMLElement
    element.after(fresh)
    const widths = [width(element), width(fresh)]
    fresh.remove()
    return widths
  }
  for (const text of [duration, page.getByText('भ्रमण मिति', { exact: true }), page.getByText('यात्रीको संख्या', { exact: true })]) {
    const [drawn, fresh] = await text.evaluate(drawnWidths)
    expect(drawn, await text.innerText()).toBe(fresh)
  }
  await duration.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'e2e/screenshots/phone-nepali-destination-duration.png' })
  await shootBoth(page, 'nepali-destination')
})
