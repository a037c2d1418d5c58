import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CacheProvider } from '../../lib/cache-provider'
import { ClientCache } from '../../lib/client-cache'
import { failure, fakeServer, json } from '../../test-server'
import { publicTour } from '../../test-tour-fixtures'
import type { Tour, TourPhoto } from '../tours/api/tours'
import { PhotosEditor } from './photos-editor'
import { useTourPhotos } from './use-tour-photos'

const photo = (id: string): TourPhoto => ({
  _id: id,
  url: `/media/${id}.webp`,
  thumbUrl: `/media/${id}-320w.webp`,
  variants: { srcset: `/media/${id}-640w.webp 640w`, width: 1200, height: 800 },
})
const tourWith = (ids: readonly string[], status: Tour['status'] = 'draft'): Tour => ({ ...publicTour('t1'), title: 'Langtang', status, photos: ids.map(photo) })

function Editor({ tour }: { tour: Tour | null }) {
  const { queue, view } = useTourPhotos(tour)
  return <PhotosEditor tour={tour} queue={queue} view={view} />
}

const renderEditor = (tour: Tour | null) =>
  render(
    <CacheProvider cache={new ClientCache()}>
      <Editor tour={tour} />
    </CacheProvider>,
  )

/** The server's photo endpoints for tour t1, keeping its photos' order. */
function photoServer(start: readonly string[]) {
  let ids = [...start]
  return fakeServer(({ method, url, body }) => {
    if (method === 'POST' && url.pathname === '/api/v1/tours/t1/photos') {
      ids = [...ids, `new${ids.length}`]
      return json({ status: 'success', tour: tourWith(ids) }, 201)
    }
    if (method === 'PUT' && url.pathname === '/api/v1/tours/t1/photos') {
      ids = (body as { photoIds: string[] }).photoIds
      return json({ status: 'success', tour: tourWith(ids) })
    }
    const removed = /\/photos\/(.+)$/.exec(url.pathname)?.[1]
    if (method === 'DELETE' && removed) {
      if (!ids.includes(removed)) return failure(404, 'Photo not found')
      ids = ids.filter((id) => id !== removed)
      return json({ status: 'success', tour: tourWith(ids) })
    }
    return undefined
  })
}

const names = () => screen.getAllByTestId('tour-photo').map((tile) => within(tile).getByRole('img').getAttribute('src'))

describe('PhotosEditor', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview')
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('says photos come once a new tour is saved', () => {
    renderEditor(null)
    expect(screen.getByText('You can add photos once the tour is saved.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Choose photos')).not.toBeInTheDocument()
  })

  it('shows an archived tour’s photos without a way to change them', () => {
    renderEditor(tourWith(['a', 'b'], 'archived'))
    expect(screen.getByText('This tour is archived, so its photos cannot be changed.')).toBeInTheDocument()
    expect(screen.getAllByTestId('tour-photo')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: /Remove photo/ })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Choose photos')).not.toBeInTheDocument()
  })

  it('moves photos with focus following them, makes a cover, and removes one after asking', async () => {
    const user = userEvent.setup()
    const calls = photoServer(['a', 'b', 'c'])
    renderEditor(tourWith(['a', 'b', 'c']))
    expect(screen.getByTestId('photo-count')).toHaveTextContent('3 of 12')
    expect(within(screen.getAllByTestId('tour-photo')[0]).getByText('Cover')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }))
    expect(names()).toEqual(['/media/b-320w.webp', '/media/a-320w.webp', '/media/c-320w.webp'])
    expect(screen.getByRole('button', { name: 'Move photo 2 later' })).toHaveFocus()
    // At the end its move-later button is off: focus stays on the photo, on move-earlier.
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Move photo 3 earlier' })).toHaveFocus()
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ photoIds: ['b', 'c', 'a'] }))

    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }))
    expect(names()).toEqual(['/media/a-320w.webp', '/media/b-320w.webp', '/media/c-320w.webp'])
    expect(screen.getByRole('button', { name: 'Move photo 1 later' })).toHaveFocus()
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ photoIds: ['a', 'b', 'c'] }))

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this photo?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Remove this photo?' })).getByRole('button', { name: 'Remove the photo' }))
    await vi.waitFor(() => expect(names()).toEqual(['/media/a-320w.webp', '/media/c-320w.webp']))
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/v1/tours/t1/photos/b'])
    expect(screen.getByRole('button', { name: 'Remove photo 2' })).toHaveFocus()
    expect(screen.getByTestId('photo-count')).toHaveTextContent('2 of 12')
  })

  it('uploads chosen files in turn and keeps a refused one with the reason', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const calls = photoServer([])
    renderEditor(tourWith([]))
    expect(screen.getByText('No photos yet: add a few of the trail, the lodges and the views.')).toBeInTheDocument()

    await user.upload(screen.getByLabelText('Choose photos'), [
      new File(['png'], 'namche.png', { type: 'image/png' }),
      new File(['pdf'], 'permit.pdf', { type: 'application/pdf' }),
      new File(['jpg'], 'lodge.jpg', { type: 'image/jpeg' }),
    ])
    await vi.waitFor(() => expect(screen.getAllByTestId('tour-photo')).toHaveLength(2))
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2)
    const refused = screen.getByTestId('photo-upload')
    expect(refused).toHaveAttribute('data-state', 'failed')
    expect(refused).toHaveTextContent('permit.pdf')
    expect(refused).toHaveTextContent('Not uploaded: Only JPEG, PNG or WebP images are allowed')
    await user.click(within(refused).getByRole('button', { name: 'Dismiss permit.pdf' }))
    expect(screen.queryByTestId('photo-upload')).not.toBeInTheDocument()
  })
})
