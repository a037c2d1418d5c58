import { expect, test, type APIRequestContext, type Browser, type Page } from './test'
import { PASSWORD, logIn, signUp, uniqueEmail, pngFile, shootBoth } from './helpers'

// Demo accounts that `yatra seed --demo` creates.
const TRAVELLER = { email: 'traveller@demo.yatra.np', password: 'namaste-yatra' }
const GUIDE = { email: 'guide@demo.yatra.np', password: 'namaste-yatra' }

// Later journeys count the feed that earlier ones changed: one at a time.
test.describe.configure({ mode: 'serial' })

type Blog = { _id: string; title: string; likeCount: number; image: string | null }
type Feed = { blogs: Blog[]; totalPages: number; nextCursor: string | null }

async function apiLogIn(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } })
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as { token: string; refreshToken: string; role: string }
}

async function apiSignUp(request: APIRequestContext, firstName: string, lastName: string) {
  const email = uniqueEmail('tourist')
  const response = await request.post('/api/v1/auth/signup', { data: { firstName, lastName, email, password: PASSWORD, confirmPassword: PASSWORD, role: 'tourist' } })
  expect(response.ok(), await response.text()).toBe(true)
  return apiLogIn(request, email, PASSWORD)
}

async function publish(request: APIRequestContext, token: string, title: string, description: string): Promise<Blog> {
  const response = await request.post('/api/v1/blogs', { headers: { Authorization: `Bearer ${token}` }, multipart: { title, description, role: 'tourist' } })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { blog: Blog }).blog
}

async function feedPage(request: APIRequestContext, page: number): Promise<Feed> {
  const response = await request.get(`/api/v1/users/blogs?limit=6&page=${page}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as Feed
}

/** A page signed in with `session` (stored as the login page stores it), in a browser context of its own. */
async function signedInPage(browser: Browser, session: { token: string; refreshToken: string; role: string }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript((s) => {
    try {
      // Only once: a later logout must stay logged out.
      if (!sessionStorage.getItem('e2e-session')) {
        localStorage.setItem('token', s.token)
        localStorage.setItem('refreshToken', s.refreshToken)
        localStorage.setItem('role', s.role)
        sessionStorage.setItem('e2e-session', 'set')
      }
    } catch {
      // about:blank has no storage.
    }
  }, session)
  return { context, page: await context.newPage() }
}

/** Fails the test if any alert, confirm or prompt opens. */
function forbidDialogs(page: Page): string[] {
  const opened: string[] = []
  page.on('dialog', (dialog) => {
    opened.push(dialog.message())
    void dialog.dismiss()
  })
  return opened
}

test('an author writes a post with an image, finds it in the feed, edits it, removes the image and deletes it', async ({ page }) => {
  test.setTimeout(120_000)
  const dialogs = forbidDialogs(page)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await logIn(page, email)
  // The login page goes to the profile form, then reloads.
  await expect(page).toHaveURL(/\/touristform$/)

  await page.goto('/blog/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Dashboard' })).toBeVisible()
  await expect(page.getByText('Manage your blog content')).toBeVisible()
  await expect(page.getByText('Start creating your first blog to share your experiences.')).toBeVisible()
  await shootBoth(page, 'blog-dashboard-empty')

  await page.getByRole('link', { name: 'Create Your First Blog' }).click()
  await expect(page).toHaveURL(/\/blog\/create$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Blog' })).toBeVisible()
  await page.getByRole('button', { name: 'Publish Blog' }).click()
  await expect(page.getByText('Title is required')).toBeVisible()
  await expect(page.getByText('Content is required')).toBeVisible()
  await shootBoth(page, 'blog-create-errors')

  const title = `Sunrise over Annapurna ${Date.now()}`
  await page.getByLabel(/^Title \*/).fill(title)
  await page
    .getByLabel(/^Content \*/)
    .fill('We left Ghorepani at four, head torches bobbing up the stone steps.\nBy six the whole range was pink, then gold.\nTake gloves: the wind on Poon Hill bites.')
  await page.getByLabel('Featured Image').setInputFiles(await pngFile(page, 'poon-hill.png', 205, 960, 540))
  await expect(page.getByRole('img', { name: 'Featured Image preview' })).toBeVisible()
  await shootBoth(page, 'blog-create')

  await page.getByRole('button', { name: 'Publish Blog' }).click()
  await expect(page).toHaveURL(/\/blog\/dashboard$/)
  await expect(page.getByText('Blog published')).toBeVisible()
  const card = page.getByRole('article', { name: title })
  await expect(card).toBeVisible()
  await expect(card.locator('img')).toHaveJSProperty('complete', true)
  await expect(page.getByText('Total Blogs').locator('..')).toContainText('1')
  await shootBoth(page, 'blog-dashboard')

  // Newest first in the public feed, with its image and no likes yet.
  await page.goto('/blogs')
  const feedCard = page.getByRole('list', { name: 'Blogs' }).getByRole('article').first()
  await expect(feedCard).toHaveAttribute('aria-label', title)
  await expect(feedCard.getByText('0 likes')).toBeAttached()
  await expect.poll(() => feedCard.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await shootBoth(page, 'blogs')

  await feedCard.click()
  await expect(page).toHaveURL(/\/blog\/[^/]+$/)
  const postUrl = page.url()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Asha Traveller')).toBeVisible()
  await expect(page.getByText('By six the whole range was pink, then gold.')).toBeVisible()
  const hero = page.getByRole('img', { name: title })
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  const firstImage = await hero.getAttribute('src')
  await expect(page.getByRole('region', { name: 'You might also like' }).getByRole('article')).toHaveCount(3)
  await shootBoth(page, 'blog-detail')

  // Edit: new words and a new picture.
  await page.goto('/blog/dashboard')
  await page.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Blog' })).toBeVisible()
  await expect(page.getByLabel(/^Title \*/)).toHaveValue(title)
  await expect(page.getByRole('img', { name: 'Featured Image preview' })).toBeVisible()
  const edited = `${title} (updated)`
  await page.getByLabel(/^Title \*/).fill(edited)
  await page.getByLabel('Featured Image').setInputFiles(await pngFile(page, 'dusk.png', 20, 960, 540))
  await shootBoth(page, 'blog-edit')
  await page.getByRole('button', { name: 'Update Blog' }).click()
  await expect(page).toHaveURL(/\/blog\/dashboard$/)
  await expect(page.getByText('Blog updated')).toBeVisible()
  await expect(page.getByRole('article', { name: edited })).toBeVisible()

  await page.goto(postUrl)
  await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible()
  const newImage = await page.getByRole('img', { name: edited }).getAttribute('src')
  expect(newImage).not.toBe(firstImage)

  // Edit again: remove the picture.
  await page.goto('/blog/dashboard')
  await page.getByRole('link', { name: `Edit ${edited}` }).click()
  await page.getByRole('button', { name: 'Remove image' }).click()
  await expect(page.getByRole('img', { name: 'Featured Image preview' })).toHaveCount(0)
  await expect(page.getByText('The current image will be removed when you save.')).toBeVisible()
  await page.getByRole('button', { name: 'Update Blog' }).click()
  await expect(page).toHaveURL(/\/blog\/dashboard$/)
  await expect(page.getByRole('article', { name: edited }).getByText('No image uploaded')).toBeVisible()
  await page.goto(postUrl)
  await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible()
  await expect(page.getByRole('img', { name: edited })).toHaveCount(0)
  await shootBoth(page, 'blog-detail-no-image')

  // Leaving a changed form asks first.
  await page.goto('/blog/dashboard')
  await page.getByRole('link', { name: `Edit ${edited}` }).click()
  await page.getByLabel(/^Content \*/).fill('Half a new thought')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible()
  await shootBoth(page, 'blog-edit-leave')
  await page.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/blog\/dashboard$/)

  // Delete, after the confirmation.
  await page.getByRole('button', { name: `Delete ${edited}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete blog' })
  await expect(confirm.getByText('Are you sure you want to delete this blog?')).toBeVisible()
  await shootBoth(page, 'blog-delete-confirm')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('article', { name: edited })).toBeVisible()
  await page.getByRole('button', { name: `Delete ${edited}` }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Blog deleted')).toBeVisible()
  await expect(page.getByRole('article', { name: edited })).toHaveCount(0)
  await expect(page.getByText('Start creating your first blog to share your experiences.')).toBeVisible()

  await page.goto(postUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Blog not found' })).toBeVisible()
  await shootBoth(page, 'blog-not-found')
  // Opened directly, so there is no page to go back to: the feed instead.
  await page.getByRole('button', { name: 'Go Back' }).click()
  await expect(page).toHaveURL(/\/blogs$/)
  expect(dialogs).toEqual([])
})

test('likes are real: a signed-out reader is asked to log in, two accounts like once each, and one takes it back', async ({ page, browser, request }) => {
  const author = await apiSignUp(request, 'Mingma', 'Lama')
  const post = await publish(request, author.token, `Tea houses of the Langtang valley ${Date.now()}`, 'Yak butter tea at every stop.\nThe lodges fill early in October.')

  await page.goto(`/blog/${post._id}`)
  await page.getByRole('button', { name: 'Like (0 likes)' }).click()
  await expect(page.getByText('Log in to like this blog.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login')

  const traveller = await signedInPage(browser, await apiLogIn(request, TRAVELLER.email, TRAVELLER.password))
  await traveller.page.goto(`/blog/${post._id}`)
  await traveller.page.getByRole('button', { name: 'Like (0 likes)' }).click()
  await expect(traveller.page.getByRole('button', { name: 'Like (1 like)' })).toHaveAttribute('aria-pressed', 'true')
  await traveller.page.reload()
  await expect(traveller.page.getByRole('button', { name: 'Like (1 like)' })).toHaveAttribute('aria-pressed', 'true')

  const guide = await signedInPage(browser, await apiLogIn(request, GUIDE.email, GUIDE.password))
  await guide.page.goto(`/blog/${post._id}`)
  await expect(guide.page.getByRole('button', { name: 'Like (1 like)' })).toHaveAttribute('aria-pressed', 'false')
  await guide.page.getByRole('button', { name: 'Like (1 like)' }).click()
  await expect(guide.page.getByRole('button', { name: 'Like (2 likes)' })).toHaveAttribute('aria-pressed', 'true')
  await shootBoth(guide.page, 'blog-detail-liked')
  // The feed's card shows the new count.
  await guide.page.goto('/blogs')
  await expect(guide.page.getByRole('article', { name: post.title }).getByText('2 likes')).toBeAttached()

  await traveller.page.getByRole('button', { name: 'Like (1 like)' }).click()
  await expect(traveller.page.getByRole('button', { name: 'Like (1 like)' })).toHaveAttribute('aria-pressed', 'false')
  const after = await request.get(`/api/v1/users/blog/${post._id}`)
  expect(((await after.json()) as { blog: Blog }).blog.likeCount).toBe(1)

  await traveller.context.close()
  await guide.context.close()
})

test('a body of <script> shows as text, opens no dialog, and Share copies the link', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    // Headless Chromium may have a share sheet; take the copy-the-link path.
    Object.defineProperty(navigator, 'share', { value: undefined })
  })
  const dialogs = forbidDialogs(page)
  const author = await apiSignUp(request, 'Script', 'Tester')
  const post = await publish(request, author.token, `<img src=x onerror=alert(2)> Markup ${Date.now()}`, '<script>alert(1)</script>\n<b>not bold</b>')

  await page.goto(`/blog/${post._id}`)
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
  await expect(page.getByText('<script>alert(1)</script>', { exact: true })).toBeVisible()
  await expect(page.getByText('<b>not bold</b>', { exact: true })).toBeVisible()
  await expect(page.locator('article b')).toHaveCount(0)
  await expect(page.locator('img[src="x"]')).toHaveCount(0)

  await page.getByRole('button', { name: 'Share This Blog' }).click()
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())

  await page.goto('/blogs')
  await expect(page.getByRole('article', { name: post.title }).getByText('<script>alert(1)</script> <b>not bold</b>')).toBeVisible()
  await page.waitForTimeout(300)
  expect(dialogs).toEqual([])
})

test("the feed loads page after page on scroll until 'You've reached the end of the blogs'", async ({ page, request }) => {
  test.setTimeout(90_000)
  // At six a page, three pages need at least 13 posts.
  const first = await feedPage(request, 1)
  const author = await apiSignUp(request, 'Dawa', 'Sherpa')
  for (let count = first.totalPages >= 3 ? Infinity : (first.totalPages - 1) * 6 + first.blogs.length; count < 13; count++) {
    await publish(request, author.token, `Scroll filler ${count + 1}`, `Post ${count + 1} of a long feed.`)
  }
  const pages = await feedPage(request, 1)
  expect(pages.totalPages).toBeGreaterThanOrEqual(3)
  const total = (pages.totalPages - 1) * 6 + (await feedPage(request, pages.totalPages)).blogs.length

  await page.goto('/blogs')
  const cards = page.getByRole('list', { name: 'Blogs' }).getByRole('article')
  await expect(cards).toHaveCount(6)
  await expect(page.getByText("You've reached the end of the blogs")).toHaveCount(0)
  const end = page.getByText("You've reached the end of the blogs")
  for (let i = 0; i < 20 && !(await end.isVisible()); i++) {
    await page.mouse.wheel(0, 4000)
    await page.waitForTimeout(300)
  }
  await expect(end).toBeVisible()
  await expect(cards).toHaveCount(total)
  const titles = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))
  expect(new Set(titles).size).toBe(titles.length)
  await end.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'e2e/screenshots/desktop-blogs-end.png', fullPage: false })
})

test('on a tall window the feed keeps loading until it fills the window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 2600 })
  await page.goto('/blogs')
  const cards = page.getByRole('list', { name: 'Blogs' }).getByRole('article')
  await expect.poll(() => cards.count()).toBeGreaterThan(6)
  // Pages keep coming, 500 ms apart, until the window is full or the feed has ended.
  const end = page.getByText("You've reached the end of the blogs")
  await expect.poll(async () => (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)) || (await end.isVisible())).toBe(true)
})

test("the feed's search box goes to /search, which lists the matching post", async ({ page, request }) => {
  const author = await apiSignUp(request, 'Karma', 'Gurung')
  const word = `Tsergoriwalk${Date.now() % 100000}`
  const post = await publish(request, author.token, `${word}: the short climb above Kyanjin`, 'Four hours up and back, with the whole Langtang glacier below.')

  await page.goto('/blogs')
  const box = page.getByRole('searchbox', { name: 'Search blogs' })
  await expect(box).toHaveAttribute('placeholder', 'Search blogs...')
  await box.fill('   ')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/blogs$/)
  await box.fill(word.toLowerCase())
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word.toLowerCase()}$`))
  const results = page.getByRole('region', { name: /Blogs matching/ })
  await expect(results.getByRole('article', { name: post.title })).toBeVisible()
  await shootBoth(page, 'search-blogs')
  // Chromium reads the visually hidden part of the link's text as a word of its own.
  await results.getByRole('link', { name: `Read More : ${post.title}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
})

test('signed out, the blog dashboard and forms go to /login', async ({ page }) => {
  for (const path of ['/blog/dashboard', '/blog/create', '/blog/edit/abc']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/login$/)
  }
})
