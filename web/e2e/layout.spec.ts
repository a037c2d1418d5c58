import { expect, test } from './test'

test('the emergency panel lists the three numbers as tel: links', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Emergency contacts' }).click()
  const panel = page.getByRole('dialog', { name: 'Emergency Contacts' })
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('link', { name: /Police\s*100/ }).first()).toHaveAttribute('href', 'tel:100')
  await expect(panel.getByRole('link', { name: /Tourist Police\s*\+977-1-4247041/ })).toHaveAttribute('href', 'tel:+97714247041')
  await expect(panel.getByRole('link', { name: /Ambulance\s*102/ })).toHaveAttribute('href', 'tel:102')
  await expect(panel.getByRole('link', { name: 'Emergency Call' })).toHaveAttribute('href', 'tel:100')

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
})

test('location sharing falls back to an alert of share links', async ({ page, context }) => {
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({ latitude: 27.7172, longitude: 85.324 })
  await page.addInitScript(() => {
    // Headless Chromium may expose a share sheet; force the fallback path.
    Object.defineProperty(navigator, 'share', { value: undefined })
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Emergency contacts' }).click()
  const dialogMessage = new Promise<string>((resolve) => {
    page.once('dialog', async (dialog) => {
      resolve(dialog.message())
      await dialog.dismiss()
    })
  })
  await page.getByRole('button', { name: 'Share My Location' }).click()
  const message = await dialogMessage
  for (const service of ['WhatsApp', 'Facebook', 'Twitter/X', 'Telegram']) expect(message).toContain(service)
  expect(decodeURIComponent(message)).toContain('https://www.google.com/maps?q=27.7172,85.324')
  await expect(page.getByText('Lat 27.7172, Lng 85.3240')).toBeVisible()
})

test('Tourist Buddy opens with its greeting', async ({ page }) => {
  await page.goto('/guides')
  await page.getByRole('button', { name: 'Open Tourist Buddy' }).click()
  const panel = page.getByRole('dialog', { name: 'Tourist Buddy' })
  await expect(panel.getByText('Your AI travel companion')).toBeVisible()
  await expect(panel.getByText("Hello! I'm your AI travel buddy. How can I help you plan your Nepal adventure today?")).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the menu toggles, closes on choosing a link and on an outside click', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Guides' })).toBeHidden()

    await toggle.click()
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    await menu.getByRole('link', { name: 'Destinations' }).click()
    await expect(page).toHaveURL(/\/destinations$/)
    await expect(menu).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu).toBeVisible()
    // Below the menu (it holds the language and currency too) and above the help bar.
    const height = page.viewportSize()!.height
    await page.mouse.click(180, height - 80)
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/\/destinations$/)
  })
})

test('an unknown route shows the 404 page inside the layout', async ({ page }) => {
  await page.goto('/no/such/trail')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('every route in the spec route table renders a titled page', async ({ page }) => {
  const paths = [
    '/',
    '/login',
    '/signup',
    '/selection',
    '/guideform',
    '/touristform',
    '/guideDash',
    '/dashboard',
    '/guides',
    '/guides/abc',
    '/request',
    '/notification',
    '/kycform',
    '/search?q=everest&category=trekking',
    '/destinations',
    '/destination/abc',
    '/blogs',
    '/blog/abc',
    '/blog/dashboard',
    '/blog/create',
    '/blog/edit/abc',
    '/checkout/abc',
    '/success',
    '/cancel',
    '/sandbox/checkout/abc',
    '/receipt/abc',
  ]
  for (const path of paths) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toHaveCount(0)
  }
})

test('booking, payment and notification pages send a signed-out visitor to log in; /cancel needs no account', async ({ page }) => {
  for (const path of ['/guideDash', '/dashboard', '/request', '/notification', '/checkout/abc', '/sandbox/checkout/abc', '/success?session_id=abc', '/receipt/abc']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/login$/)
  }
  await page.goto('/cancel?booking_id=abc')
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Try Payment Again' })).toHaveAttribute('href', '/checkout/abc')
})

test('the navigation bar turns opaque and compact after 50 px of scrolling', async ({ page }) => {
  await page.goto('/')
  const header = page.locator('header[data-scrolled]')
  await expect(header).toHaveAttribute('data-scrolled', 'false')
  const tall = await page.locator('nav[aria-label="Main"]').boundingBox()
  await page.mouse.wheel(0, 400)
  await expect(header).toHaveAttribute('data-scrolled', 'true')
  await expect.poll(async () => (await page.locator('nav[aria-label="Main"]').boundingBox())?.height).toBeLessThan(tall!.height)
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(header).toHaveAttribute('data-scrolled', 'false')
})

test('menus are keyboard accessible: Escape closes the mobile menu and returns focus to its toggle', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  const toggle = page.getByRole('button', { name: 'Open menu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('#mobile-menu')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.locator('#mobile-menu')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
})
