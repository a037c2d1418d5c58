import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { TourPhoto } from './api/tours'
import { tilePlacement, TourGallery } from './tour-gallery'

const photo = (id: string): TourPhoto => ({
  _id: id,
  url: `/media/${id}.webp`,
  thumbUrl: `/media/${id}-320w.webp`,
  variants: { srcset: `/media/${id}-640w.webp 640w, /media/${id}-1280w.webp 1280w`, width: 1600, height: 1067 },
})

describe('TourGallery', () => {
  it('draws nothing for a tour without photos', () => {
    const { container } = render(<TourGallery photos={[]} title="Langtang" />)
    expect(container).toBeEmptyDOMElement()
  })

  it('shows the cover large with its copies and size, and every photo named by its place', () => {
    render(<TourGallery photos={['a', 'b', 'c'].map(photo)} title="Langtang" />)
    const cover = screen.getByRole('img', { name: 'Langtang, photo 1 of 3' })
    expect(cover).toHaveAttribute('src', '/media/a.webp')
    expect(cover).toHaveAttribute('srcset', '/media/a-640w.webp 640w, /media/a-1280w.webp 1280w')
    expect(cover).toHaveAttribute('width', '1600')
    expect(cover).toHaveAttribute('height', '1067')
    expect(cover).toHaveAttribute('loading', 'eager')
    expect(screen.getByRole('img', { name: 'Langtang, photo 3 of 3' })).toHaveAttribute('loading', 'lazy')
  })

  it('opens a photo in a lightbox that goes on with the buttons and the arrow keys, round the ends', async () => {
    const user = userEvent.setup()
    render(<TourGallery photos={['a', 'b', 'c'].map(photo)} title="Langtang" />)
    await user.click(screen.getByRole('button', { name: 'Langtang, photo 2 of 3' }))
    const dialog = screen.getByRole('dialog', { name: 'Langtang' })
    expect(within(dialog).getByText('2 of 3')).toBeInTheDocument()
    expect(within(dialog).getByRole('img', { name: 'Langtang, photo 2 of 3' })).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }))
    expect(within(dialog).getByText('3 of 3')).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    expect(within(dialog).getByText('1 of 3')).toBeInTheDocument()
    await user.keyboard('{ArrowLeft}')
    expect(within(dialog).getByText('3 of 3')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }))
    expect(within(dialog).getByRole('img', { name: 'Langtang, photo 2 of 3' })).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByText('2 of 3')).not.toBeInTheDocument()
  })

  it('gives the cover the left of the grid and shows at most five photos there', () => {
    expect(tilePlacement(0, 1)).toBe('sm:col-span-4 sm:row-span-2')
    expect(tilePlacement(0, 3)).toBe('sm:col-span-3 sm:row-span-2')
    expect(tilePlacement(1, 2)).toBe('sm:row-span-2')
    expect(tilePlacement(0, 7)).toBe('sm:col-span-2 sm:row-span-2')
    expect(tilePlacement(4, 7)).toBe('')
    expect(tilePlacement(5, 7)).toBe('sm:hidden')
  })
})
