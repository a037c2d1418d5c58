import { afterEach, describe, expect, it, vi } from 'vitest'
import { translate } from '../../i18n/messages'
import { ClientCache } from '../../lib/client-cache'
import { IMAGE_TOO_LARGE, IMAGE_TYPE_NOT_ALLOWED } from '../../lib/image-file'
import { failure, fakeServer, json, type Call } from '../../test-server'
import { publicTour } from '../../test-tour-fixtures'
import type { Tour, TourPhoto } from '../tours/api/tours'
import { PHOTO_CALLS, storeTour } from './api/tour-photos'
import { MY_TOURS_KEY, MY_TOURS_TAGS } from './api/editor-data'
import { arrange, coverFirst, moveId, orderToSend, PhotoQueue, PHOTOS_MAX, TOO_MANY_PHOTOS } from './photo-queue'

const photo = (id: string): TourPhoto => ({
  _id: id,
  url: `/media/${id}.webp`,
  thumbUrl: `/media/${id}-320w.webp`,
  variants: { srcset: `/media/${id}-640w.webp 640w`, width: 1200, height: 800 },
})
const tourWith = (ids: readonly string[]): Tour => ({ ...publicTour('t1'), photos: ids.map(photo) })
const png = (name: string, bytes = 3) => new File([new Uint8Array(bytes)], name, { type: 'image/png' })
const idsOf = (queue: PhotoQueue) => queue.snapshot().photos.map((p) => p._id)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('arranging photo ids', () => {
  it('moves a photo one place either way and leaves the ends alone', () => {
    expect(moveId(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c'])
    expect(moveId(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b'])
    expect(moveId(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c'])
    expect(moveId(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c'])
  })

  it('makes a photo the cover by putting it first', () => {
    expect(coverFirst(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b'])
    expect(coverFirst(['a', 'b'], 'x')).toEqual(['a', 'b'])
  })

  it('sends every photo the server has once: the wanted order, then any not placed yet, without removed ones', () => {
    expect(orderToSend(['c', 'a', 'b'], ['a', 'b', 'c'])).toEqual(['c', 'a', 'b'])
    // d was uploaded while the guide arranged; b was removed meanwhile.
    expect(orderToSend(['c', 'b', 'a'], ['a', 'c', 'd'])).toEqual(['c', 'a', 'd'])
    expect(arrange([photo('a'), photo('b')], null).map((p) => p._id)).toEqual(['a', 'b'])
    expect(arrange([photo('a'), photo('b')], ['b', 'a']).map((p) => p._id)).toEqual(['b', 'a'])
  })
})

/**
 * The server's photo endpoints for one tour, as the contract says: each answers with the
 * whole tour. `hold` keeps an upload's answer back until released.
 */
function photoServer(start: readonly string[], refuse: (call: Call) => Response | undefined = () => undefined) {
  let ids = [...start]
  let next = 0
  const held: (() => void)[] = []
  let holding = false
  const calls = fakeServer(async (call) => {
    const refused = refuse(call)
    if (refused) return refused
    const path = call.url.pathname
    if (call.method === 'POST' && path === '/api/v1/tours/t1/photos') {
      if (holding) await new Promise<void>((release) => held.push(release))
      if (ids.length >= PHOTOS_MAX) return failure(400, 'A tour can have at most 12 photos')
      next += 1
      ids = [...ids, `new${next}`]
      return json({ status: 'success', tour: tourWith(ids) }, 201)
    }
    if (call.method === 'PUT' && path === '/api/v1/tours/t1/photos') {
      const wanted = (call.body as { photoIds: string[] }).photoIds
      if ([...wanted].sort().join() !== [...ids].sort().join()) return failure(400, 'Send every photo of the tour once')
      ids = wanted
      return json({ status: 'success', tour: tourWith(ids) })
    }
    const removed = /^\/api\/v1\/tours\/t1\/photos\/(.+)$/.exec(path)?.[1]
    if (call.method === 'DELETE' && removed) {
      if (!ids.includes(removed)) return failure(404, 'Photo not found')
      ids = ids.filter((id) => id !== removed)
      return json({ status: 'success', tour: tourWith(ids) })
    }
    return failure(404, 'Not found')
  })
  return {
    calls,
    ids: () => ids,
    hold: () => {
      holding = true
    },
    release: () => {
      holding = false
      held.splice(0).forEach((go) => go())
    },
  }
}

function startQueue(ids: readonly string[], onSaved: (tour: Tour) => void = () => {}) {
  const queue = new PhotoQueue('t1', ids.map(photo), PHOTO_CALLS, onSaved)
  queue.start()
  return queue
}

describe('the photo queue', () => {
  it('refuses what the server would before sending, uploads the rest one by one in order, and goes on after a refusal', async () => {
    // jsdom's multipart body keeps a file's type, not its name or bytes: types tell the files apart.
    const typeSent = (call: Call) => ((call.body as FormData).get('photo') as File).type
    const server = photoServer([], (call) =>
      call.method === 'POST' && typeSent(call) === 'image/webp' ? failure(400, 'This image is too large (maximum 40 megapixels)') : undefined,
    )
    const saved: Tour[] = []
    const queue = startQueue([], (tour) => saved.push(tour))

    queue.add([
      png('first.png'),
      new File(['gif'], 'anim.gif', { type: 'image/gif' }),
      png('big.png', 8 * 1024 * 1024 + 1),
      new File(['webp'], 'huge.webp', { type: 'image/webp' }),
      new File(['jpg'], 'last.jpg', { type: 'image/jpeg' }),
    ])
    // The two the server would refuse fail at once, saying why; nothing is sent for them.
    const failedAtOnce = queue.snapshot().uploads.filter((u) => u.state === 'failed')
    expect(failedAtOnce.map((u) => [u.file.name, u.message])).toEqual([
      ['anim.gif', translate(IMAGE_TYPE_NOT_ALLOWED)],
      ['big.png', translate(IMAGE_TOO_LARGE)],
    ])

    await vi.waitFor(() => expect(queue.snapshot().uploads.filter((u) => u.state !== 'failed')).toEqual([]))
    expect(server.calls.filter((c) => c.method === 'POST').map(typeSent)).toEqual(['image/png', 'image/webp', 'image/jpeg'])
    expect(idsOf(queue)).toEqual(['new1', 'new2'])
    // The server's refusal stays on its file, in its words, and cannot be fixed by sending it again.
    const huge = queue.snapshot().uploads.find((u) => u.file.name === 'huge.webp')
    expect(huge).toMatchObject({ state: 'failed', message: 'This image is too large (maximum 40 megapixels)', retryable: false })
    expect(saved.map((tour) => tour.photos.length)).toEqual([1, 2])

    queue.dismiss(huge!.key)
    expect(queue.snapshot().uploads.map((u) => u.file.name)).toEqual(['anim.gif', 'big.png'])
  })

  it('takes no more files than a tour has room for', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}`)
    photoServer(eleven)
    const queue = startQueue(eleven)
    queue.add([png('twelfth.png'), png('thirteenth.png')])
    expect(queue.snapshot().uploads.map((u) => [u.file.name, u.state, u.message])).toEqual([
      ['twelfth.png', 'uploading', null],
      ['thirteenth.png', 'failed', translate(TOO_MANY_PHOTOS, { max: PHOTOS_MAX })],
    ])
    await vi.waitFor(() => expect(queue.snapshot().photos).toHaveLength(12))
  })

  it('shows a new cover at once and sends the order after the upload under way, with the new photo last', async () => {
    const server = photoServer(['a', 'b'])
    const queue = startQueue(['a', 'b'])
    server.hold()
    queue.add([png('c.png')])
    queue.makeCover('b')
    expect(idsOf(queue)).toEqual(['b', 'a'])
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([])

    server.release()
    await vi.waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ photoIds: ['b', 'a', 'new1'] })
    await vi.waitFor(() => expect(server.ids()).toEqual(['b', 'a', 'new1']))
    expect(idsOf(queue)).toEqual(['b', 'a', 'new1'])
  })

  it('sends quick moves as one order when the server is busy, and each move shows at once', async () => {
    const server = photoServer(['a', 'b', 'c'])
    const queue = startQueue(['a', 'b', 'c'])
    queue.move('c', -1)
    queue.move('c', -1)
    expect(idsOf(queue)).toEqual(['c', 'a', 'b'])
    await vi.waitFor(() => expect(server.ids()).toEqual(['c', 'a', 'b']))
    // The first move was sent at once; the second waited for it and went as the whole order.
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ photoIds: ['a', 'c', 'b'] }, { photoIds: ['c', 'a', 'b'] }])
  })

  it('puts the photos back as the server has them, saying why, when an order is refused', async () => {
    photoServer(['a', 'b'], (call) => (call.method === 'PUT' ? failure(409, 'This tour is archived and cannot be changed') : undefined))
    const queue = startQueue(['a', 'b'])
    queue.makeCover('b')
    expect(idsOf(queue)).toEqual(['b', 'a'])
    await vi.waitFor(() => expect(queue.snapshot().error).toBe('This tour is archived and cannot be changed'))
    expect(idsOf(queue)).toEqual(['a', 'b'])
  })

  it('shows a photo as being removed until the server has removed it', async () => {
    const server = photoServer(['a', 'b'])
    const queue = startQueue(['a', 'b'])
    queue.remove('a')
    expect(queue.snapshot().removing).toEqual(['a'])
    await vi.waitFor(() => expect(idsOf(queue)).toEqual(['b']))
    expect(queue.snapshot().removing).toEqual([])
    expect(server.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['DELETE /api/v1/tours/t1/photos/a'])
  })

  it('lets a file that failed for want of a network be sent again', async () => {
    let offline = true
    photoServer([], (call) => (call.method === 'POST' && offline ? failure(503, 'Service unavailable') : undefined))
    const queue = startQueue([])
    queue.add([png('trail.png')])
    await vi.waitFor(() => expect(queue.snapshot().uploads[0]).toMatchObject({ state: 'failed', retryable: true }))
    offline = false
    queue.retry(queue.snapshot().uploads[0].key)
    await vi.waitFor(() => expect(idsOf(queue)).toEqual(['new1']))
    expect(queue.snapshot().uploads).toEqual([])
  })

  it('sends nothing while stopped, and what waited once started again', async () => {
    const server = photoServer([])
    const queue = startQueue([])
    queue.stop()
    queue.add([png('later.png')])
    expect(server.calls).toEqual([])
    queue.start()
    await vi.waitFor(() => expect(idsOf(queue)).toEqual(['new1']))
  })
})

describe('keeping a changed tour in the client cache', () => {
  it('replaces the tour in the guide list and drops the public lists and the tour page, which show the cover', () => {
    const cache = new ClientCache()
    const other = { ...tourWith([]), _id: 't2' }
    cache.set(MY_TOURS_KEY, [tourWith(['a']), other], { tags: MY_TOURS_TAGS })
    cache.set('tours:sort=rating', { tours: [] }, { tags: ['tours'] })
    cache.set('tour:t1', publicTour('t1'), { tags: ['tour:t1'] })
    cache.set('tour:t2', publicTour('t2'), { tags: ['tour:t2'] })

    storeTour(cache, tourWith(['b', 'a']))

    expect(cache.peek<Tour[]>(MY_TOURS_KEY)?.map((t) => [t._id, t.photos.map((p) => p._id)])).toEqual([
      ['t1', ['b', 'a']],
      ['t2', []],
    ])
    expect(cache.has('tours:sort=rating')).toBe(false)
    expect(cache.has('tour:t1')).toBe(false)
    expect(cache.has('tour:t2')).toBe(true)
  })
})
