import { crc32, deflateSync } from 'node:zlib'
import type { APIRequestContext, APIResponse } from '@playwright/test'
import { PASSWORD } from './helpers'

/** Demo accounts that `yatra seed --demo` creates. */
export const ADMIN = { email: 'admin@demo.yatra.np', password: 'namaste-yatra' }
export const TRAVELLER = { email: 'traveller@demo.yatra.np', password: 'namaste-yatra' }

type Point = { latitude: number; longitude: number }

/** A PNG drawn here: a sky of the given hue, a low sun and two snow-capped ridges. */
export function landscapePng(hue: number, width = 640, height = 400): Buffer {
  const hsl = (h: number, s: number, l: number): [number, number, number] => {
    const a = s * Math.min(l, 1 - l)
    const f = (n: number) => {
      const k = (n + h / 30) % 12
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
    }
    return [f(0), f(8), f(4)]
  }
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    rows[row] = 0
    for (let x = 0; x < width; x++) {
      const far = height * (0.42 + 0.16 * Math.abs(Math.sin((x / width) * 6.5 + hue)) - 0.06 * Math.cos((x / width) * 17))
      const near = height * (0.68 + 0.1 * Math.sin((x / width) * 3.7 + 1 + hue / 50))
      const sun = Math.hypot(x - width * 0.72, y - height * 0.28) < height * 0.08
      let rgb: [number, number, number]
      if (y >= near) rgb = hsl((hue + 160) % 360, 0.25, 0.2 - 0.08 * ((y - near) / height))
      else if (y >= far) rgb = y < far + height * 0.05 ? [244, 247, 251] : hsl((hue + 200) % 360, 0.2, 0.45)
      else if (sun) rgb = [251, 191, 36]
      else rgb = hsl(hue, 0.55, 0.35 + 0.4 * (y / height))
      rows.set(rgb, row + 1 + x * 3)
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

export const pngUpload = (name: string, hue: number, width?: number, height?: number) => ({ name, mimeType: 'image/png', buffer: landscapePng(hue, width, height) })

async function expectOk(response: APIResponse, what: string): Promise<APIResponse> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`)
  return response
}

export async function apiLogIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await expectOk(await request.post('/api/v1/auth/login', { data: { email, password } }), `log in ${email}`)
  return ((await response.json()) as { token: string }).token
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

export type GuideSeed = {
  firstName: string
  lastName: string
  address: string
  point: Point
  interests: string[]
  languages: string[]
  pricePerDay: number
  yearsOfExperience: number
  bio: string
  /** Whether to upload a profile photo (some guides go without, to show the initials). */
  photo: boolean
}

/** Signs a guide up (with `email` and the e2e password), fills the profile, submits a certificate and has the admin verify it; returns the guide's id. */
export async function createVerifiedGuide(
  request: APIRequestContext,
  adminToken: string,
  seed: GuideSeed,
  hue: number,
  email = `e2e-discovery-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
): Promise<string> {
  await expectOk(
    await request.post('/api/v1/auth/signup', {
      data: { firstName: seed.firstName, lastName: seed.lastName, email, password: PASSWORD, confirmPassword: PASSWORD, role: 'guide' },
    }),
    'sign up',
  )
  const headers = bearer(await apiLogIn(request, email, PASSWORD))
  await expectOk(
    await request.post('/api/v1/guides/profile', {
      headers,
      data: {
        bio: seed.bio,
        nationality: 'Nepali',
        pricePerDay: seed.pricePerDay,
        expertiseLanguages: seed.languages,
        interests: seed.interests,
        contactInfo: { phone: '+977 9800000000', address: seed.address },
        location: seed.point,
        yearsOfExperience: seed.yearsOfExperience,
      },
    }),
    'save guide profile',
  )
  await expectOk(await request.post('/api/v1/guides/cover-image', { headers, multipart: { coverImage: pngUpload('cover.png', hue, 960, 360) } }), 'cover')
  if (seed.photo) {
    await expectOk(await request.post('/api/v1/guides/profile-image', { headers, multipart: { profileImage: pngUpload('me.png', (hue + 90) % 360, 320, 320) } }), 'photo')
  }
  await expectOk(
    await request.post('/api/v1/guides/certification', {
      headers,
      multipart: {
        certificates: JSON.stringify([
          { name: 'Trekking Guide Licence', issuingOrganization: 'Nepal Tourism Board', issueDate: '2019-04-15', licenceNumber: 'NTB-TG-0419', expiresOn: '2099-12-31' },
        ]),
        certificateImage: pngUpload('licence.png', 40, 320, 220),
      },
    }),
    'certificates',
  )
  const profile = await expectOk(await request.get('/api/v1/guides/guide-profile', { headers }), 'guide profile')
  const guideId = ((await profile.json()) as { data: { _id: string } }).data._id
  await expectOk(await request.post(`/api/v1/admin/guides/${guideId}/verify`, { headers: bearer(adminToken) }), 'verify')
  return guideId
}

export type DestinationSeed = {
  name: string
  location: string
  description: string
  rating: number
  reviews: number
  popular: boolean
  point: Point | null
}

export type SavedDestination = { _id: string; name: string; coordinates: Point | null }

export async function createDestination(request: APIRequestContext, adminToken: string, seed: DestinationSeed, hue: number): Promise<SavedDestination> {
  const response = await expectOk(
    await request.post('/api/v1/admin/destinations', {
      headers: bearer(adminToken),
      multipart: {
        name: seed.name,
        location: seed.location,
        description: seed.description,
        rating: String(seed.rating),
        reviews: String(seed.reviews),
        popular: String(seed.popular),
        latitude: seed.point ? String(seed.point.latitude) : '',
        longitude: seed.point ? String(seed.point.longitude) : '',
        image: pngUpload(`${seed.name}.png`, hue, 1200, 720),
      },
    }),
    `create destination ${seed.name}`,
  )
  return ((await response.json()) as { destination: SavedDestination }).destination
}

/** Every destination, following the pages. */
export async function allDestinations(request: APIRequestContext): Promise<SavedDestination[]> {
  const found: SavedDestination[] = []
  for (let page = 1; ; page++) {
    const response = await expectOk(await request.get(`/api/v1/users/destinations?limit=50&page=${page}`), 'list destinations')
    const body = (await response.json()) as { destinations: SavedDestination[]; totalPages: number }
    found.push(...body.destinations)
    if (page >= body.totalPages) return found
  }
}

/** How many guides the public list holds, counted through its cursor. */
export async function publicGuideCount(request: APIRequestContext): Promise<number> {
  let count = 0
  let cursor: string | null = null
  do {
    const query: string = cursor ? `cursor=${encodeURIComponent(cursor)}` : 'page=1'
    const response = await expectOk(await request.get(`/api/v1/users/guides?limit=50&${query}`), 'list guides')
    const body = (await response.json()) as { guides: unknown[]; nextCursor: string | null }
    count += body.guides.length
    cursor = body.nextCursor
  } while (cursor)
  return count
}

const bio = (town: string, what: string) =>
  `Born and raised near ${town}, I have guided travellers for years. I lead ${what}, keep groups small and speak with the villages we pass through, not just about them.`

/** Guides the journeys need: more than one page of the list (10), with Pokhara, Kathmandu and Chitwan among them. */
// One seed a line: a table to read down.
// prettier-ignore
export const GUIDES: GuideSeed[] = [
  { firstName: 'Ang', lastName: 'Dorje', address: 'Namche Bazaar, Solukhumbu', point: { latitude: 27.8047, longitude: 86.7131 }, interests: ['Trekking', 'Mountaineering', 'Photography', 'Culture', 'Festivals'], languages: ['English', 'Nepali', 'Japanese'], pricePerDay: 65, yearsOfExperience: 15, bio: bio('Namche', 'Everest Base Camp and Gokyo treks'), photo: true },
  { firstName: 'Sita', lastName: 'Gurung', address: 'Lakeside, Pokhara', point: { latitude: 28.2096, longitude: 83.958 }, interests: ['Trekking', 'Hiking', 'Nature', 'Bird Watching'], languages: ['English', 'Nepali', 'Hindi'], pricePerDay: 40, yearsOfExperience: 8, bio: bio('Pokhara', 'Annapurna and Mardi Himal treks'), photo: true },
  { firstName: 'Bikash', lastName: 'Thapa', address: 'Lakeside, Pokhara', point: { latitude: 28.215, longitude: 83.96 }, interests: ['Adventure', 'Paragliding', 'Rafting'], languages: ['English', 'Nepali'], pricePerDay: 55, yearsOfExperience: 6, bio: bio('Pokhara', 'paragliding days and Seti river rafting'), photo: false },
  { firstName: 'Maya', lastName: 'Tamang', address: 'Thamel, Kathmandu', point: { latitude: 27.7154, longitude: 85.3123 }, interests: ['Culture', 'History', 'Museums', 'Food'], languages: ['English', 'Nepali', 'French'], pricePerDay: 35, yearsOfExperience: 9, bio: bio('Kathmandu', 'temple walks and food tours of the old city'), photo: true },
  { firstName: 'Raju', lastName: 'Shrestha', address: 'Bhaktapur', point: { latitude: 27.671, longitude: 85.4298 }, interests: ['History', 'Heritage', 'Culture'], languages: ['English', 'Nepali', 'German'], pricePerDay: 38, yearsOfExperience: 12, bio: bio('Bhaktapur', 'heritage walks through the Durbar squares'), photo: false },
  { firstName: 'Kamala', lastName: 'Rai', address: 'Sauraha, Chitwan', point: { latitude: 27.5786, longitude: 84.4962 }, interests: ['Wildlife', 'Bird Watching', 'Jungle Safari', 'Nature'], languages: ['English', 'Nepali'], pricePerDay: 45, yearsOfExperience: 10, bio: bio('Chitwan', 'jungle walks and canoe safaris'), photo: true },
  { firstName: 'Dawa', lastName: 'Lama', address: 'Syabrubesi, Langtang', point: { latitude: 28.16, longitude: 85.35 }, interests: ['Trekking', 'Spirituality'], languages: ['English', 'Nepali', 'Tibetan'], pricePerDay: 50, yearsOfExperience: 14, bio: bio('Langtang', 'Langtang valley and Gosaikunda treks'), photo: false },
  { firstName: 'Nirmala', lastName: 'Karki', address: 'Patan, Lalitpur', point: { latitude: 27.6727, longitude: 85.325 }, interests: ['Food', 'Cooking', 'Local Experiences'], languages: ['English', 'Nepali'], pricePerDay: 30, yearsOfExperience: 5, bio: bio('Patan', 'cooking classes and market mornings'), photo: true },
  { firstName: 'Prakash', lastName: 'Adhikari', address: 'Bandipur, Tanahun', point: { latitude: 27.9354, longitude: 84.407 }, interests: ['Hiking', 'History', 'Photography'], languages: ['English', 'Nepali', 'Spanish'], pricePerDay: 32, yearsOfExperience: 7, bio: bio('Bandipur', 'hill village walks and sunrise viewpoints'), photo: false },
  { firstName: 'Sunita', lastName: 'Magar', address: 'Ghandruk, Kaski', point: { latitude: 28.377, longitude: 83.808 }, interests: ['Trekking', 'Local Experiences', 'Festivals'], languages: ['English', 'Nepali'], pricePerDay: 42, yearsOfExperience: 11, bio: bio('Ghandruk', 'Poon Hill and homestay treks'), photo: true },
  { firstName: 'Tenzing', lastName: 'Norbu', address: 'Jomsom, Mustang', point: { latitude: 28.7804, longitude: 83.7235 }, interests: ['Trekking', 'Adventure', 'Mountaineering'], languages: ['English', 'Nepali', 'Tibetan'], pricePerDay: 70, yearsOfExperience: 18, bio: bio('Jomsom', 'Upper Mustang and Thorong La crossings'), photo: true },
  { firstName: 'Hari', lastName: 'Poudel', address: 'Lumbini, Rupandehi', point: { latitude: 27.484, longitude: 83.276 }, interests: ['Spirituality', 'History', 'Museums'], languages: ['English', 'Nepali', 'Korean'], pricePerDay: 33, yearsOfExperience: 9, bio: bio('Lumbini', 'monastery zone walks'), photo: false },
]

const about = (first: string, second: string) => `${first}\n\n${second}`

/** More than one page (6) of destinations, one of them without a map point. */
// One seed a line: a table to read down.
// prettier-ignore
export const DESTINATIONS: DestinationSeed[] = [
  { name: 'Phewa Lake', location: 'Pokhara, Gandaki Province', rating: 4.8, reviews: 1200, popular: true, point: { latitude: 28.2096, longitude: 83.9856 }, description: about('Row across the still water at dawn while Machhapuchhre glows above the far shore.', 'Lakeside cafes, the island temple of Tal Barahi and the World Peace Pagoda are a short paddle or walk away.') },
  { name: 'Everest Base Camp', location: 'Solukhumbu, Koshi Province', rating: 4.9, reviews: 3400, popular: true, point: { latitude: 28.0026, longitude: 86.8528 }, description: about('The classic trek through Sherpa villages, monasteries and suspension bridges to the foot of the highest mountain on earth.', 'Acclimatise in Namche Bazaar and climb Kala Patthar for the sunrise view.') },
  { name: 'Chitwan National Park', location: 'Chitwan, Bagmati Province', rating: 4.6, reviews: 890, popular: true, point: { latitude: 27.5291, longitude: 84.3542 }, description: about('Lowland jungle and grassland, home to one-horned rhinos, gharials and Bengal tigers.', 'Walk with a naturalist, canoe the Rapti river and watch the birds at dusk.') },
  { name: 'Bhaktapur Durbar Square', location: 'Bhaktapur, Bagmati Province', rating: 4.7, reviews: 2100, popular: false, point: { latitude: 27.6722, longitude: 85.4279 }, description: about('Pagodas, carved windows and potters at work in the best-kept medieval city of the valley.', 'Try juju dhau, the king of curds, in the square.') },
  { name: 'Lumbini', location: 'Rupandehi, Lumbini Province', rating: 4.5, reviews: 760, popular: false, point: { latitude: 27.4833, longitude: 83.2767 }, description: about('The birthplace of the Buddha, with the Maya Devi temple and monasteries built by many nations.', 'Cycle the monastic zone in the quiet of early morning.') },
  { name: 'Bandipur', location: 'Tanahun, Gandaki Province', rating: 4.3, reviews: 310, popular: false, point: { latitude: 27.9354, longitude: 84.407 }, description: about('A hilltop Newar bazaar with no cars, slate roofs and a long Himalayan horizon.', 'Walk to Tundikhel for the sunrise over the Annapurnas.') },
  { name: 'Rara Lake', location: 'Mugu, Karnali Province', rating: 4.4, reviews: 150, popular: false, point: null, description: about('The largest lake in Nepal, deep blue among pine forests in the far west.', 'Few travellers make it here; those who do camp by the shore in silence.') },
  { name: 'Nagarkot', location: 'Bhaktapur, Bagmati Province', rating: 4.2, reviews: 540, popular: false, point: { latitude: 27.715, longitude: 85.52 }, description: about('A ridge on the rim of the valley with one of the widest mountain views near Kathmandu.', 'Stay the night to catch Everest at first light on a clear day.') },
]
