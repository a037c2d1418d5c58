import { ADMIN, apiLogIn, createVerifiedGuide } from './discovery-data'
import { signIn, PASSWORD } from './helpers'
import { expect, test, type Page } from './test'

// Issue 26: the browser gives no position (geolocation denied), on a phone.
test.use({ permissions: [], viewport: { width: 390, height: 844 } })

/** Walks /guideform with what is saved to step 3, runs `atStep3`, then submits. */
async function editGuideForm(page: Page, atStep3: () => Promise<void>) {
  const alerts: string[] = []
  const onDialog = (dialog: { message: () => string; accept: () => Promise<void> }) => {
    alerts.push(dialog.message())
    void dialog.accept()
  }
  page.on('dialog', onDialog)
  await page.goto('/guideform')
  await expect(page.getByLabel('Bio', { exact: true })).not.toHaveValue('')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Profile Images' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Languages & Location' })).toBeVisible()
  await expect(page.getByText('Unable to retrieve your location')).toBeVisible()
  await atStep3()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Pricing & Contact' })).toBeVisible()
  await page.getByRole('button', { name: 'Submit Profile' }).click()
  // A guide with certificates goes back to the profile (issue 26).
  await expect(page).toHaveURL(/\/guide\/profile$/, { timeout: 15_000 })
  expect(alerts).toEqual(['Profile submitted successfully!'])
  page.off('dialog', onDialog)
}

async function expectSavedPlace(page: Page, coordinates: string) {
  await page.goto('/guide/profile')
  await expect(page.getByRole('region', { name: 'Location' })).toContainText(coordinates)
}

test('a guide without geolocation keeps their place when editing, and can choose a town', async ({ page, request }) => {
  test.setTimeout(120_000)
  const email = `e2e-location-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const adminToken = await apiLogIn(request, ADMIN.email, ADMIN.password)
  await createVerifiedGuide(
    request,
    adminToken,
    {
      firstName: 'Dawa',
      lastName: 'Lama',
      address: 'Thamel, Kathmandu',
      point: { latitude: 27.7172, longitude: 85.324 },
      interests: ['Trekking'],
      languages: ['English', 'Nepali'],
      pricePerDay: 40,
      yearsOfExperience: 6,
      bio: 'Kathmandu valley walks and Langtang treks.',
      photo: true,
    },
    150,
    email,
  )
  await signIn(page, email, PASSWORD)

  // Editing without a position: the saved place shows and is kept.
  await editGuideForm(page, async () => {
    await expect(page.getByText('Latitude 27.7172, Longitude 85.3240')).toBeVisible()
    await expect(page.getByText(/Your saved place is kept/)).toBeVisible()
    await expect(page.getByText('Latitude 0.0000')).toHaveCount(0)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await page.screenshot({ path: `/tmp/location-guideform-step3-${width}.png`, fullPage: true })
    }
    await page.setViewportSize({ width: 390, height: 844 })
  })
  await expectSavedPlace(page, '27.7172, 85.3240')

  // Choosing a town replaces it.
  await editGuideForm(page, async () => {
    await page.getByLabel('Choose a town').selectOption({ label: 'Lakeside, Pokhara' })
    await expect(page.getByText('Near Lakeside, Pokhara')).toBeVisible()
    await expect(page.getByText('Latitude 28.2096, Longitude 83.9595')).toBeVisible()
    await page.screenshot({ path: '/tmp/location-guideform-town-390.png', fullPage: true })
  })
  await expectSavedPlace(page, '28.2096, 83.9595')
  await page.screenshot({ path: '/tmp/location-guide-profile-390.png', fullPage: true })

  // The profile page's location: a town is saved once chosen, without the browser's position.
  const location = page.getByRole('region', { name: 'Location' })
  await location.getByLabel('Choose a town').selectOption({ label: 'Ghandruk, Kaski' })
  await expect(page.getByText('Location updated')).toBeVisible()
  await expect(location).toContainText('28.3772, 83.8058')
  await page.reload()
  await expect(page.getByRole('region', { name: 'Location' })).toContainText('28.3772, 83.8058')
  await page.screenshot({ path: '/tmp/location-guide-profile-town-390.png', fullPage: true })
})

test('a traveller without geolocation chooses a town on the profile page, and it is kept', async ({ page, request }) => {
  const email = `e2e-location-traveller-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const signedUp = await request.post('/api/v1/auth/signup', {
    data: { firstName: 'Asha', lastName: 'Traveller', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'tourist' },
  })
  expect(signedUp.ok()).toBe(true)
  const headers = { Authorization: `Bearer ${await apiLogIn(request, email, PASSWORD)}` }
  const profile = await request.post('/api/v1/tourists/profile', {
    headers,
    data: { bio: 'Slow treks and tea houses.', nationality: 'Australian', preferredLanguages: ['English'], interests: ['Trekking'] },
  })
  expect(profile.ok()).toBe(true)
  const located = await request.post('/api/v1/tourists/location', { headers, data: { latitude: 27.7172, longitude: 85.324 } })
  expect(located.ok()).toBe(true)
  await signIn(page, email, PASSWORD)

  await page.goto('/tourist/profile')
  const location = page.getByRole('region', { name: 'Location' })
  await expect(location).toContainText('Latitude: 27.7172, Longitude: 85.3240')
  await location.getByLabel('Choose a town').selectOption({ label: 'Namche Bazaar, Solukhumbu' })
  await expect(page.getByRole('status').filter({ hasText: 'Location updated' })).toBeVisible()
  await expect(location).toContainText('Latitude: 27.8069, Longitude: 86.7140')
  await page.screenshot({ path: '/tmp/location-tourist-profile-town-390.png', fullPage: true })

  await page.reload()
  await expect(page.getByRole('region', { name: 'Location' })).toContainText('Latitude: 27.8069, Longitude: 86.7140')
})
