import { expect, test, type Page } from './test'
import { ADMIN, TRAVELLER, apiLogIn, createVerifiedGuide, type GuideSeed } from './discovery-data'
import { PASSWORD, signIn } from './helpers'

// Moderation: a traveller reports a post, the admin hides it and the public pages follow;
// the admin suspends a guide, who leaves every public page and loses their session, and
// lifting the suspension brings them back.

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** Full-page screenshots at 1280 and 390 px wide, back at 1280 after. */
async function shoot(page: Page, name: string) {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a reported post is hidden by the admin and leaves /blogs and its page', async ({ page, browser, request }) => {
  test.setTimeout(90_000)
  // An author with a fresh post, so no other journey's content is hidden.
  const email = `e2e-author-${suffix()}@example.com`
  const signup = await request.post('/api/v1/auth/signup', {
    data: { firstName: 'Rohan', lastName: 'Spammer', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'tourist' },
  })
  expect(signup.ok()).toBe(true)
  const authorToken = await apiLogIn(request, email, PASSWORD)
  const title = `Cheap permits, message me ${suffix()}`
  const published = await request.post('/api/v1/blogs', {
    headers: { Authorization: `Bearer ${authorToken}` },
    multipart: { title, description: 'Skip the checkpoints, pay me instead.', role: 'tourist' },
  })
  expect(published.ok()).toBe(true)
  const blogId = ((await published.json()) as { blog: { _id: string } }).blog._id

  // The traveller reports it from the post's page.
  await signIn(page, TRAVELLER.email, TRAVELLER.password)
  await page.goto(`/blog/${blogId}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('button', { name: 'Report this post' }).click()
  const dialog = page.getByRole('dialog', { name: 'Report this post' })
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please say what is wrong')
  await dialog.getByLabel(/What is wrong/).fill('Selling fake trekking permits')
  await shoot(page, 'blog-report-dialog')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you. An admin will look at your report.' })).toBeVisible()
  await expect(dialog).toBeHidden()
  // A second report of the same post while the first is open: the server's 409 is shown.
  await page.getByRole('button', { name: 'Report this post' }).click()
  await dialog.getByLabel(/What is wrong/).fill('Still selling them')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'You have already reported this. An admin will look at it soon.' })).toBeVisible()

  // The admin sees the report at /admin and hides the post.
  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, ADMIN.email, ADMIN.password)
  await admin.goto('/admin')
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Reports' }).click()
  await expect(admin).toHaveURL(/\/admin\?tab=reports$/)
  const card = admin.getByRole('listitem', { name: `Report about ${title}` })
  await expect(card).toBeVisible()
  await expect(card.getByText('Selling fake trekking permits')).toBeVisible()
  await expect(card.getByText('by Rohan Spammer')).toBeVisible()
  await shoot(admin, 'admin-reports')
  await card.getByRole('button', { name: 'Hide post' }).click()
  const confirm = admin.getByRole('dialog', { name: `Hide "${title}"?` })
  await confirm.getByLabel('Reason').fill('Selling fake permits')
  await confirm.getByRole('button', { name: 'Hide post' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Post hidden' })).toBeVisible()
  await expect(card).toBeHidden()

  // The public pages follow.
  await page.goto('/blogs')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('article').first()).toBeVisible()
  await expect(page.getByText(title)).toHaveCount(0)
  await page.goto(`/blog/${blogId}`)
  await expect(page.getByRole('heading', { name: 'Blog not found' })).toBeVisible()

  // The audit log shows the hide, newest first.
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click()
  const log = admin.getByRole('list', { name: 'Audit log' })
  await expect(log.getByRole('listitem').first()).toContainText('hid blog post')
  await expect(log.getByRole('listitem').first()).toContainText('Selling fake permits')
  await shoot(admin, 'admin-audit')
  await admin.context().close()
})

const GUIDE: GuideSeed = {
  firstName: 'Suspended',
  lastName: 'Sherpa',
  address: 'Tengboche, Solukhumbu',
  point: { latitude: 27.8362, longitude: 86.7646 },
  interests: ['Trekking'],
  languages: ['English', 'Nepali'],
  pricePerDay: 44,
  yearsOfExperience: 4,
  bio: 'Monastery mornings and Ama Dablam views above Tengboche.',
  photo: false,
}

test('a suspended guide leaves guide search and their page, loses their session, and comes back when lifted', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const adminToken = await apiLogIn(request, ADMIN.email, ADMIN.password)
  const guideEmail = `e2e-suspended-${suffix()}@example.com`
  const guide = { ...GUIDE, lastName: `Sherpa ${suffix()}` }
  const guideId = await createVerifiedGuide(request, adminToken, guide, 210, guideEmail)
  const name = `${guide.firstName} ${guide.lastName}`
  const search = `/search?q=${encodeURIComponent(guide.lastName)}`

  // The guide is signed in on their own profile page.
  const guidePage = await (await browser.newContext()).newPage()
  await signIn(guidePage, guideEmail, PASSWORD)
  await guidePage.goto('/guide/profile')
  await expect(guidePage.getByText(guide.bio)).toBeVisible()
  const guideToken = await guidePage.evaluate(() => localStorage.getItem('token'))

  // A traveller reports the guide from the guide's page.
  await signIn(page, TRAVELLER.email, TRAVELLER.password)
  await page.goto(`/guides/${guideId}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await shoot(page, 'guide-report-button')
  await page.getByRole('button', { name: 'Report this guide' }).click()
  const dialog = page.getByRole('dialog', { name: 'Report this guide' })
  await dialog.getByLabel(/What is wrong/).fill('Asked me to pay in cash outside Yatra')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you. An admin will look at your report.' })).toBeVisible()

  // The admin suspends the guide from the report.
  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, ADMIN.email, ADMIN.password)
  await admin.goto('/admin?tab=reports')
  const card = admin.getByRole('listitem', { name: `Report about ${name}` })
  await card.getByRole('button', { name: 'Suspend guide' }).click()
  const confirm = admin.getByRole('dialog', { name: `Suspend ${name}?` })
  await confirm.getByRole('button', { name: 'Suspend account' }).click()
  await expect(confirm.getByRole('alert')).toHaveText('Please give a reason')
  await confirm.getByLabel('Reason').fill('Taking payments outside Yatra')
  await confirm.getByRole('button', { name: 'Suspend account' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Account suspended' })).toBeVisible()
  await expect(card).toBeHidden()

  // Gone from the public pages.
  await page.goto(`/guides/${guideId}`)
  await expect(page.getByRole('alert')).toContainText('Guide not found')
  await page.goto(search)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('article', { name })).toHaveCount(0)
  // The guide's open session stops working: the next page they open signs them out.
  await guidePage.reload()
  await expect(guidePage.getByRole('link', { name: 'Login' }).first()).toBeVisible()
  const me = await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${guideToken}` } })
  expect(me.status()).toBe(401)
  expect(((await me.json()) as { message: string }).message).toBe('This account is suspended. Please contact support if you think this is a mistake.')

  // The suspended list shows them; lifting the suspension brings them back.
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Suspended' }).click()
  const suspended = admin.getByRole('list', { name: 'Suspended accounts' }).getByRole('listitem').filter({ hasText: guideEmail })
  await expect(suspended).toContainText('Taking payments outside Yatra')
  await shoot(admin, 'admin-suspended')
  await suspended.getByRole('button', { name: 'Unsuspend' }).click()
  await admin
    .getByRole('dialog', { name: `Lift ${name}'s suspension?` })
    .getByRole('button', { name: 'Unsuspend' })
    .click()
  await expect(admin.getByRole('status').filter({ hasText: 'Account unsuspended' })).toBeVisible()
  await expect(suspended).toBeHidden()

  await page.goto(`/guides/${guideId}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.goto(search)
  await expect(page.getByRole('article', { name })).toBeVisible()
  await signIn(guidePage, guideEmail, PASSWORD)
  await guidePage.context().close()
  await admin.context().close()
})
