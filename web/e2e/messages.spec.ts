import { expect, test, type APIRequestContext, type Browser, type Page } from './test'
import { logIn, signIn, signUp, uniqueEmail } from './helpers'

// The demo guide of `yatra seed --demo`, which the e2e server runs.
const DEMO_PASSWORD = 'namaste-yatra'
const GUIDE_EMAIL = 'guide@demo.yatra.np'

async function demoGuideId(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email: GUIDE_EMAIL, password: DEMO_PASSWORD } })
  const token = ((await login.json()) as { token: string }).token
  const response = await request.get('/api/v1/guides/guide-profile', { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: { _id: string } }).data._id
}

async function logInAsGuide(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  // signIn waits for the reload that follows a sign-in, which a goto would otherwise race.
  await signIn(page, GUIDE_EMAIL, DEMO_PASSWORD)
  return page
}

/** What is on screen at desktop (1280) and phone (390) widths, ending back at desktop. */
async function shoot(page: Page, name: string) {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a traveller messages the demo guide, who answers live; markup shows as text', async ({ page, browser, request }) => {
  test.setTimeout(180_000)
  const guideId = await demoGuideId(request)

  // Signed out, "Message Pemba" leads to log in.
  await page.goto(`/guides/${guideId}`)
  await expect(page.getByRole('link', { name: /^Message Pemba/ })).toHaveAttribute('href', '/login')

  // The guide is signed in elsewhere, with no unread messages.
  const guide = await logInAsGuide(browser)
  await guide.goto('/messages')
  await expect(guide.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
  const guideChat = guide.getByRole('link', { name: /^Messages/ }).first()
  await expect(guideChat).toHaveAccessibleName('Messages')

  // A new traveller writes from the guide's page.
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await logIn(page, email)
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 10_000 })
  await page.goto('/messages')
  await expect(page.getByText('No conversations yet')).toBeVisible()
  await shoot(page, 'messages-empty')
  await page.goto(`/guides/${guideId}`)
  await page.getByRole('link', { name: 'Message Pemba' }).click()
  await expect(page.getByRole('heading', { name: 'Message Pemba' })).toBeVisible()
  const box = page.getByLabel('Message Pemba')
  await box.fill('Namaste Pemba! Can we do Poon Hill in 3 days with a 7-year-old?')
  await expect(page.getByText('63 / 2,000')).toBeVisible()
  await shoot(page, 'messages-first')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/messages\/[0-9a-f]+$/)
  const thread = page.getByRole('log')
  await expect(thread.getByText('Can we do Poon Hill in 3 days with a 7-year-old?', { exact: false })).toBeVisible()

  // The guide sees the unread badge and the message arrive without reloading.
  await expect(guideChat).toHaveAccessibleName('Messages, 1 unread')
  const item = guide.getByRole('link', { name: 'Asha Traveller, 1 unread' })
  await expect(item).toContainText('Can we do Poon Hill')
  await shoot(guide, 'messages-list')
  await item.click()
  await expect(guide.getByRole('log').getByText('Can we do Poon Hill', { exact: false })).toBeVisible()
  await expect(guideChat).toHaveAccessibleName('Messages')

  // The guide answers on two lines (Shift+Enter), then sends with Enter.
  const reply = guide.getByLabel('Message Asha')
  await reply.fill('Yes!')
  await reply.press('Shift+Enter')
  await reply.pressSequentially('Four days is kinder on small legs.')
  await reply.press('Enter')
  await expect(reply).toHaveValue('')

  // The traveller sees the answer arrive live.
  await expect(thread.getByText('Four days is kinder on small legs.', { exact: false })).toBeVisible()
  await expect(thread.locator('p', { hasText: 'Four days' })).toHaveText('Yes!\nFour days is kinder on small legs.')

  // Markup is text, on both sides.
  const markup = '<script>window.pwned = true</script><b>bold?</b>'
  await box.fill(markup)
  await box.press('Enter')
  await expect(thread.getByText(markup)).toBeVisible()
  await expect(guide.getByRole('log').getByText(markup)).toBeVisible()
  expect(await guide.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined()
  expect(await guide.getByRole('log').locator('b').count()).toBe(0)
  await shoot(page, 'messages-thread')
  await shoot(guide, 'messages-thread-guide')
  await guide.context().close()
})

test('a reader in another time zone sees message times in Nepal time, in Nepali digits', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const guideId = await demoGuideId(request)
  // New York is 10:45 behind Nepal: the browser's own zone would give other minutes.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'America/New_York' })
  const page = await context.newPage()
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await logIn(page, email)
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 10_000 })
  await page.goto(`/guides/${guideId}`)
  await page.getByRole('link', { name: 'Message Pemba' }).click()
  await page.getByLabel('Message Pemba').fill('Namaste from New York!')
  await page.getByLabel('Message Pemba').press('Enter')
  await expect(page).toHaveURL(/\/messages\/[0-9a-f]+$/)
  await page.evaluate(() => localStorage.setItem('yatra.language', 'ne'))

  const devanagari = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0966 + Number(d)))
  // The hour and minutes in Nepal, on the 24-hour clock Nepali writes, e.g. /२३:१४/.
  const inNepal = (iso: string) => {
    const parts = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Kathmandu' }).formatToParts(new Date(iso))
    const part = (type: string) => parts.find((p) => p.type === type)!.value
    return new RegExp(`(^|[^०-९])०?${devanagari(String(Number(part('hour'))))}:${devanagari(part('minute'))}`)
  }
  for (const path of ['/messages', page.url()]) {
    await page.goto(path)
    const time = page.locator('main time').last()
    await expect(time).toHaveText(/[०-९]/)
    const at = (await time.getAttribute('datetime'))!
    await expect(time).toContainText(inNepal(at))
    await expect(time).not.toContainText(/[0-9]/)
  }
  await page.goto('/messages')
  await shoot(page, 'nepali-messages-list')
  await context.close()
})
