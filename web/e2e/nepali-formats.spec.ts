import { expect, test, type Page } from './test'

// Debian's Chromium has no 'ne' locale data: the client fetches the FormatJS polyfills for
// Nepali readers (src/lib/nepali-intl.ts) and only for them.

async function openAs(page: Page, choice: 'en' | 'ne' | 'ne-latn', path: string): Promise<string[]> {
  const polyfills: string[] = []
  page.on('request', (request) => {
    if (/polyfill/.test(request.url())) polyfills.push(request.url())
  })
  await page.addInitScript((value) => localStorage.setItem('yatra.language', value), choice)
  await page.goto(path)
  await expect(page.locator('main')).toBeVisible()
  return polyfills
}

const formats = (page: Page) =>
  page.evaluate(() => ({
    nativeNepali: Intl.DateTimeFormat.supportedLocalesOf(['ne']).length > 0,
    date: new Intl.DateTimeFormat(document.documentElement.lang === 'ne' ? 'ne-NP' : 'en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
      Date.UTC(2026, 2, 12),
    ),
    number: (1234.5).toLocaleString('ne-NP'),
  }))

test('a Nepali reader sees Nepali month names and Devanagari digits', async ({ page }) => {
  const polyfills = await openAs(page, 'ne', '/guides')
  const { date, number } = await formats(page)
  expect(date).toContain('मार्च')
  expect(date).toContain('२०२६')
  expect(number).toBe('१,२३४.५')
  expect(polyfills.length).toBeGreaterThan(0)
  // The guides' prices and ratings on the page itself are in Devanagari digits, none in Latin.
  const card = page.locator('main article').first()
  await expect(card).toBeVisible()
  await expect(card).toContainText(/[०-९]/)
  await expect(card).not.toContainText(/[0-9]/)
})

test('"नेपाली (Latin digits)" keeps Nepali months with Latin digits', async ({ page }) => {
  await openAs(page, 'ne-latn', '/guides')
  const latin = await page.evaluate(() =>
    new Intl.DateTimeFormat('ne-NP-u-nu-latn', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(Date.UTC(2026, 2, 12)),
  )
  expect(latin).toContain('मार्च')
  expect(latin).toContain('2026')
  const card = page.locator('main article').first()
  await expect(card).toBeVisible()
  await expect(card).toContainText(/[0-9]/)
  await expect(card).not.toContainText(/[०-९]/)
})

test('switching to Nepali waits for the formats; English readers download no polyfill', async ({ page }) => {
  const polyfills = await openAs(page, 'en', '/guides')
  expect((await formats(page)).date).toBe('12 March 2026')
  expect(polyfills).toEqual([])
  await page
    .getByRole('combobox', { name: /language/i })
    .first()
    .selectOption('ne')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne')
  const card = page.locator('main article').first()
  await expect(card).toContainText(/[०-९]/)
  expect((await formats(page)).date).toContain('मार्च')
})
