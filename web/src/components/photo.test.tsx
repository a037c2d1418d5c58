import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Photo, absoluteSrcset } from './photo'

const variants = { srcset: '/media/abc-320w.webp 320w, /media/abc-640w.webp 640w', width: 1200, height: 800 }

describe('Photo', () => {
  it('offers the WebP copies with their widths and the picture size, so nothing shifts', () => {
    render(<Photo src="/media/abc.jpg" variants={variants} sizes="50vw" alt="Phewa Lake" />)
    const img = screen.getByRole('img', { name: 'Phewa Lake' })
    expect(img).toHaveAttribute('src', '/media/abc.jpg')
    expect(img).toHaveAttribute('srcset', '/media/abc-320w.webp 320w, /media/abc-640w.webp 640w')
    expect(img).toHaveAttribute('sizes', '50vw')
    expect(img).toHaveAttribute('width', '1200')
    expect(img).toHaveAttribute('height', '800')
  })

  it('loads lazily unless it is the first screenful’s main picture', () => {
    const { rerender } = render(<Photo src="/media/abc.jpg" variants={variants} alt="Lake" />)
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy')
    expect(screen.getByRole('img')).not.toHaveAttribute('fetchpriority')

    rerender(<Photo src="/media/abc.jpg" variants={variants} alt="Lake" priority />)
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager')
    expect(screen.getByRole('img')).toHaveAttribute('fetchpriority', 'high')
  })

  it('without variants sends the picture alone', () => {
    render(<Photo src="/media/abc.jpg" alt="Lake" />)
    const img = screen.getByRole('img')
    expect(img).not.toHaveAttribute('srcset')
    expect(img).not.toHaveAttribute('sizes')
  })

  it('draws mountains instead when there is no picture', () => {
    render(<Photo src={null} variants={null} alt="Lake" />)
    expect(screen.queryByRole('img', { name: 'Lake' })).not.toBeInTheDocument()
  })
})

describe('absoluteSrcset', () => {
  it('keeps each width with its URL', () => {
    expect(absoluteSrcset('/media/a-320w.webp 320w,/media/a-640w.webp 640w')).toBe('/media/a-320w.webp 320w, /media/a-640w.webp 640w')
    expect(absoluteSrcset('https://cdn.example.com/a.webp 320w')).toBe('https://cdn.example.com/a.webp 320w')
  })
})
