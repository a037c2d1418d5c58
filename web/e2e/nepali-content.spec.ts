import { expect, test } from './test'
import { shootBoth, signIn } from './helpers'
import { ADMIN, pngUpload } from './discovery-data'

// Issue 26: a reader of Nepali reads a destination's own Nepali texts and highlights (the
// demo seed's), and an admin gives a destination its own highlights, in order.
test.describe.configure({ mode: 'serial' })

test('a reader of Nepali sees a destination’s Nepali text and its own highlights', async ({ page, request }) => {
  const found = await request.get('/api/v1/users/destinations?query=ghandruk')
  const ghandruk = ((await found.json()).destinations as { _id: string; name: string }[]).find((d) => d.name === 'Ghandruk')
  if (!ghandruk) throw new Error('the demo seed has no Ghandruk')
  await page.addInitScript(() => localStorage.setItem('yatra.language', 'ne'))

  await page.goto(`/destination/${ghandruk._id}`)

  await expect(page.getByRole('heading', { level: 1, name: 'घान्द्रुक' })).toBeVisible()
  await expect(page.getByText(/ढुंगाका छाना भएका ढुंगाका घरहरूको बस्ती/)).toBeVisible()
  const highlights = page.getByRole('region', { name: 'मुख्य आकर्षणहरू' })
  await expect(highlights.getByRole('listitem')).toHaveText(['ढुंगाको छाना भएको गुरुङ गाउँ', 'अन्नपूर्ण दक्षिण र माछापुच्छ्रेको सामुन्ने', 'गुरुङ संग्रहालय', 'पारिवारिक लजमा आगो ताप्दै दालभात'])
  // Not the spec's four, which are for destinations without their own.
  await expect(highlights.getByText('हिमालको दृश्य')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'अनुमतिपत्रहरू' }).getByText(/इजाजतप्राप्त गाइडमार्फत जारी हुन्छ/)).toBeVisible()
  await shootBoth(page, 'destination-in-nepali')

  // The list's card reads in Nepali too.
  await page.goto('/destinations')
  await expect(page.getByRole('article', { name: 'काठमाडौं दरबार क्षेत्र' })).toBeVisible()
})

test('an admin gives a destination its own highlights, reorders them, and its page shows them', async ({ page }) => {
  test.setTimeout(90_000)
  const name = `Sirubari ${Date.now().toString(36)}`
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/admin?tab=destinations')
  await page.getByRole('button', { name: 'Add destination' }).click()
  const form = page.getByRole('form', { name: 'Add a destination' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Location', { exact: true }).fill('Syangja, Gandaki Province')
  await form.getByLabel('Description', { exact: true }).fill('A Gurung village known for its homestays.')
  await form.getByLabel('Popular destination (listed first)').check()
  await form.getByLabel(/^Photo/).setInputFiles(pngUpload('sirubari.png', 30, 1200, 720))

  const own = form.getByRole('group', { name: 'Highlights', exact: true })
  await own.getByRole('button', { name: 'Add a highlight' }).click()
  await own.getByLabel('Highlights: highlight 1').fill('Homestay dinners')
  await own.getByRole('button', { name: 'Add a highlight' }).click()
  await own.getByLabel('Highlights: highlight 2').fill('Sunrise over Annapurna')
  await own.getByRole('button', { name: 'Add a highlight' }).click()
  await own.getByLabel('Highlights: highlight 3').fill('To be removed')
  await own.getByRole('button', { name: 'Remove highlight 3' }).click()
  await own.getByRole('button', { name: 'Move highlight 2 up' }).click()
  const nepali = form.getByRole('group', { name: 'In Nepali' })
  await nepali.getByLabel('Name in Nepali').fill('सिरुबारी')
  await shootBoth(page, 'admin-destination-highlights')
  await form.getByRole('button', { name: 'Add destination' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Destination created' })).toBeVisible()

  await page.getByRole('listitem', { name }).getByRole('link', { name }).click()
  const highlights = page.getByRole('region', { name: 'Highlights' })
  await expect(highlights.getByRole('listitem')).toHaveText(['Sunrise over Annapurna', 'Homestay dinners'])

  // Editing: the form holds them; removing both brings back the spec's four.
  await page.goto('/admin?tab=destinations')
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('form', { name: `Edit ${name}` })
  const editing = edit.getByRole('group', { name: 'Highlights', exact: true })
  await expect(editing.getByLabel('Highlights: highlight 1')).toHaveValue('Sunrise over Annapurna')
  await editing.getByRole('button', { name: 'Remove highlight 2' }).click()
  await editing.getByRole('button', { name: 'Remove highlight 1' }).click()
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Destination updated' })).toBeVisible()
  await page.getByRole('listitem', { name }).getByRole('link', { name }).click()
  await expect(page.getByRole('region', { name: 'Highlights' }).getByRole('listitem')).toHaveText([
    'Mountain views',
    'Local cultural experiences',
    'Guided hiking trails',
    'Authentic local cuisine',
  ])
})

test('an admin writes a post with a Nepali title: a reader of Nepali reads it, an English reader the English', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const title = `Sirubari homestay ${Date.now().toString(36)}`
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/blog/create')
  await page.getByLabel(/^Title \*/).fill(title)
  await page.getByLabel(/^Content \*/).fill('We slept in a Gurung home.')
  await page.getByLabel('Title in Nepali').fill('सिरुबारी होमस्टे')
  await page.getByLabel('Content in Nepali').fill('हामी गुरुङ घरमा सुत्यौं।')
  await shootBoth(page, 'post-form-nepali-fields')
  await page.getByRole('button', { name: 'Publish Blog' }).click()
  await expect(page).toHaveURL(/\/blog\/dashboard/)
  await page.getByRole('link', { name: title }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const postUrl = page.url()

  const nepali = await browser.newPage()
  await nepali.addInitScript(() => localStorage.setItem('yatra.language', 'ne'))
  await nepali.goto(postUrl)
  await expect(nepali.getByRole('heading', { level: 1, name: 'सिरुबारी होमस्टे' })).toBeVisible()
  await expect(nepali.getByText('हामी गुरुङ घरमा सुत्यौं।')).toBeVisible()
  await nepali.close()
})
