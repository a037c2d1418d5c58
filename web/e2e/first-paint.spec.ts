import { expect, test, type Page } from './test'
import { firstListed, type Named } from './helpers'

// The pages travellers land on arrive drawn: the server renders them with the client's own
// components (server `first_paint.rs`, client `first-paint/render.tsx`), and the app takes
// the markup over once the page has painted, without drawing it again.

type Guide = Named & { firstName: string; lastName: string }
type Destination = Named & { name: string; nameNe?: string | null }
type Blog = Named & { title: string }

const HTML = { Accept: 'text/html' }

/** Console warnings and errors, and the app's note when it had to draw a first paint again. */
function watchConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text())
  })
  page.on('pageerror', (error) => messages.push(error.message))
  return messages
}

test('the five landing pages arrive drawn in their HTML, with what they show', async ({ request }) => {
  const guide = await firstListed<Guide>(request, '/api/v1/users/guides?page=1&limit=1', 'guides')
  const destination = await firstListed<Destination>(request, '/api/v1/users/destinations?page=1&limit=1', 'destinations')
  const blog = await firstListed<Blog>(request, '/api/v1/users/blogs?page=1&limit=1', 'blogs')
  const pages: [string, string][] = [
    ['/', 'Find a trusted local guide'],
    ['/guides', guide.firstName],
    [`/guides/${guide._id}`, `${guide.firstName} ${guide.lastName}`],
    [`/destination/${destination._id}`, destination.name],
    [`/blog/${blog._id}`, blog.title],
  ]
  for (const [path, shown] of pages) {
    const html = await (await request.get(path, { headers: HTML })).text()
    const root = html.slice(html.indexOf('<div id="root" inert>'))
    expect(root.length, `${path} is drawn`).toBeGreaterThan(1000)
    expect(root, path).toContain(shown.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'))
    // The stylesheet inline, and the app's code fetched only after the page has painted.
    expect(html, path).toContain('<style>')
    expect(html, path).toContain('src="/start.js"')
    expect(html, path).not.toContain('rel="modulepreload"')
  }
})

test('who gets a drawn page: a Nepali reader in Nepali; not a signed-in reader, a filtered list or the wake-up ping', async ({ request }) => {
  const nepali = await (await request.get('/guides', { headers: { ...HTML, Cookie: 'yatra_language=ne' } })).text()
  expect(nepali).toContain('<html lang="ne">')
  expect(nepali).toContain('गाइड')
  const asked = await (await request.get('/guides', { headers: { ...HTML, 'Accept-Language': 'ne-NP,en;q=0.5' } })).text()
  expect(asked).toContain('<html lang="ne">')

  for (const [path, headers] of [
    ['/guides', { ...HTML, Cookie: 'yatra_signed_in=1' }],
    ['/guides?category=adventure', HTML],
    ['/', { Accept: '*/*' }],
  ] as const) {
    const html = await (await request.get(path, { headers })).text()
    expect(html, path).toContain('<div id="root"></div>')
  }
})

test('a drawn guide page reads without JavaScript, and with it the app takes over without drawing it again', async ({ browser, page, request }) => {
  const guide = await firstListed<Guide>(request, '/api/v1/users/guides?page=1&limit=1', 'guides')
  const name = `${guide.firstName} ${guide.lastName}`

  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const still = await noScript.newPage()
  await still.goto(`/guides/${guide._id}`)
  await expect(still.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(still.getByRole('img', { name: `${name}'s cover photo` })).toBeVisible()
  await noScript.close()

  const messages = watchConsole(page)
  await page.goto(`/guides/${guide._id}`)
  await expect(page.locator('#root')).not.toHaveAttribute('inert')
  // Live: the heart saves the guide in this browser.
  const heart = page.getByRole('button', { name: `Favourite ${name}` })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  expect(messages).toEqual([])
})

test('the app takes over a drawn page in Nepali, and a guide list, without drawing them again', async ({ page, request }) => {
  const destination = await firstListed<Destination>(request, '/api/v1/users/destinations?page=1&limit=1', 'destinations')
  const messages = watchConsole(page)
  await page.goto('/guides')
  await expect(page.locator('#root')).not.toHaveAttribute('inert')
  await page.getByRole('link', { name: 'Destinations' }).first().click()
  await expect(page).toHaveURL(/\/destinations$/)

  await page.context().addCookies([{ name: 'yatra_language', value: 'ne', url: page.url() }])
  await page.evaluate(() => localStorage.setItem('yatra.language', 'ne'))
  await page.goto(`/destination/${destination._id}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne')
  await expect(page.locator('#root')).not.toHaveAttribute('inert')
  // A Nepali reader sees the destination's Nepali name where it has one (issue 26).
  await expect(page.getByRole('heading', { level: 1, name: destination.nameNe || destination.name })).toBeVisible()
  expect(messages.filter((message) => !message.includes('Failed to load resource'))).toEqual([])
})
