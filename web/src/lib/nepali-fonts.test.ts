import { afterEach, describe, expect, it, vi } from 'vitest'
import { ensureNepaliFonts, layOutAgainWhenFacesArrive } from './nepali-fonts'

/** A `document.fonts` whose loads answer with `answer` (jsdom has none). */
function fontsAnswering(answer: () => Promise<FontFace[]>) {
  const load = vi.fn<(font: string, text?: string) => Promise<FontFace[]>>(answer)
  Object.defineProperty(document, 'fonts', { value: { load }, configurable: true })
  return load
}

describe('ensureNepaliFonts', () => {
  afterEach(() => {
    vi.useRealTimers()
    Reflect.deleteProperty(document, 'fonts')
  })

  it('loads nothing for an English reader', async () => {
    const load = fontsAnswering(() => Promise.resolve([]))
    await ensureNepaliFonts('en')
    expect(load).not.toHaveBeenCalled()
  })

  it('loads the Devanagari face of each weight the app writes with, in either choice of digits', async () => {
    const load = fontsAnswering(() => Promise.resolve([]))
    await ensureNepaliFonts('ne')
    expect(load.mock.calls.map(([font]) => font)).toEqual([
      '400 1em "Noto Sans Devanagari"',
      '500 1em "Noto Sans Devanagari"',
      '600 1em "Noto Sans Devanagari"',
      '700 1em "Noto Sans Devanagari"',
    ])
    load.mockClear()
    await ensureNepaliFonts('ne-latn')
    expect(load).toHaveBeenCalledTimes(4)
  })

  it('lays the page out again once the faces are in, leaving its style as it was', async () => {
    fontsAnswering(() => Promise.resolve([]))
    const layout = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get')
    const spacings: string[] = []
    layout.mockImplementation(function (this: HTMLElement) {
      spacings.push(this.style.letterSpacing)
      return 0
    })
    await ensureNepaliFonts('ne')
    expect(spacings).toEqual(['0.001px'])
    expect(document.documentElement.style.letterSpacing).toBe('')
    layout.mockRestore()
  })

  it('goes on when a face fails, or has not come within three seconds', async () => {
    fontsAnswering(() => Promise.reject(new Error('offline')))
    await expect(ensureNepaliFonts('ne')).resolves.toBeUndefined()

    vi.useFakeTimers()
    fontsAnswering(() => new Promise(() => {}))
    let done = false
    void ensureNepaliFonts('ne').then(() => (done = true))
    await vi.advanceTimersByTimeAsync(2999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })
})

describe('layOutAgainWhenFacesArrive', () => {
  afterEach(() => Reflect.deleteProperty(document, 'fonts'))

  it('lays the page out again each time faces finish loading, on any page', () => {
    const fonts = new EventTarget()
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true })
    const layout = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(0)
    layOutAgainWhenFacesArrive()
    expect(layout).not.toHaveBeenCalled()
    fonts.dispatchEvent(new Event('loadingdone'))
    fonts.dispatchEvent(new Event('loadingdone'))
    expect(layout).toHaveBeenCalledTimes(2)
    expect(document.documentElement.style.letterSpacing).toBe('')
    layout.mockRestore()
  })
})
