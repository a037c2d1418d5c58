import { expect, test } from './test'
import { shootBoth, signIn } from './helpers'
import { ADMIN, pngUpload } from './discovery-data'

// Trek facts and permits (issue 15): the seeded Everest Base Camp shows its own facts and
// adds up its permits; an admin gives a new destination facts through the form.
test.describe.configure({ mode: 'serial' })

test('a destination page shows its trek facts and adds up permits for the group', async ({ page, request }) => {
  const found = await request.get('/api/v1/users/destinations?query=everest%20base%20camp')
  const everest = ((await found.json()).destinations as { _id: string; name: string }[]).find((d) => d.name === 'Everest Base Camp')
  if (!everest) throw new Error('the demo seed has no Everest Base Camp')

  await page.goto('/destinations')
  const card = page.getByRole('article', { name: 'Everest Base Camp' })
  await expect(card.getByText('12-14 days')).toBeVisible()

  await page.goto(`/destination/${everest._id}`)
  const facts = page.getByRole('region', { name: 'Trek facts' })
  await expect(facts.getByText('12-14 days')).toBeVisible()
  await expect(facts.getByText('5,644 m')).toBeVisible()
  await expect(facts.getByText('Strenuous')).toBeVisible()
  await expect(facts.getByText('A licensed guide is required')).toBeVisible()
  const permits = page.getByRole('region', { name: 'Permits' })
  await expect(permits.getByText('Sagarmatha National Park entry')).toBeVisible()
  await expect(permits.getByText('NPR 3,000 per person · SAARC citizens NPR 1,500')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Best time to visit' })).toHaveText(/April to May, October to November/)

  // Two foreign visitors: 2 × 3,000 + 2 × 3,000; as SAARC citizens: 2 × 1,500 + 2 × 3,000.
  // Everest has tours, so the panel prices them with their permits.
  const plan = page.getByRole('region', { name: 'Plan your trip' })
  await plan.getByLabel('Number of Visitors').selectOption('2 People')
  const quote = plan.getByTestId('tour-quote').first()
  await expect(quote.getByText('Includes permits: NPR 12,000')).toBeVisible()
  await plan.getByLabel('Permit fees for').selectOption('saarc')
  await expect(quote.getByText('Includes permits: NPR 9,000')).toBeVisible()
  await shootBoth(page, 'destination-trek-facts')
})

test('an admin gives a new destination its trek facts and permits, and its page shows them', async ({ page }) => {
  test.setTimeout(60_000)
  const name = `Mardi Himal ${Date.now().toString(36)}`
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/admin?tab=destinations')
  await page.getByRole('button', { name: 'Add destination' }).click()
  const form = page.getByRole('form', { name: 'Add a destination' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Location', { exact: true }).fill('Kaski, Gandaki Province')
  await form.getByLabel('Description', { exact: true }).fill('A ridge walk to the foot of Machhapuchhre.')
  // The newest, it leads the admin's list (which is paged) and can be opened from there.
  await form.getByLabel('Popular destination (listed first)').check()
  await form.getByLabel(/^Photo/).setInputFiles(pngUpload('mardi.png', 140, 1200, 720))

  // A wrong range is refused before anything is sent.
  await form.getByLabel('Shortest (days)').fill('7')
  await form.getByLabel('Longest (days)').fill('5')
  await form.getByRole('button', { name: 'Add destination' }).click()
  await expect(form.getByText('The shortest duration cannot be longer than the longest')).toBeVisible()

  await form.getByLabel('Shortest (days)').fill('5')
  await form.getByLabel('Longest (days)').fill('7')
  await form.getByLabel('Highest point (m)').fill('4500')
  await form.getByLabel('Difficulty').selectOption('moderate')
  await form.getByRole('group', { name: 'Best months' }).getByLabel('Oct').check()
  await form.getByRole('group', { name: 'Best months' }).getByLabel('Nov').check()
  await form.getByLabel('A licensed guide is required').check()
  await form.getByRole('button', { name: 'Add a permit' }).click()
  const permit = form.getByRole('group', { name: 'Permit 1' })
  await permit.getByLabel('Permit name').fill('ACAP')
  await permit.getByLabel('Fee (NPR)', { exact: true }).fill('3000')
  await permit.getByLabel('SAARC fee (NPR)').fill('1000')
  await shootBoth(page, 'admin-destination-trek-form')
  await form.getByRole('button', { name: 'Add destination' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Destination created' })).toBeVisible()

  await page.getByRole('listitem', { name }).getByRole('link', { name }).click()
  const facts = page.getByRole('region', { name: 'Trek facts' })
  await expect(facts.getByText('5-7 days')).toBeVisible()
  await expect(facts.getByText('4,500 m')).toBeVisible()
  await expect(facts.getByText('Moderate')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Permits' }).getByText('ACAP')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Best time to visit' })).toHaveText(/October to November/)

  // Editing keeps the facts in the form; clearing the permit removes it from the page.
  await page.goto('/admin?tab=destinations')
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('form', { name: `Edit ${name}` })
  await expect(edit.getByLabel('Highest point (m)')).toHaveValue('4500')
  await edit.getByRole('button', { name: 'Remove permit 1' }).click()
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Destination updated' })).toBeVisible()
  await page.getByRole('listitem', { name }).getByRole('link', { name }).click()
  await expect(page.getByRole('region', { name: 'Trek facts' }).getByText('4,500 m')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Permits' })).toHaveCount(0)

  // Clean up: the admin deletes it again.
  await page.goto('/admin?tab=destinations')
  await page.getByRole('button', { name: `Delete ${name}` }).click()
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete destination' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Destination deleted' })).toBeVisible()
})
