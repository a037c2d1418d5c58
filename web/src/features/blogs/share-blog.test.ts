import { afterEach, describe, expect, it, vi } from 'vitest'
import { blog } from '../../test-fixtures'
import { LINK_COPIED, shareText } from '../../lib/share'
import { blogUrl, shareBlog, shareData } from './share-blog'

describe('shareText', () => {
  it('is the first 100 characters of the body', () => {
    expect(shareText('x'.repeat(150))).toBe('x'.repeat(100))
    expect(shareText('Short.')).toBe('Short.')
  })

  it('never cuts an emoji in half', () => {
    expect(shareText('🏔'.repeat(120))).toBe('🏔'.repeat(100))
  })
})

it('shareData gives the title, the text and the post link', () => {
  const post = blog('b1', { title: 'Poon Hill', description: 'd'.repeat(120) })
  expect(shareData(post, 'https://yatra.example')).toEqual({ title: 'Poon Hill', text: 'd'.repeat(100), url: 'https://yatra.example/blog/b1' })
  expect(blogUrl('b9', 'https://yatra.example')).toBe('https://yatra.example/blog/b9')
})

describe('shareBlog', () => {
  afterEach(() => vi.restoreAllMocks())

  it('uses the device share sheet when there is one', async () => {
    const share = vi.fn(async () => undefined)
    const outcome = await shareBlog(blog('b1'), { share } as unknown as Navigator)
    expect(outcome).toBe('shared')
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Trail notes b1', url: `${window.location.origin}/blog/b1` }))
  })

  it('only logs a share that fails or is dismissed', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError')
    })
    expect(await shareBlog(blog('b1'), { share } as unknown as Navigator)).toBe('dismissed')
    expect(log).toHaveBeenCalled()
  })

  it(`copies the link without a share sheet, for the page to say '${LINK_COPIED}'`, async () => {
    const writeText = vi.fn(async () => undefined)
    expect(await shareBlog(blog('b1'), { clipboard: { writeText } } as unknown as Navigator)).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/blog/b1`)
  })

  it('reports a copy that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const writeText = vi.fn(async () => {
      throw new Error('denied')
    })
    expect(await shareBlog(blog('b1'), { clipboard: { writeText } } as unknown as Navigator)).toBe('failed')
  })
})
