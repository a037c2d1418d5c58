import { expect, test } from './test'
import { PASSWORD, logIn, signUp, uniqueEmail } from './helpers'

/** Full-page shots at 390 and 1280 px into /tmp (looked at by hand, never committed). */
async function shoot(page: import('@playwright/test').Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `/tmp/legal-${name}-${width}.png`, fullPage: true })
  }
}

test('sign-up links to the terms and the privacy policy, which open as real pages', async ({ page, context }) => {
  await page.goto('/signup')
  await page.getByLabel('First name').fill('Asha')
  await page.getByLabel('Last name').fill('Traveller')
  await page.getByLabel('Email address').fill(uniqueEmail('tourist'))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('checkbox')).toHaveAccessibleName('I agree to the Terms of Service and Privacy Policy')

  const [terms] = await Promise.all([context.waitForEvent('page'), page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).click()])
  await expect(terms).toHaveURL(/\/terms$/)
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  await expect(terms.getByRole('heading', { name: 'Deleting your account' })).toBeVisible()
  await expect(terms).toHaveTitle(/Terms of Service/)
  await shoot(terms, 'terms')
  await terms.close()

  const [privacy] = await Promise.all([context.waitForEvent('page'), page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click()])
  await expect(privacy).toHaveURL(/\/privacy$/)
  await expect(privacy.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(privacy.getByText(/photo of your ID card/)).toBeVisible()
  await shoot(privacy, 'privacy')
  await privacy.close()
  // The form kept what was typed.
  await expect(page.getByRole('checkbox')).toBeVisible()

  // The footer links to both, and both read in Nepali.
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await footer.getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page).toHaveURL(/\/terms$/)
  await page.context().addCookies([{ name: 'yatra_language', value: 'ne', url: page.url() }])
  await page.evaluate(() => localStorage.setItem('yatra.language', 'ne'))
  await page.goto('/privacy')
  await expect(page.getByRole('heading', { level: 1, name: 'गोपनीयता नीति' })).toBeVisible()
  await shoot(page, 'privacy-ne')
})

test('a traveller deletes their account with their password and cannot sign in again', async ({ page }) => {
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await logIn(page, email)
  await page.goto('/tourist/profile')

  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Current password', { exact: true }).fill('not-the-password')
  await dialog.getByRole('button', { name: 'Delete for good' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Your password is not correct')
  await dialog.getByLabel('Current password', { exact: true }).fill(PASSWORD)
  await shoot(page, 'delete-dialog')
  await dialog.getByRole('button', { name: 'Delete for good' }).click()

  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your account has been deleted.')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await shoot(page, 'deleted')

  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
})
