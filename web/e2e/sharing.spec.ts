import { expect, test, type Page } from './test'
import { firstListed as first, type Named } from './helpers'

// Shared links and pictures on the demo data: the server writes each page's head, the
// client keeps the tab's title, and pictures arrive as WebP with their size known.

/**
 * Every picture shown is sized (width and height) and offers WebP copies (srcset). Round
 * avatars from a `-thumb` copy (reviewers, message lists) sit in fixed-size circles and
 * have no copies yet.
 */
async function expectSizedPictures(page: Page) {
  const pictures = page.locator('main img[srcset]')
  await expect(pictures.first()).toBeVisible()
  const missing = await page.locator('main img').evaluateAll((images) =>
    images
      .filter((img) => img.getAttribute('src')?.includes('/media/') && !img.getAttribute('src')?.includes('-thumb.'))
      .filter((img) => !(img.getAttribute('width') && img.getAttribute('height') && img.getAttribute('srcset')))
      .map((img) => img.getAttribute('src')),
  )
  expect(missing).toEqual([])
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.evaluate(async () => {
      const images = Array.from(document.images)
      for (const img of images) img.loading = 'eager'
      await Promise.all(images.filter((img) => !img.complete).map((img) => new Promise((done) => ['load', 'error'].forEach((e) => img.addEventListener(e, done, { once: true })))))
    })
    await page.screenshot({ path: `e2e/screenshots/sharing-${width}-${name}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a guide page is shared with its name, photo and description, and its pictures are sized WebP', async ({ page, request }) => {
  const guide = await first<Named & { firstName: string; lastName: string }>(request, '/api/v1/users/guides?page=1&limit=1', 'guides')
  const name = `${guide.firstName} ${guide.lastName}`

  // What a link preview reads: the HTML as served, before any script runs.
  const html = await (await request.get(`/guides/${guide._id}`)).text()
  expect(html).toContain(`<title>${name} — tour guide in Nepal | Yatra</title>`)
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/media\/[0-9a-f]{32}\.jpg">/)

  await page.goto(`/guides/${guide._id}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page).toHaveTitle(`${name} — tour guide in Nepal | Yatra`)
  expect(await page.locator('head meta[property="og:image"]').getAttribute('content')).toMatch(/\/media\/[0-9a-f]{32}\.jpg$/)
  const cover = page.getByRole('img', { name: `${name}'s cover photo` })
  await expect(cover).toHaveAttribute('fetchpriority', 'high')
  await expect(cover).toHaveAttribute('srcset', /-320w\.webp 320w, .+-640w\.webp 640w, .+-1200w\.webp 1200w$/)
  await expectSizedPictures(page)
  await shoot(page, 'guide')

  // Moving on in the client changes the tab's title too.
  await page.getByRole('link', { name: 'All guides' }).click()
  await expect(page).toHaveTitle('Find a local guide | Yatra')
  await expectSizedPictures(page)
  await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1)
  await shoot(page, 'guides')
})

test('destination and blog pages have their own titles and sized pictures', async ({ page, request }) => {
  const destination = await first<Named & { name: string }>(request, '/api/v1/users/destinations?page=1&limit=1', 'destinations')
  await page.goto(`/destination/${destination._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${destination.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
  await expectSizedPictures(page)
  await shoot(page, 'destination')

  // A demo post with a cover: journeys before this one may have posted without a picture.
  const posts = await request.get('/api/v1/users/blogs?page=1&limit=50')
  const { blogs } = (await posts.json()) as { blogs: (Named & { image?: string | null })[] }
  const blog = blogs.find((post) => post.image)
  expect(blog, 'a listed post has a cover picture').toBeDefined()
  await page.goto(`/blog/${blog!._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`— by .+ \\| Yatra$`))
  await expectSizedPictures(page)
  await shoot(page, 'blog')
})

test('robots.txt and the sitemap are served as text and XML', async ({ request }) => {
  const robots = await request.get('/robots.txt')
  expect(robots.headers()['content-type']).toContain('text/plain')
  expect(await robots.text()).toMatch(/Sitemap: http.+\/sitemap\.xml/)
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  expect(await sitemap.text()).toContain('/guides/')
})
