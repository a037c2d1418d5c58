import { expect, test } from './test'
import { logIn, signUp, uniqueEmail, type Role } from './helpers'

const journeys: { role: Role; form: string; items: string[]; dashboard: string }[] = [
  { role: 'tourist', form: '/touristform', items: ['My Profile', 'Dashboard', 'Messages', 'Notifications', 'Your Blog', 'Saved'], dashboard: '/dashboard' },
  {
    role: 'guide',
    form: '/guideform',
    items: ['My Profile', 'Dashboard', 'Tour Requests', 'Messages', 'Notifications', 'Your Blog', 'Saved', 'My tours'],
    dashboard: '/guideDash',
  },
]

for (const { role, form, items, dashboard } of journeys) {
  test(`a new ${role} signs up, logs in, lands on ${form}, sees the ${role} menu and logs out`, async ({ page }) => {
    const email = uniqueEmail(role)
    await signUp(page, role, email)
    await logIn(page, email)

    // A fresh account has an incomplete profile; the page reloads after navigating.
    await expect(page).toHaveURL(new RegExp(`${form}$`), { timeout: 10_000 })
    await page.waitForLoadState('load')

    const account = page.getByRole('button', { name: `${role} Account` })
    await expect(account).toBeVisible()
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0)
    expect(await page.evaluate(() => ({ token: !!localStorage.getItem('token'), role: localStorage.getItem('role') }))).toEqual({
      token: true,
      role,
    })

    await account.click()
    const menu = page.locator('#profile-menu')
    await expect(menu.getByRole('link')).toHaveText(items)
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', dashboard)
    await expect(menu.getByText('Signed in as')).toBeVisible()
    await page.screenshot({ path: `e2e/screenshots/desktop-profile-menu-${role}.png` })
    await page.setViewportSize({ width: 375, height: 740 })
    await page.screenshot({ path: `e2e/screenshots/phone-profile-menu-${role}.png` })
    await page.setViewportSize({ width: 1280, height: 800 })

    await menu.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
  })
}

test('a wrong password shows the server message and re-enables the form', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email address').fill(uniqueEmail('tourist'))
  await page.getByLabel('Password', { exact: true }).fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  await expect(page.getByLabel('Email address')).toBeEnabled()
})

test('signing up twice with one email shows the conflict message and keeps the form', async ({ page }) => {
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await page.goto('/signup')
  await page.getByLabel('First name').fill('Asha')
  await page.getByLabel('Last name').fill('Again')
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Password', { exact: true }).fill('whatever-123')
  await page.getByLabel('Confirm password', { exact: true }).fill('whatever-123')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists')
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('whatever-123')
})

test('sign-up step one asks for every field before continuing', async ({ page }) => {
  await page.goto('/signup')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields to continue')
})
