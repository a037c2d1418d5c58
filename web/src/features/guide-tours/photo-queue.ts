import { msg, translate } from '../../i18n/messages'
import type { ApiResult } from '../../lib/api-result'
import { imageFileProblem } from '../../lib/image-file'
import type { Tour, TourPhoto } from '../tours/api/tours'
import { newKey } from './tour-draft'

/** The server's limit of photos on one tour. */
export const PHOTOS_MAX = 12
export const TOO_MANY_PHOTOS = msg('guideTours.tooManyPhotos')

/** The server's photo calls; each answers with the whole tour. */
export type PhotoCalls = {
  upload: (tourId: string, file: File) => Promise<ApiResult<Tour>>
  remove: (tourId: string, photoId: string) => Promise<ApiResult<Tour>>
  order: (tourId: string, photoIds: string[]) => Promise<ApiResult<Tour>>
}

/** A chosen file on its way: waiting its turn, being sent, or refused (with why). */
export type Upload = {
  key: string
  file: File
  state: 'waiting' | 'uploading' | 'failed'
  message: string | null
  /** Failed for want of a network or a server fault: sending it again may work. */
  retryable: boolean
}

export type PhotosView = {
  /** The photos as the guide arranged them; the first is the cover. */
  photos: readonly TourPhoto[]
  /** Photos being removed (still shown, greyed). */
  removing: readonly string[]
  uploads: readonly Upload[]
  /** Why the last arranging or removing failed (the photos are back as the server has them). */
  error: string | null
}

/** `ids` with `id` moved `by` places (-1 earlier, 1 later); unchanged at either end. */
export function moveId(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const from = ids.indexOf(id)
  const to = from + by
  if (from < 0 || to < 0 || to >= ids.length) return [...ids]
  const next = [...ids]
  next.splice(from, 1)
  next.splice(to, 0, id)
  return next
}

/** `ids` with `id` first. */
export function coverFirst(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [id, ...ids.filter((other) => other !== id)] : [...ids]
}

/**
 * The order to send for the order the guide wants, given the photos the server has now:
 * the wanted order of those still there, then any the guide has not placed yet (just
 * uploaded) in the server's order. The server takes every photo once, nothing else.
 */
export function orderToSend(wanted: readonly string[], serverIds: readonly string[]): string[] {
  const present = new Set(serverIds)
  const placed = wanted.filter((id) => present.has(id))
  const placedSet = new Set(placed)
  return [...placed, ...serverIds.filter((id) => !placedSet.has(id))]
}

/** The server's photos in the wanted order (see `orderToSend`); the server's order when none is wanted. */
export function arrange(photos: readonly TourPhoto[], wanted: readonly string[] | null): TourPhoto[] {
  if (!wanted) return [...photos]
  const byId = new Map(photos.map((photo) => [photo._id, photo]))
  return orderToSend(
    wanted,
    photos.map((photo) => photo._id),
  ).map((id) => byId.get(id)!)
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i])
const idsOf = (photos: readonly TourPhoto[]) => photos.map((photo) => photo._id)

type Task = { kind: 'upload'; key: string } | { kind: 'order' } | { kind: 'remove'; photoId: string }

/**
 * A tour's photos in the editor and every change to them on its way to the server. Calls go
 * one at a time, in the order asked, so each answer (the whole tour) is the newest state:
 * files upload in turn, a refused one says why and the rest go on. Arranging shows at once
 * and is sent when its turn comes, as the order the guide sees then.
 */
export class PhotoQueue {
  private saved: TourPhoto[]
  private wanted: string[] | null = null
  private removing: string[] = []
  private uploads: Upload[] = []
  private error: string | null = null
  private tasks: Task[] = []
  private running = false
  private stopped = true
  private view: PhotosView
  private readonly listeners = new Set<() => void>()

  constructor(
    readonly tourId: string,
    photos: readonly TourPhoto[],
    private readonly calls: PhotoCalls,
    /** Told each tour the server answers with. */
    private readonly onSaved: (tour: Tour) => void = () => {},
  ) {
    this.saved = [...photos]
    this.view = this.makeView()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  snapshot = (): PhotosView => this.view

  /** Photos there are or will be once the files waiting are sent. */
  private taken(): number {
    return this.saved.length + this.uploads.filter((u) => u.state !== 'failed').length
  }

  /** Queues `files` in the order given; a file the server would refuse, or one beyond the limit, fails at once. */
  add(files: readonly File[]): void {
    let room = PHOTOS_MAX - this.taken()
    for (const file of files) {
      const problem = imageFileProblem(file)
      const message = problem ? translate(problem) : room <= 0 ? translate(TOO_MANY_PHOTOS, { max: PHOTOS_MAX }) : null
      const key = newKey('photo')
      this.uploads.push({ key, file, state: message ? 'failed' : 'waiting', message, retryable: false })
      if (!message) {
        room -= 1
        this.tasks.push({ kind: 'upload', key })
      }
    }
    this.changed()
    void this.run()
  }

  /** Sends a failed file again, when there is room for it. */
  retry(key: string): void {
    const upload = this.uploads.find((u) => u.key === key)
    if (!upload || upload.state !== 'failed') return
    if (this.taken() >= PHOTOS_MAX) {
      this.updateUpload(key, { message: translate(TOO_MANY_PHOTOS, { max: PHOTOS_MAX }), retryable: false })
      return
    }
    this.updateUpload(key, { state: 'waiting', message: null, retryable: false })
    this.tasks.push({ kind: 'upload', key })
    void this.run()
  }

  /** Forgets a failed file. */
  dismiss(key: string): void {
    this.uploads = this.uploads.filter((u) => u.key !== key || u.state !== 'failed')
    this.changed()
  }

  move(photoId: string, by: -1 | 1): void {
    this.arrangeAs(moveId(idsOf(this.view.photos), photoId, by))
  }

  makeCover(photoId: string): void {
    this.arrangeAs(coverFirst(idsOf(this.view.photos), photoId))
  }

  remove(photoId: string): void {
    if (this.removing.includes(photoId)) return
    this.removing = [...this.removing, photoId]
    this.error = null
    this.tasks.push({ kind: 'remove', photoId })
    this.changed()
    void this.run()
  }

  /** Sends what waits, now and as it comes (the editor is open). */
  start(): void {
    this.stopped = false
    void this.run()
  }

  /** Stops sending what is still waiting (the editor is closed); a call under way still lands. */
  stop(): void {
    this.stopped = true
  }

  private arrangeAs(ids: string[]): void {
    if (sameIds(ids, idsOf(this.view.photos))) return
    this.wanted = ids
    this.error = null
    // One order call waiting is enough: it sends the order wanted when its turn comes.
    if (!this.tasks.some((task) => task.kind === 'order')) this.tasks.push({ kind: 'order' })
    this.changed()
    void this.run()
  }

  private async run(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      while (!this.stopped && this.tasks.length > 0) await this.perform(this.tasks.shift()!)
    } finally {
      this.running = false
    }
  }

  private async perform(task: Task): Promise<void> {
    if (task.kind === 'upload') {
      const upload = this.uploads.find((u) => u.key === task.key)
      if (!upload || upload.state !== 'waiting') return
      this.updateUpload(task.key, { state: 'uploading' })
      const result = await this.calls.upload(this.tourId, upload.file)
      if (result.ok) {
        this.uploads = this.uploads.filter((u) => u.key !== task.key)
        this.take(result.data)
      } else {
        this.updateUpload(task.key, { state: 'failed', message: result.message, retryable: result.status === 0 || result.status >= 500 })
      }
      return
    }
    if (task.kind === 'remove') {
      const result = await this.calls.remove(this.tourId, task.photoId)
      this.removing = this.removing.filter((id) => id !== task.photoId)
      if (result.ok) this.take(result.data)
      else {
        this.error = result.message
        this.changed()
      }
      return
    }
    const wanted = this.wanted
    if (!wanted) return
    const ids = orderToSend(wanted, idsOf(this.saved))
    if (sameIds(ids, idsOf(this.saved))) {
      this.wanted = null
      this.changed()
      return
    }
    const result = await this.calls.order(this.tourId, ids)
    // Arranged again while this was sent: that order is still wanted, and has its own call queued.
    const settled = this.wanted === wanted
    if (result.ok) {
      if (settled) this.wanted = null
      this.take(result.data)
    } else {
      this.wanted = null
      this.tasks = this.tasks.filter((t) => t.kind !== 'order')
      this.error = result.message
      this.changed()
    }
  }

  private take(tour: Tour): void {
    this.saved = [...tour.photos]
    this.changed()
    this.onSaved(tour)
  }

  private updateUpload(key: string, change: Partial<Upload>): void {
    this.uploads = this.uploads.map((u) => (u.key === key ? { ...u, ...change } : u))
    this.changed()
  }

  private makeView(): PhotosView {
    return { photos: arrange(this.saved, this.wanted), removing: this.removing, uploads: this.uploads, error: this.error }
  }

  private changed(): void {
    this.view = this.makeView()
    for (const listener of this.listeners) listener()
  }
}
