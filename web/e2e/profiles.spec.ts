import { expect, test, type Page } from './test'
import { logIn, signIn, signUp, uniqueEmail, pngFile, shootBoth } from './helpers'

// Pokhara: the browser's geolocation is mocked for every test in this file.
test.use({ geolocation: { latitude: 28.2096, longitude: 83.9856 }, permissions: ['geolocation'] })

const ADMIN = { email: 'admin@demo.yatra.np', password: 'namaste-yatra' }

/** Collects browser alerts (the guide forms report through them) and accepts each. */
function collectDialogs(page: Page): string[] {
  const messages: string[] = []
  page.on('dialog', (dialog) => {
    messages.push(dialog.message())
    void dialog.accept()
  })
  return messages
}

async function logInWith(page: Page, email: string, password: string) {
  await signIn(page, email, password)
}

/**
 * A new account is not verified yet: the banner asking for it arrives after the page (its
 * code and the account's answer come once signed in) and pushes the page down, so a click
 * aimed before it arrives could land above its target.
 */
async function expectVerifyBanner(page: Page) {
  await expect(page.getByRole('region', { name: 'Email verification' })).toContainText('Please verify your email address.')
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /Account$/ }).click()
  await page.locator('#profile-menu').getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
}

test('a guide fills the profile form and certificates, an admin verifies them, and the guide sees Verified', async ({ page }) => {
  test.setTimeout(120_000)
  const alerts = collectDialogs(page)
  const email = uniqueEmail('guide')
  await signUp(page, 'guide', email)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/guideform$/, { timeout: 10_000 })
  await expectVerifyBanner(page)

  // Step 1: Basic Information, refused until filled.
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect.poll(() => alerts.at(-1)).toBe('Please fill all required fields in Basic Information')
  await page.getByLabel('Bio', { exact: true }).fill('Licensed trekking guide from Pokhara. Annapurna circuit, Mardi Himal and village homestays.')
  await page.getByLabel('Nationality').fill('Nepali')
  await shootBoth(page, 'guideform-step-1')
  await page.getByRole('button', { name: 'Continue' }).click()

  // Step 2: Profile Images, the profile image is required.
  await expect(page.getByRole('heading', { name: 'Profile Images' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect.poll(() => alerts.at(-1)).toBe('Profile image is required')
  await page.getByLabel('Profile image').setInputFiles(await pngFile(page, 'pemba.png', 200))
  await page.getByLabel('Cover image (optional)').setInputFiles(await pngFile(page, 'cover.png', 30))
  await expect(page.getByRole('img', { name: 'Profile image preview' })).toBeVisible()
  await shootBoth(page, 'guideform-step-2')
  await page.getByRole('button', { name: 'Continue' }).click()

  // Step 3: Languages & Location; blanks and duplicates are ignored.
  await expect(page.getByRole('heading', { name: 'Languages & Location' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect.poll(() => alerts.at(-1)).toBe('Please add at least one language')
  const language = page.getByLabel('Languages you guide in')
  await language.fill('  Nepali ')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await language.fill('English')
  await language.press('Enter')
  await language.fill('nepali')
  await language.press('Enter')
  await language.fill('   ')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveText(['Nepali', 'English'])
  await expect(page.getByText('Latitude 28.2096, Longitude 83.9856')).toBeVisible()
  await shootBoth(page, 'guideform-step-3')
  await page.getByRole('button', { name: 'Continue' }).click()

  // Step 4: Pricing & Contact, then the real save.
  await expect(page.getByRole('heading', { name: 'Pricing & Contact' })).toBeVisible()
  await page.getByRole('button', { name: 'Submit Profile' }).click()
  await expect.poll(() => alerts.at(-1)).toBe('Please fill all required fields in Pricing & Contact')
  await page.getByLabel('Price per day (USD)').fill('45')
  await page.getByLabel('Phone').fill('+977 9800000001')
  await page.getByLabel('Address (optional)').fill('Lakeside, Pokhara')
  await shootBoth(page, 'guideform-step-4')
  await page.getByRole('button', { name: 'Submit Profile' }).click()
  await expect(page).toHaveURL(/\/kycform$/, { timeout: 15_000 })
  expect(alerts.at(-1)).toBe('Profile submitted successfully!')

  // Certificates: every field and a file for each entry.
  await expect(page.getByRole('button', { name: /Remove/ })).toHaveCount(0)
  await page.getByRole('button', { name: 'Submit Certificates' }).click()
  await expect.poll(() => alerts.at(-1)).toBe('Please fill in all fields and upload a file for each certificate.')
  await page.getByRole('button', { name: 'Add Another Certificate' }).click()
  await expect(page.getByRole('button', { name: /Remove certificate/ })).toHaveCount(2)
  const certificates = [
    { name: 'Trekking Guide Licence', org: 'Nepal Tourism Board', date: '2022-03-15', licence: 'NTB-TG-0315', expires: '2031-03-31' },
    { name: 'Wilderness First Aid', org: 'Nepal Red Cross Society', date: '2024-09-01' },
  ]
  for (const [i, c] of certificates.entries()) {
    const entry = page.getByRole('region', { name: `Certificate ${i + 1}` })
    await entry.getByLabel('Certificate name').fill(c.name)
    await entry.getByLabel('Issuing organization').fill(c.org)
    await entry.getByLabel('Issue date').fill(c.date)
    if (c.licence && c.expires) {
      await entry.getByLabel('Licence number (licences only)').fill(c.licence)
      await entry.getByLabel('Licence valid until').fill(c.expires)
    }
    await entry.getByLabel('Certificate image').setInputFiles(await pngFile(page, `certificate-${i + 1}.png`, 120 + i * 60))
  }
  await shootBoth(page, 'kycform')
  await page.getByRole('button', { name: 'Submit Certificates' }).click()
  await expect(page).toHaveURL(/\/guideDash$/, { timeout: 15_000 })

  // The guide's own profile: saved details, not yet verified, waiting for review.
  await page.getByRole('button', { name: 'guide Account' }).click()
  await page.locator('#profile-menu').getByRole('link', { name: 'My Profile' }).click()
  await expect(page).toHaveURL(/\/guide\/profile$/)
  await expect(page.getByRole('heading', { name: 'Pemba Sherpa' })).toBeVisible()
  await expect(page.getByText('Unverified', { exact: true })).toBeVisible()
  await expect(page.getByText('Waiting for review.')).toBeVisible()
  await expect(page.getByText('$45.00 per person per day')).toBeVisible()
  await expect(page.getByRole('img', { name: "Pemba Sherpa's profile" })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Trekking Guide Licence certificate' })).toHaveAttribute('src', /^blob:/)
  await shootBoth(page, 'guide-profile')

  // Edit mode: names are required, then a real change is saved.
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByLabel('First name').fill('  ')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Required', { exact: true })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Please complete required fields' })).toBeVisible()
  await page.getByLabel('First name').fill('Pemba')
  await page.getByLabel('Areas of expertise (comma-separated)').fill('Trekking, , Photography ,')
  await shootBoth(page, 'guide-profile-edit')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Areas of expertise' }).getByRole('listitem')).toHaveText(['Trekking', 'Photography'])
  await page.getByRole('button', { name: 'Update Location' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Location updated' })).toBeVisible()

  await logOut(page)

  // The admin finds the guide in the queue with both certificate images and verifies.
  await logInWith(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 })
  await page.waitForLoadState('load')
  const item = page.getByRole('listitem', { name: 'Pemba Sherpa' }).filter({ hasText: email })
  await expect(item).toBeVisible()
  for (const c of certificates) {
    const image = item.getByRole('img', { name: `${c.name} certificate of Pemba Sherpa` })
    await expect(image).toHaveAttribute('src', /^blob:/)
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  }
  // The licence's number and expiry, and its picture at full size (issue 15).
  await expect(item.getByText('Licence NTB-TG-0315, valid until 2031-03-31')).toBeVisible()
  await item.getByRole('button', { name: 'View full size' }).first().click()
  const fullSize = page.getByRole('dialog', { name: 'Trekking Guide Licence of Pemba Sherpa' })
  await expect(fullSize.getByRole('img', { name: 'Trekking Guide Licence certificate of Pemba Sherpa, full size' })).toHaveAttribute('src', /^blob:/)
  await page.keyboard.press('Escape')
  await expect(fullSize).toBeHidden()
  await shootBoth(page, 'admin-queue')
  await item.getByRole('button', { name: 'Reject' }).click()
  const reject = page.getByRole('dialog', { name: 'Reject Pemba Sherpa?' })
  await expect(reject).toBeVisible()
  await reject.getByRole('button', { name: 'Confirm rejection' }).click()
  await expect(reject.getByText('Please give a reason for the rejection')).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/desktop-admin-reject-dialog.png' })
  await reject.getByRole('button', { name: 'Cancel' }).click()
  await expect(reject).toBeHidden()

  await item.getByRole('button', { name: 'Verify' }).click()
  const confirm = page.getByRole('dialog', { name: 'Verify Pemba Sherpa?' })
  await confirm.getByRole('button', { name: 'Confirm verification' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Guide verified' })).toBeVisible()
  await expect(item).toHaveCount(0)
  // The demo seed may leave other guides waiting; without them the queue is empty.
  await expect(page.getByText('No guides are waiting for verification').or(page.getByText(/^\d+ guides? (is|are) waiting for review$/))).toBeVisible()
  await shootBoth(page, 'admin-empty')
  await logOut(page)

  // Back as the guide: Verified.
  await logIn(page, email)
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 10_000 })
  await page.goto('/guide/profile')
  await expect(page.getByText('Verified', { exact: true })).toBeVisible()
  await expect(page.getByText('Verification Required!')).toHaveCount(0)
})

test('a traveller completes the traveller form, edits the profile and uploads an ID card', async ({ page }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/touristform$/, { timeout: 10_000 })
  await expectVerifyBanner(page)
  await expect(page.getByRole('heading', { name: 'Create Your Travel Profile' })).toBeVisible()
  await expect(page.getByText('Latitude: 28.2096, Longitude: 83.9856')).toBeVisible()

  // Validation order: bio, nationality, image, interests; the banner can be dismissed.
  const complete = page.getByRole('button', { name: 'Complete Profile' })
  await complete.click()
  await expect(page.getByRole('alert')).toHaveText('Bio is required')
  await page.getByRole('button', { name: 'Dismiss error' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByLabel('Bio').fill('First time in Nepal, keen on gentle treks and local food.')
  await complete.click()
  await expect(page.getByRole('alert')).toHaveText('Nationality is required')
  await page.getByLabel('Nationality').fill('Australian')
  await complete.click()
  await expect(page.getByRole('alert')).toHaveText('Profile image is required')
  await page.getByLabel('Profile image').setInputFiles(await pngFile(page, 'asha.png', 320))
  await complete.click()
  await expect(page.getByRole('alert')).toHaveText('At least one interest is required')

  await page.getByRole('button', { name: 'Food', exact: true }).click()
  await page.getByRole('tab', { name: 'Activities' }).click()
  await page.getByRole('button', { name: 'Trekking', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Trekking', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Dismiss error' }).click()
  await shootBoth(page, 'touristform')
  await complete.click()
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })

  await page.getByRole('button', { name: 'tourist Account' }).click()
  await page.locator('#profile-menu').getByRole('link', { name: 'My Profile' }).click()
  await expect(page).toHaveURL(/\/tourist\/profile$/)
  await expect(page.getByRole('heading', { name: 'Asha Traveller' })).toBeVisible()
  await expect(page.getByText('Tourist', { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Travel interests' }).getByRole('listitem')).toHaveText(['Food', 'Trekking'])

  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByRole('textbox', { name: 'Bio' }).fill('Back for the Annapurna sanctuary, and more momo.')
  await page.getByRole('textbox', { name: 'Languages (comma-separated)' }).fill('English, , Hindi ')
  await shootBoth(page, 'tourist-profile-edit')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible()
  await expect(page.getByText('Back for the Annapurna sanctuary, and more momo.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Languages' }).getByRole('listitem')).toHaveText(['English', 'Hindi'])
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)

  await page.getByLabel('Upload ID card').setInputFiles(await pngFile(page, 'passport.png', 80))
  await expect(page.getByRole('status').filter({ hasText: 'ID card uploaded' })).toBeVisible()
  const idCard = page.getByRole('img', { name: 'Your ID card' })
  await expect(idCard).toHaveAttribute('src', /^blob:/)
  await expect.poll(() => idCard.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  await page.getByRole('button', { name: 'Update location' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Location updated' })).toBeVisible()
  await shootBoth(page, 'tourist-profile')
})

test('a tourist is sent from /guideform to /login and a guide sees the 403 page at /admin', async ({ page }) => {
  const tourist = uniqueEmail('tourist')
  await signUp(page, 'tourist', tourist)
  await logIn(page, tourist)
  await expect(page).toHaveURL(/\/touristform$/, { timeout: 10_000 })
  await page.goto('/guideform')
  await expect(page).toHaveURL(/\/login$/)
  await page.evaluate(() => localStorage.clear())

  const guide = uniqueEmail('guide')
  await signUp(page, 'guide', guide)
  await logIn(page, guide)
  await expect(page).toHaveURL(/\/guideform$/, { timeout: 10_000 })
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
  await shootBoth(page, 'forbidden')

  await page.goto('/tourist/profile')
  await expect(page).toHaveURL(/\/login$/)
})

test('signed out, /admin and the profile pages go to /login', async ({ page }) => {
  for (const path of ['/admin', '/guide/profile', '/tourist/profile', '/kycform', '/touristform']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login$/)
  }
})
