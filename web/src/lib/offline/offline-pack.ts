import { bookingState, paymentState, type Booking } from '../booking'
import { EMERGENCY_CONTACTS, type EmergencyContact } from '../emergency-contacts'
import type { components } from '../api-schema'
import type { Destination } from '../list-destinations'

/** A booked tour's public page as saved: its days with altitudes, its risk and flagged nights. */
export type SavedTour = components['schemas']['PublicTour']

/** The custom offer a trip was booked from, as saved: its own days, altitudes and risk. */
export type SavedOffer = components['schemas']['Offer']

/**
 * The offline trek pack: what a traveller needs on a trail with no signal, kept in the
 * browser per account (IndexedDB) and forgotten on sign-out.
 *
 * A trip is stored as the booking the API returns (dates, guide name, photo and phone, the
 * meeting message, the payment its receipt is drawn from) with the destination the
 * traveller chose for it, stored whole as the API returns it, so fields the server adds
 * later (permits, trek facts) come along without a change here.
 */
export type SavedTrip = {
  booking: Booking
  destination: Destination | null
  /** The booked tour's page, for a booking of a tour (packs saved before tours have none). */
  tour?: SavedTour | null
  /** The offer, for a booking made from a guide's custom offer: its days are the plan. */
  offer?: SavedOffer | null
  /** RFC 3339: when this trip was last saved with a signal. */
  savedAt: string
}

/** A conversation's newest messages as last seen, and when. */
export type SavedThread = { messages: components['schemas']['Message'][]; savedAt: string }

/** The account's conversations as last seen (list and the messages of those opened). */
export type SavedConversations = {
  list: components['schemas']['Conversation'][]
  savedAt: string
  threads: Record<string, SavedThread>
}

export type OfflinePack = {
  /** The account's id (the token's subject): a pack is only ever read for its own account. */
  account: string
  trips: SavedTrip[]
  emergencyNumbers: EmergencyContact[]
  /** Absent until /messages has been seen with a signal. */
  conversations?: SavedConversations
}

/** The public guides list as last seen: the same for every account, so kept outside the packs. */
export type SavedGuides = { guides: components['schemas']['GuideCard'][]; total: number; savedAt: string }

/** Where packs are kept: IndexedDB in the browser, a map in tests. */
export type PackStorage = {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
  keys(): Promise<IDBValidKey[]>
}

const PACK_PREFIX = 'pack:'
const GUIDES_KEY = 'guides'
const packKey = (account: string) => `${PACK_PREFIX}${account}`

/** A paid trip that has not ended (Nepal's date `today`, `YYYY-MM-DD`): the trips worth carrying. */
export function isTripToKeep(booking: Pick<Booking, 'bookingStatus' | 'paymentStatus' | 'endDate'>, today: string): boolean {
  return bookingState(booking) === 'approved' && paymentState(booking) === 'paid' && booking.endDate >= today
}

const emptyPack = (account: string): OfflinePack => ({ account, trips: [], emergencyNumbers: [...EMERGENCY_CONTACTS] })

/** A stored value read back defensively: anything not shaped like a pack of this account is none. */
function asPack(value: unknown, account: string): OfflinePack | null {
  if (typeof value !== 'object' || value === null) return null
  const pack = value as Partial<OfflinePack>
  if (pack.account !== account || !Array.isArray(pack.trips)) return null
  const conversations = Array.isArray(pack.conversations?.list) ? { conversations: { ...pack.conversations, threads: pack.conversations.threads ?? {} } } : {}
  return { account, trips: pack.trips, emergencyNumbers: Array.isArray(pack.emergencyNumbers) ? pack.emergencyNumbers : [...EMERGENCY_CONTACTS], ...conversations }
}

function asGuides(value: unknown): SavedGuides | null {
  if (typeof value !== 'object' || value === null) return null
  const copy = value as Partial<SavedGuides>
  return Array.isArray(copy.guides) && typeof copy.savedAt === 'string' ? { guides: copy.guides, total: copy.total ?? copy.guides.length, savedAt: copy.savedAt } : null
}

const soonestFirst = (a: SavedTrip, b: SavedTrip) => (a.booking.selectedDate + a.booking.selectedTime).localeCompare(b.booking.selectedDate + b.booking.selectedTime)

/** The pack with `trip` in it (replacing an older copy of the same booking), soonest trip first. */
export function withTrip(pack: OfflinePack, trip: SavedTrip): OfflinePack {
  const trips = pack.trips
    .filter((t) => t.booking._id !== trip.booking._id)
    .concat(trip)
    .sort(soonestFirst)
  return { ...pack, trips, emergencyNumbers: [...EMERGENCY_CONTACTS] }
}

/**
 * The pack after a fresh look at the traveller's bookings: every trip to keep is saved
 * (a new one without a destination, an old one keeping the destination chosen for it), and
 * trips cancelled or over are dropped. `null` when nothing changed, so nothing is written.
 */
export function reconcile(pack: OfflinePack, bookings: Booking[], today: string, now: Date): OfflinePack | null {
  const saved = new Map(pack.trips.map((t) => [t.booking._id, t]))
  const trips: SavedTrip[] = []
  let changed = false
  for (const booking of bookings) {
    if (!isTripToKeep(booking, today)) continue
    const before = saved.get(booking._id)
    if (before && JSON.stringify(before.booking) === JSON.stringify(booking)) {
      trips.push(before)
    } else {
      const tour = before?.tour && before.tour._id === booking.tour?._id ? { tour: before.tour } : {}
      const offer = before?.offer && before.offer._id === booking.offerId ? { offer: before.offer } : {}
      trips.push({ booking, destination: before?.destination ?? null, ...tour, ...offer, savedAt: now.toISOString() })
      changed = true
    }
  }
  if (trips.length !== pack.trips.length) changed = true
  if (!changed) return null
  return { ...pack, trips: trips.sort(soonestFirst), emergencyNumbers: [...EMERGENCY_CONTACTS] }
}

/** Saved trips of a tour whose tour page is not saved with them (or is another tour's): the pages to fetch. */
export function tripsWantingTour(pack: OfflinePack): SavedTrip[] {
  return pack.trips.filter((t) => t.booking.tour && t.tour?._id !== t.booking.tour._id)
}

/** Saved trips booked from an offer that is not saved with them: the offers to fetch. */
export function tripsWantingOffer(pack: OfflinePack): SavedTrip[] {
  return pack.trips.filter((t) => t.booking.offerId && t.offer?._id !== t.booking.offerId)
}

/** The latest moment anything in the pack was saved, for the "saved on" note. */
export function lastSaved(pack: OfflinePack): string | null {
  return pack.trips.reduce<string | null>((latest, t) => (latest === null || t.savedAt > latest ? t.savedAt : latest), null)
}

/** Reading and writing packs through one storage. */
export function offlinePacks(storage: PackStorage) {
  async function load(account: string): Promise<OfflinePack> {
    return asPack(await storage.get(packKey(account)), account) ?? emptyPack(account)
  }
  return {
    load,
    async saveTrip(account: string, trip: SavedTrip): Promise<OfflinePack> {
      const pack = withTrip(await load(account), trip)
      await storage.set(packKey(account), pack)
      return pack
    },
    /** Adds a tour's page or an offer to the saved trip of `bookingId`, if it is still in the pack. */
    async savePlan(account: string, bookingId: string, plan: { tour: SavedTour } | { offer: SavedOffer }): Promise<OfflinePack> {
      const pack = await load(account)
      const trip = pack.trips.find((t) => t.booking._id === bookingId)
      if (!trip) return pack
      const next = { ...pack, trips: pack.trips.map((t) => (t === trip ? { ...trip, ...plan } : t)) }
      await storage.set(packKey(account), next)
      return next
    },
    async removeTrip(account: string, bookingId: string): Promise<OfflinePack> {
      const pack = await load(account)
      const next = { ...pack, trips: pack.trips.filter((t) => t.booking._id !== bookingId) }
      await storage.set(packKey(account), next)
      return next
    },
    /** Brings the pack in line with the bookings just fetched; the pack as it now stands. */
    async sync(account: string, bookings: Booking[], today: string, now: Date): Promise<OfflinePack> {
      const pack = await load(account)
      const next = reconcile(pack, bookings, today, now)
      if (next === null) return pack
      await storage.set(packKey(account), next)
      return next
    },
    /** Keeps the conversations list just seen, with the messages already kept. */
    async saveConversations(account: string, list: SavedConversations['list'], now: Date): Promise<OfflinePack> {
      const pack = await load(account)
      const next = { ...pack, conversations: { list, savedAt: now.toISOString(), threads: pack.conversations?.threads ?? {} } }
      await storage.set(packKey(account), next)
      return next
    },
    /** Keeps the newest messages of one conversation just seen. */
    async saveThread(account: string, conversationId: string, messages: SavedThread['messages'], now: Date): Promise<OfflinePack> {
      const pack = await load(account)
      const before = pack.conversations ?? { list: [], savedAt: now.toISOString(), threads: {} }
      const next = { ...pack, conversations: { ...before, threads: { ...before.threads, [conversationId]: { messages, savedAt: now.toISOString() } } } }
      await storage.set(packKey(account), next)
      return next
    },
    /** The public guides list: kept across sign-out, as it holds nothing of an account. */
    async saveGuides(copy: SavedGuides): Promise<void> {
      await storage.set(GUIDES_KEY, copy)
    },
    async loadGuides(): Promise<SavedGuides | null> {
      return asGuides(await storage.get(GUIDES_KEY))
    },
    /** Signing out forgets every account's pack in this browser, not only the last one's. */
    async forgetAll(): Promise<void> {
      const keys = await storage.keys()
      await Promise.all(keys.filter((k) => typeof k === 'string' && k.startsWith(PACK_PREFIX)).map((k) => storage.del(k as string)))
    },
  }
}

export type OfflinePacks = ReturnType<typeof offlinePacks>
