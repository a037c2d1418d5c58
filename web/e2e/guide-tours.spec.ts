import { expect, test, type Locator, type Page } from './test'
import { signIn } from './helpers'

// A guide builds a tour on their phone: four days, one moved and one removed without losing
// what the others hold, a rushed climb flagged live by the altitude check, then saved and
// published after acknowledging the altitude warnings; travellers' API then shows it.
const GUIDE = { email: 'guide@demo.yatra.np', password: 'namaste-yatra' }

test.use({ viewport: { width: 390, height: 844 } })

function day(page: Page, n: number): Locator {
  return page.getByTestId('tour-day').nth(n - 1)
}

async function fillDay(page: Page, n: number, title: string, place: string, altitude: string) {
  const card = day(page, n)
  await card.getByLabel('Title of the day').fill(title)
  await card.getByLabel('Sleeps at').fill(place)
  await card.getByLabel('Sleeping altitude (m)').fill(altitude)
}

async function expectDays(page: Page, days: [string, string, string][]) {
  await expect(page.getByTestId('tour-day')).toHaveCount(days.length)
  for (const [i, [title, place, altitude]] of days.entries()) {
    const card = day(page, i + 1)
    await expect(card.getByLabel('Title of the day')).toHaveValue(title)
    await expect(card.getByLabel('Sleeps at')).toHaveValue(place)
    await expect(card.getByLabel('Sleeping altitude (m)')).toHaveValue(altitude)
  }
}

test('a guide builds a rushed tour on a phone, sees it flagged live, and publishes it after acknowledging the risk', async ({ page, request }) => {
  test.setTimeout(120_000)
  const title = `Langtang in a hurry ${Date.now().toString(36)}`
  await signIn(page, GUIDE.email, GUIDE.password)

  await page.goto('/guide/tours')
  await expect(page.getByRole('heading', { name: 'My tours', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'New tour' }).click()
  await expect(page.getByRole('heading', { name: 'New tour', level: 1 })).toBeVisible()

  const about = page.getByRole('region', { name: 'About the tour' })
  await about.getByLabel('Title').fill(title)
  await about.getByLabel('Summary').fill('Up the Langtang valley to Kyanjin Gompa and beyond, fast.')
  await about.getByLabel('Meeting point').fill('Machhapokhari bus park, Kathmandu, 7 am')
  await page.getByLabel('Price per person (US$)').fill('450')

  // Four days, each added after the last.
  await fillDay(page, 1, 'Drive to Syabrubesi', 'Syabrubesi', '1460')
  const more: [string, string, string][] = [
    ['Spare day', 'Spare lodge', '2000'],
    ['Straight up to Kyanjin Gompa', 'Kyanjin Gompa', '3600'],
    ['On to Langshisa', 'Langshisa Kharka', '4500'],
  ]
  for (const [i, [dayTitle, place, altitude]] of more.entries()) {
    await page.getByRole('button', { name: `Add a day after day ${i + 1}` }).click()
    await expect(day(page, i + 2).getByLabel('Title of the day')).toBeFocused()
    await fillDay(page, i + 2, dayTitle, place, altitude)
  }

  // Move the spare day down to the end: focus follows it, and every day keeps its input.
  await page.getByRole('button', { name: 'Move day 2 down' }).click()
  await expect(page.getByRole('button', { name: 'Move day 3 down' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Move day 4 up' })).toBeFocused()
  await expectDays(page, [
    ['Drive to Syabrubesi', 'Syabrubesi', '1460'],
    ['Straight up to Kyanjin Gompa', 'Kyanjin Gompa', '3600'],
    ['On to Langshisa', 'Langshisa Kharka', '4500'],
    ['Spare day', 'Spare lodge', '2000'],
  ])

  // Removing a day with text asks first.
  await page.getByRole('button', { name: 'Remove day 4' }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove this day?' })
  await confirm.getByRole('button', { name: 'Remove the day' }).click()
  await expect(confirm).toBeHidden()
  await expectDays(page, [
    ['Drive to Syabrubesi', 'Syabrubesi', '1460'],
    ['Straight up to Kyanjin Gompa', 'Kyanjin Gompa', '3600'],
    ['On to Langshisa', 'Langshisa Kharka', '4500'],
  ])

  // The rushed climb (1,460 m, then 3,600 m, then 4,500 m) is flagged before anything is saved.
  const check = page.getByRole('complementary', { name: 'Altitude check as you type' })
  await expect(check.getByTestId('acclimatisation').getByText('Altitude risk: high')).toBeVisible()
  await expect(day(page, 2)).toHaveAttribute('data-flagged', 'true')
  await expect(day(page, 2).getByTestId('day-warning')).toBeVisible()
  await expect(day(page, 1)).not.toHaveAttribute('data-flagged', 'true')

  // A day added in the middle with no altitude yet: the check names it and waits.
  await page.getByRole('button', { name: 'Add a day after day 1' }).click()
  await expect(check.getByText('Day 2 needs a sleeping altitude before the altitudes can be checked.')).toBeVisible()
  await page.getByRole('button', { name: 'Remove day 2' }).click()
  await expect(page.getByTestId('tour-day')).toHaveCount(3)

  // A reload loses nothing: the unsaved draft comes back.
  await page.reload()
  await expect(page.getByText('We restored the changes you had not saved yet.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'About the tour' }).getByLabel('Title')).toHaveValue(title)
  await expectDays(page, [
    ['Drive to Syabrubesi', 'Syabrubesi', '1460'],
    ['Straight up to Kyanjin Gompa', 'Kyanjin Gompa', '3600'],
    ['On to Langshisa', 'Langshisa Kharka', '4500'],
  ])

  // The preview shows it as travellers will, without saving.
  await page.getByRole('tab', { name: 'Preview' }).click()
  const preview = page.getByTestId('tour-preview')
  await expect(preview.getByRole('heading', { name: title })).toBeVisible()
  await expect(preview.getByText('Day 2 · Straight up to Kyanjin Gompa')).toBeVisible()
  await page.getByRole('tab', { name: 'Edit' }).click()

  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/guide\/tours$/)
  await expect(page.getByRole('status').getByText(`“${title}” saved`)).toBeVisible()
  const row = page.getByTestId('my-tour').filter({ has: page.getByRole('heading', { name: title }) })
  await expect(row.getByTestId('tour-status')).toHaveText('Draft')
  await expect(row.getByText('Altitude risk: high')).toBeVisible()
  const href = await row.getByRole('link', { name: `Edit ${title}` }).getAttribute('href')
  const tourId = /\/guide\/tours\/([^/]+)\/edit/.exec(href ?? '')?.[1]
  expect(tourId).toBeTruthy()

  // Publishing a high-risk tour needs the guide to acknowledge the warnings.
  await row.getByRole('button', { name: `Publish ${title}` }).click()
  const acknowledge = page.getByRole('dialog', { name: 'This tour has a high altitude risk' })
  await expect(acknowledge.getByTestId('acclimatisation')).toBeVisible()
  const publish = acknowledge.getByRole('button', { name: 'Publish', exact: true })
  await expect(publish).toBeDisabled()
  await acknowledge.getByLabel('I have read the altitude warnings and will manage the risk with my travellers').check()
  await publish.click()
  await expect(acknowledge).toBeHidden()
  await expect(row.getByTestId('tour-status')).toHaveText('Published')

  // Travellers' API shows it now.
  const answer = await request.get(`/api/v1/users/tour/${tourId}`)
  expect(answer.status()).toBe(200)
  const { tour } = (await answer.json()) as { tour: { title: string; status: string; days: { title: string }[]; acclimatisation: { risk: string } } }
  expect(tour.title).toBe(title)
  expect(tour.status).toBe('published')
  expect(tour.acclimatisation.risk).toBe('high')
  expect(tour.days.map((d) => d.title)).toEqual(['Drive to Syabrubesi', 'Straight up to Kyanjin Gompa', 'On to Langshisa'])
})
