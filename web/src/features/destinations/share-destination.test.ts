import { describe, expect, it, vi } from 'vitest'
import { shareText } from '../../lib/share'
import { destinationUrl, shareDestination } from './share-destination'

const phewa = { _id: 'd1', name: 'Phewa Lake', description: 'A'.repeat(150) }

describe('shareDestination', () => {
  it('uses the device share sheet with the name, the first 100 characters and the link', async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    const outcome = await shareDestination(phewa, { share } as unknown as Navigator)
    expect(outcome).toBe('shared')
    expect(share).toHaveBeenCalledWith({ title: 'Phewa Lake', text: 'A'.repeat(100), url: destinationUrl('d1') })
  })

  it('only logs a dismissed share', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const share = vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'))
    expect(await shareDestination(phewa, { share } as unknown as Navigator)).toBe('dismissed')
    expect(log).toHaveBeenCalled()
  })

  it('copies the link when there is no share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    expect(await shareDestination(phewa, { clipboard: { writeText } } as unknown as Navigator)).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/destination/d1`)
  })

  it('reports a copy the browser refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const writeText = vi.fn().mockRejectedValue(new Error('denied'))
    expect(await shareDestination(phewa, { clipboard: { writeText } } as unknown as Navigator)).toBe('failed')
  })
})

describe('shareText', () => {
  it('keeps a short description whole', () => {
    expect(shareText('Lakeside walks')).toBe('Lakeside walks')
  })
})
