import { booking, destination, paidBooking } from '../../test-fixtures'
import { EMERGENCY_CONTACTS } from '../emergency-contacts'
import {
  isTripToKeep,
  lastSaved,
  offlinePacks,
  reconcile,
  tripsWantingOffer,
  tripsWantingTour,
  type SavedOffer,
  type OfflinePack,
  type PackStorage,
  type SavedConversations,
  type SavedGuides,
  type SavedThread,
} from './offline-pack'
import { publicTour } from '../../test-tour-fixtures'
import { currentAccount } from './offline-store'
import { trekFactsOf } from './trek-facts'

/** IndexedDB's part, as a map: what the packs code asks of its storage. */
function memoryStorage(): PackStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => void data.set(key, structuredClone(value)),
    del: async (key) => void data.delete(key),
    keys: async () => [...data.keys()],
  }
}

const TODAY = '2026-12-01'
const NOW = new Date('2026-12-01T06:00:00Z')
const LATER = new Date('2026-12-02T06:00:00Z')

describe('which trips are kept', () => {
  it('keeps paid trips until their last day, and nothing unpaid, cancelled or over', () => {
    expect(isTripToKeep(paidBooking('b1', { selectedDate: '2026-12-12' }), TODAY)).toBe(true)
    expect(isTripToKeep(paidBooking('b1', { selectedDate: '2026-11-30', days: 2 }), TODAY)).toBe(true)
    expect(isTripToKeep(paidBooking('b1', { selectedDate: '2026-11-30' }), TODAY)).toBe(false)
    expect(isTripToKeep(booking('b1', { bookingStatus: 'approved' }), TODAY)).toBe(false)
    expect(isTripToKeep(paidBooking('b1', { bookingStatus: 'cancelled', paymentStatus: 'refunded' }), TODAY)).toBe(false)
  })
})

describe('offline packs', () => {
  it('keeps a saved trip with its destination for its own account only', async () => {
    const packs = offlinePacks(memoryStorage())
    const everest = destination('d1', { name: 'Everest Base Camp' })

    await packs.saveTrip('asha', { booking: paidBooking('b1'), destination: everest, savedAt: NOW.toISOString() })

    const mine = await packs.load('asha')
    expect(mine.trips).toHaveLength(1)
    expect(mine.trips[0].destination?.name).toBe('Everest Base Camp')
    expect(mine.emergencyNumbers).toEqual(EMERGENCY_CONTACTS)
    expect((await packs.load('bikash')).trips).toEqual([])
  })

  it('never reads a pack stored under another account', async () => {
    const storage = memoryStorage()
    const packs = offlinePacks(storage)
    storage.data.set('pack:asha', { account: 'bikash', trips: [{ booking: paidBooking('b1') }] })
    storage.data.set('pack:dawa', 'not a pack')

    expect((await packs.load('asha')).trips).toEqual([])
    expect((await packs.load('dawa')).trips).toEqual([])
  })

  it('saving a trip again replaces it, and trips are ordered soonest first', async () => {
    const packs = offlinePacks(memoryStorage())
    await packs.saveTrip('asha', { booking: paidBooking('late', { selectedDate: '2026-12-20' }), destination: null, savedAt: NOW.toISOString() })
    await packs.saveTrip('asha', { booking: paidBooking('soon', { selectedDate: '2026-12-05' }), destination: null, savedAt: NOW.toISOString() })
    const pack = await packs.saveTrip('asha', { booking: paidBooking('late', { selectedDate: '2026-12-20' }), destination: destination('d1'), savedAt: LATER.toISOString() })

    expect(pack.trips.map((t) => t.booking._id)).toEqual(['soon', 'late'])
    expect(pack.trips[1].destination?._id).toBe('d1')
    expect(lastSaved(pack)).toBe(LATER.toISOString())
  })

  it('forgets every pack on sign-out and leaves other keys alone', async () => {
    const storage = memoryStorage()
    const packs = offlinePacks(storage)
    await packs.saveTrip('asha', { booking: paidBooking('b1'), destination: null, savedAt: NOW.toISOString() })
    await packs.saveTrip('bikash', { booking: paidBooking('b2'), destination: null, savedAt: NOW.toISOString() })
    storage.data.set('something-else', 1)

    await packs.forgetAll()

    expect([...storage.data.keys()]).toEqual(['something-else'])
  })
})

describe('keeping the pack in step with the bookings', () => {
  const empty: OfflinePack = { account: 'asha', trips: [], emergencyNumbers: [...EMERGENCY_CONTACTS] }

  it('saves a newly paid trip on its own, without a destination', () => {
    const next = reconcile(empty, [paidBooking('b1'), booking('b2')], TODAY, NOW)

    expect(next?.trips.map((t) => [t.booking._id, t.destination, t.savedAt])).toEqual([['b1', null, NOW.toISOString()]])
  })

  it('keeps the chosen destination when the trip changes, and writes nothing when nothing did', () => {
    const saved = reconcile(empty, [paidBooking('b1')], TODAY, NOW)!
    saved.trips[0].destination = destination('d1')

    expect(reconcile(saved, [paidBooking('b1')], TODAY, LATER)).toBeNull()

    const moved = reconcile(saved, [paidBooking('b1', { selectedTime: '07:00' })], TODAY, LATER)!
    expect(moved.trips[0].booking.selectedTime).toBe('07:00')
    expect(moved.trips[0].destination?._id).toBe('d1')
    expect(moved.trips[0].savedAt).toBe(LATER.toISOString())
  })

  it('drops a trip once it is cancelled or over', () => {
    const saved = reconcile(empty, [paidBooking('b1'), paidBooking('b2')], TODAY, NOW)!

    const next = reconcile(saved, [paidBooking('b1', { bookingStatus: 'cancelled', paymentStatus: 'refunded' }), paidBooking('b2')], TODAY, LATER)
    expect(next?.trips.map((t) => t.booking._id)).toEqual(['b2'])
    expect(reconcile(next!, [paidBooking('b2')], '2026-12-13', LATER)?.trips).toEqual([])
  })

  it('asks for the page of each booked tour not saved yet, and keeps it while the tour stays the same', async () => {
    const tourTrip = paidBooking('b1', { tour: { _id: 't1', title: 'Everest Base Camp t1' } })
    const saved = reconcile(empty, [tourTrip, paidBooking('b2', { selectedDate: '2026-12-20' })], TODAY, NOW)!
    expect(tripsWantingTour(saved).map((t) => t.booking._id)).toEqual(['b1'])

    const packs = offlinePacks(memoryStorage())
    await packs.sync('asha', [tourTrip], TODAY, NOW)
    const withTour = await packs.savePlan('asha', 'b1', { tour: publicTour('t1') })
    expect(withTour.trips[0].tour?.days).toHaveLength(3)
    expect(tripsWantingTour(withTour)).toEqual([])
    expect((await packs.savePlan('asha', 'gone', { tour: publicTour('t1') })).trips).toHaveLength(1)

    const moved = reconcile(withTour, [paidBooking('b1', { tour: tourTrip.tour, selectedTime: '07:00' })], TODAY, LATER)!
    expect(moved.trips[0].tour?._id).toBe('t1')
    const otherTour = reconcile(withTour, [paidBooking('b1', { tour: { _id: 't2', title: 'Gokyo' } })], TODAY, LATER)!
    expect(otherTour.trips[0].tour).toBeUndefined()
    expect(tripsWantingTour(otherTour).map((t) => t.booking._id)).toEqual(['b1'])
  })

  it('asks for the offer a trip was booked from, and keeps it while the booking names it', async () => {
    const fromOffer = paidBooking('b1', { offerId: 'o1' })
    const packs = offlinePacks(memoryStorage())
    const synced = await packs.sync('asha', [fromOffer, paidBooking('b2', { selectedDate: '2026-12-20' })], TODAY, NOW)
    expect(tripsWantingOffer(synced).map((t) => t.booking._id)).toEqual(['b1'])
    const offer = { _id: 'o1', tourTitle: null, days: publicTour('t1').days, acclimatisation: publicTour('t1').acclimatisation } as SavedOffer
    const withOffer = await packs.savePlan('asha', 'b1', { offer })
    expect(withOffer.trips.find((t) => t.booking._id === 'b1')?.offer?.days).toHaveLength(3)
    expect(tripsWantingOffer(withOffer)).toEqual([])
    const moved = reconcile(withOffer, [paidBooking('b1', { offerId: 'o1', selectedTime: '07:00' })], TODAY, LATER)!
    expect(moved.trips[0].offer?._id).toBe('o1')
  })

  it('sync writes the reconciled pack', async () => {
    const packs = offlinePacks(memoryStorage())
    await packs.sync('asha', [paidBooking('b1')], TODAY, NOW)

    expect((await packs.load('asha')).trips.map((t) => t.booking._id)).toEqual(['b1'])
  })
})

describe('the account a pack belongs to', () => {
  const token = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`

  it('is the access token subject', () => {
    expect(currentAccount(token({ sub: '0190a1b2-c3d4', role: 'tourist' }))).toBe('0190a1b2-c3d4')
  })

  it('is none without a readable token', () => {
    expect(currentAccount(null)).toBeNull()
    expect(currentAccount('not-a-jwt')).toBeNull()
    expect(currentAccount('h.%%%.s')).toBeNull()
    expect(currentAccount(token({ role: 'tourist' }))).toBeNull()
  })
})

describe('trek facts of a saved destination', () => {
  it('reads permits and facts when the server sent them', () => {
    const annapurna = {
      ...destination('d1'),
      durationDays: { min: 7, max: 12 },
      maxAltitudeM: 4130,
      difficulty: 'moderate',
      licensedGuideRequired: true,
      permits: [{ name: 'ACAP', feeNpr: 3000, saarcFeeNpr: 1000, feeUsd: null, per: 'entry', note: null }, { nope: 1 }],
    }

    expect(trekFactsOf(annapurna as unknown as Parameters<typeof trekFactsOf>[0])).toEqual({
      permits: [{ name: 'ACAP', feeNpr: 3000, saarcFeeNpr: 1000, feeUsd: null, per: 'entry', note: null }],
      durationDays: { min: 7, max: 12 },
      maxAltitudeM: 4130,
      difficulty: 'moderate',
      licensedGuideRequired: true,
    })
  })

  it('is empty for a destination from a server without them', () => {
    expect(trekFactsOf(destination('d1'))).toEqual({ permits: [], durationDays: null, maxAltitudeM: null, difficulty: null, licensedGuideRequired: false })
  })
})

describe('offline copies of the guides list and conversations', () => {
  const conversation = { _id: 'c1' } as unknown as SavedConversations['list'][number]
  const message = { _id: 'm1', text: 'Namaste' } as unknown as SavedThread['messages'][number]

  it('keeps the conversations and opened threads in the account pack, through trip updates, until sign-out', async () => {
    const storage = memoryStorage()
    const packs = offlinePacks(storage)
    await packs.saveConversations('asha', [conversation], NOW)
    await packs.saveThread('asha', 'c1', [message], LATER)
    await packs.sync('asha', [paidBooking('b1')], TODAY, LATER)

    const mine = await packs.load('asha')
    expect(mine.conversations?.list).toEqual([conversation])
    expect(mine.conversations?.savedAt).toBe(NOW.toISOString())
    expect(mine.conversations?.threads.c1).toEqual({ messages: [message], savedAt: LATER.toISOString() })
    expect((await packs.load('bikash')).conversations).toBeUndefined()

    await packs.saveConversations('asha', [], LATER)
    expect((await packs.load('asha')).conversations?.threads.c1?.messages).toEqual([message])

    await packs.forgetAll()
    expect((await packs.load('asha')).conversations).toBeUndefined()
  })

  it('keeps the public guides list once for the browser, across sign-out', async () => {
    const storage = memoryStorage()
    const packs = offlinePacks(storage)
    expect(await packs.loadGuides()).toBeNull()
    const guides = [{ _id: 'g1' }] as unknown as SavedGuides['guides']

    await packs.saveGuides({ guides, total: 42, savedAt: NOW.toISOString() })
    await packs.forgetAll()

    expect(await packs.loadGuides()).toEqual({ guides, total: 42, savedAt: NOW.toISOString() })
    storage.data.set('guides', 'not a copy')
    expect(await packs.loadGuides()).toBeNull()
  })
})
