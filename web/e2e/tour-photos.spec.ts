import { expect, test, type APIRequestContext, type Locator, type Page } from './test'
import { pngFile, signIn } from './helpers'

// A guide gives a tour its photos on a phone: several chosen at once (one of them not an
// image, refused with the reason while the others upload), the second made the cover, one
// removed after confirming, all without touching what is typed in the form; then publishes.
// Travellers see the gallery at the top of the tour's page, open the lightbox, and find the
// cover on the tour's card.
const GUIDE = { email: 'guide@demo.yatra.np', password: 'namaste-yatra' }

test.use({ viewport: { width: 390, height: 844 } })

type Photo = { _id: string; url: string; thumbUrl: string }
type OwnTour = { _id: string; title: string; status: string; photos: Photo[] }

async function guideToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: GUIDE })
  expect(login.ok()).toBe(true)
  return ((await login.json()) as { token: string }).token
}

/** A two-day draft around the valley rim, low enough that publishing needs no acknowledgement. */
async function draftTour(request: APIRequestContext, token: string, title: string): Promise<OwnTour> {
  const answer = await request.post('/api/v1/tours', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      summary: 'Sunrise over the Himalaya from the Kathmandu valley rim, then down through the villages.',
      meetingPoint: 'Bhaktapur Durbar Square, 8 am',
      maxGroupSize: 6,
      cutoffHours: 24,
      bookingMode: 'request',
      pricing: [{ minPeople: 1, maxPeople: 6, pricePerPersonUsd: 95 }],
      included: ['Lodge night in Nagarkot'],
      excluded: [],
      days: [
        { title: 'Bhaktapur to Nagarkot', description: '', sleepPlace: 'Nagarkot', sleepAltitudeM: 2175, walkHours: 4, lodging: 'hotel' },
        { title: 'Sunrise and down to Changunarayan', description: '', sleepPlace: '', sleepAltitudeM: null, walkHours: 4, lodging: 'none' },
      ],
    },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return ((await answer.json()) as { tour: OwnTour }).tour
}

async function ownTour(request: APIRequestContext, token: string, tourId: string): Promise<OwnTour> {
  const answer = await request.get('/api/v1/tours/mine', { headers: { Authorization: `Bearer ${token}` } })
  expect(answer.ok()).toBe(true)
  const tour = ((await answer.json()) as { tours: OwnTour[] }).tours.find((t) => t._id === tourId)
  expect(tour).toBeTruthy()
  return tour!
}

const tiles = (page: Page) => page.getByTestId('tour-photo')

/**
 * `what` (or the screen) at a phone's and a desktop's width, into e2e/screenshots/, once its
 * images have loaded; back at the phone's width after.
 */
async function shoot(page: Page, name: string, what?: Locator) {
  for (const [device, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.evaluate(async () => {
      // Lazy images out of view would never load: load them all first.
      const images = Array.from(document.images)
      for (const img of images) img.loading = 'eager'
      const pending = images.filter((img) => !img.complete)
      await Promise.all(pending.map((img) => new Promise((done) => ['load', 'error'].forEach((event) => img.addEventListener(event, done, { once: true })))))
    })
    if (what) await what.screenshot({ path: `e2e/screenshots/${device}-${name}.png` })
    else await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png` })
  }
  await page.setViewportSize({ width: 390, height: 844 })
}

test('a guide uploads photos on a phone, picks the cover, removes one and publishes; travellers see the gallery, the lightbox and the cover on the card', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const title = `Nagarkot sunrise ${Date.now().toString(36)}`
  const token = await guideToken(request)
  const tour = await draftTour(request, token, title)
  await signIn(page, GUIDE.email, GUIDE.password)

  await page.goto(`/guide/tours/${tour._id}/edit`)
  const photos = page.getByTestId('photos-editor')
  await expect(photos.getByRole('heading', { name: 'Photos' })).toBeVisible()
  await expect(photos.getByTestId('photo-count')).toHaveText('0 of 12')

  // Something typed and not saved yet: the photos must leave it alone.
  const summary = page.getByRole('region', { name: 'About the tour' }).getByLabel('Summary')
  const typed = 'Sunrise over Langtang, Ganesh and Everest from the valley rim; down through Telkot.'
  await summary.fill(typed)

  // Three photos and a document, chosen at once: the document is refused with the reason.
  await photos
    .getByLabel('Choose photos')
    .setInputFiles([
      await pngFile(page, 'ridge.png', 200),
      await pngFile(page, 'sunrise.png', 20),
      await pngFile(page, 'village.png', 120),
      { name: 'permit.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
    ])
  const refused = photos.getByTestId('photo-upload').filter({ hasText: 'permit.txt' })
  await expect(refused).toContainText('Not uploaded: Only JPEG, PNG or WebP images are allowed')
  await expect(tiles(page)).toHaveCount(3)
  await expect(photos.getByTestId('photo-count')).toHaveText('3 of 12')
  await expect(photos.getByTestId('photo-upload').filter({ hasNotText: 'permit.txt' })).toHaveCount(0)
  await refused.getByRole('button', { name: 'Dismiss permit.txt' }).click()
  await expect(refused).toBeHidden()
  await expect(tiles(page).first().getByTestId('cover-badge')).toHaveText('Cover')

  const uploaded = (await ownTour(request, token, tour._id)).photos
  expect(uploaded).toHaveLength(3)

  // The second becomes the cover: it moves first, and focus stays with it.
  await photos.getByRole('button', { name: 'Make photo 2 the cover' }).click()
  await expect(photos.getByRole('button', { name: 'Move photo 1 later' })).toBeFocused()
  await expect.poll(async () => (await ownTour(request, token, tour._id)).photos.map((p) => p._id)).toEqual([uploaded[1]._id, uploaded[0]._id, uploaded[2]._id])
  await expect(tiles(page).first().getByRole('img')).toHaveAttribute('src', new RegExp(uploaded[1].thumbUrl.replace(/[.?]/g, '\\$&')))

  // Removing asks first; the last photo goes.
  await photos.getByRole('button', { name: 'Remove photo 3' }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove this photo?' })
  await confirm.getByRole('button', { name: 'Remove the photo' }).click()
  await expect(confirm).toBeHidden()
  await expect(tiles(page)).toHaveCount(2)
  await expect(photos.getByTestId('photo-count')).toHaveText('2 of 12')
  await expect(summary).toHaveValue(typed)
  await shoot(page, 'tour-photos-editor', photos)

  // The preview shows them as the tour page will.
  await page.getByRole('tab', { name: 'Preview' }).click()
  await expect(page.getByTestId('tour-preview').getByTestId('tour-gallery').getByRole('img')).toHaveCount(2)
  await page.getByRole('tab', { name: 'Edit' }).click()

  await page.getByRole('button', { name: 'Save and publish' }).click()
  await expect(page).toHaveURL(/\/guide\/tours$/)
  const saved = await ownTour(request, token, tour._id)
  expect(saved.status).toBe('published')
  const cover = saved.photos[0]
  expect(saved.photos.map((p) => p._id)).toEqual([uploaded[1]._id, uploaded[0]._id])

  // The tour's page: the gallery at the top, the lightbox with both photos.
  await page.goto(`/tours/${tour._id}`)
  const gallery = page.getByTestId('tour-gallery')
  await expect(gallery.getByRole('img', { name: `${title}, photo 1 of 2` })).toHaveAttribute('src', new RegExp(cover.url.replace(/[.?]/g, '\\$&')))
  await shoot(page, 'tour-gallery')
  await gallery.getByRole('button', { name: `${title}, photo 1 of 2` }).click()
  const lightbox = page.getByRole('dialog', { name: title })
  await expect(lightbox.getByText('1 of 2')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(lightbox.getByText('2 of 2')).toBeVisible()
  await expect(lightbox.getByRole('img', { name: `${title}, photo 2 of 2` })).toBeVisible()
  await shoot(page, 'tour-lightbox')
  await page.keyboard.press('Escape')
  await expect(lightbox).toBeHidden()

  // The list of tours shows the cover on its card.
  await page.goto(`/tours?q=${encodeURIComponent(title)}`)
  const card = page.getByRole('article', { name: title })
  await expect(card.locator('img').first()).toHaveAttribute('src', new RegExp(cover.thumbUrl.replace(/[.?]/g, '\\$&')))
})
