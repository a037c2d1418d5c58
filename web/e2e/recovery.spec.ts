import { expect, test, type Browser, type Page } from './test'
import { PASSWORD, emailedLink, logIn, signIn, signUp, uniqueEmail } from './helpers'

const NEW_PASSWORD = 'Dal-Bhat-Power-24-Hour'

/** Screenshots at 1280 and 390 px wide into e2e/screenshots/, ending back at 1280. */
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

async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return context.newPage()
}

const banner = (page: Page) => page.getByRole('region', { name: 'Email verification' })

test('a new traveller verifies their email from the emailed link and the banner goes away', async ({ page }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await logIn(page, email)
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 10_000 })

  await page.goto('/guides')
  await expect(banner(page)).toContainText('Please verify your email address')
  await expect(banner(page)).toContainText(email)
  await banner(page).getByRole('button', { name: 'Resend email' }).click()
  await expect(banner(page).getByRole('status')).toHaveText('We have sent you a new verification email.')
  await shoot(page, 'verify-email-banner')

  await page.goto(await emailedLink(email, '/verify-email'))
  await expect(page.getByText('Email verified')).toBeVisible()
  await expect(page.getByText('Thank you! Your email address is verified.')).toBeVisible()
  await expect(banner(page)).toHaveCount(0)
  await shoot(page, 'verify-email-done')

  await page.getByRole('link', { name: 'Find a guide' }).click()
  await expect(page).toHaveURL(/\/guides$/)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner(page)).toHaveCount(0)

  // The same link again: already used, said plainly.
  await page.goto(await emailedLink(email, '/verify-email'))
  await expect(page.getByText('We could not verify your email')).toBeVisible()
})

test('a user who forgot their password resets it from the emailed link and their old session stops working', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  // Signed in on another device, days ago.
  const oldDevice = await otherBrowser(browser)
  await signIn(oldDevice, email, PASSWORD)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await shoot(page, 'forgot-password')
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Check your email')).toBeVisible()
  await expect(page.getByText('If an account uses this email, we have sent it a link to reset the password.', { exact: false })).toBeVisible()
  await shoot(page, 'forgot-password-sent')

  const link = await emailedLink(email, '/reset-password')
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Confirm new password', { exact: true }).fill('not the same')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match')
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD)
  await shoot(page, 'reset-password')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Password changed')).toBeVisible()
  await shoot(page, 'reset-password-done')

  // The link works once.
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('Another-Password-1')
  await page.getByLabel('Confirm new password', { exact: true }).fill('Another-Password-1')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('alert')).toContainText('This password reset link has already been used.')
  await expect(page.getByRole('alert').getByRole('link', { name: 'Ask for a new link' })).toBeVisible()

  await signIn(page, email, NEW_PASSWORD)

  // The old device: once its 15-minute access token runs out, its session cannot be renewed.
  await oldDevice.evaluate(() => localStorage.setItem('token', 'an-expired-access-token'))
  await oldDevice.goto('/tourist/profile')
  await expect(oldDevice).toHaveURL(/\/login/, { timeout: 10_000 })
  await oldDevice.context().close()
})

test('a traveller changes their password and signs out of all devices from their profile', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  const phone = await otherBrowser(browser)
  await signIn(phone, email, PASSWORD)
  await signIn(page, email, PASSWORD)
  await page.goto('/tourist/profile')

  const security = page.getByRole('region', { name: 'Password and sign-in' })
  await security.getByLabel('Current password', { exact: true }).fill('wrong-password')
  await security.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await security.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD)
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByRole('alert')).toHaveText('Your current password is not correct')
  await expect(security.getByLabel('New password', { exact: true })).toHaveValue(NEW_PASSWORD)
  await security.getByLabel('Current password', { exact: true }).fill(PASSWORD)
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByRole('status')).toHaveText('Your password has been changed.')
  await expect(security.getByLabel('Current password', { exact: true })).toHaveValue('')
  await security.scrollIntoViewIfNeeded()
  await shoot(page, 'profile-security')

  await security.getByRole('button', { name: 'Sign out of all devices' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' })
  await expect(dialog).toBeVisible()
  await shoot(page, 'sign-out-everywhere-dialog')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await security.getByRole('button', { name: 'Sign out of all devices' }).click()
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await phone.evaluate(() => localStorage.setItem('token', 'an-expired-access-token'))
  await phone.goto('/tourist/profile')
  await expect(phone).toHaveURL(/\/login/, { timeout: 10_000 })
  await phone.context().close()
  await signIn(page, email, NEW_PASSWORD)
})
