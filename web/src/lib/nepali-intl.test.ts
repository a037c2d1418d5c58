import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const install = vi.fn<() => Promise<void>>()
vi.mock('./nepali-intl-polyfill', () => ({ installNepaliIntl: install }))

/** The browser as Debian's Chromium is: no Nepali in any of the three `Intl` APIs. */
function withoutNepali() {
  for (const api of [Intl.DateTimeFormat, Intl.NumberFormat, Intl.PluralRules]) {
    vi.spyOn(api, 'supportedLocalesOf').mockReturnValue([])
  }
}

describe('ensureNepaliIntl', () => {
  beforeEach(() => {
    vi.resetModules()
    install.mockReset().mockResolvedValue(undefined)
  })
  afterEach(() => vi.restoreAllMocks())

  it('loads nothing for an English reader, even where the browser lacks Nepali', async () => {
    withoutNepali()
    const { ensureNepaliIntl, intlGeneration } = await import('./nepali-intl')
    await ensureNepaliIntl('en')
    expect(install).not.toHaveBeenCalled()
    expect(intlGeneration()).toBe(0)
  })

  it('loads nothing where the browser has Nepali itself', async () => {
    const { ensureNepaliIntl } = await import('./nepali-intl')
    await ensureNepaliIntl('ne')
    await ensureNepaliIntl('ne-latn')
    expect(install).not.toHaveBeenCalled()
  })

  it('installs the polyfills once for a Nepali reader whose browser lacks Nepali', async () => {
    withoutNepali()
    const { ensureNepaliIntl, intlGeneration } = await import('./nepali-intl')
    await Promise.all([ensureNepaliIntl('ne'), ensureNepaliIntl('ne-latn')])
    await ensureNepaliIntl('ne')
    expect(install).toHaveBeenCalledTimes(1)
    expect(intlGeneration()).toBe(1)
  })

  it('tries again after a failed fetch, keeping the browser formats meanwhile', async () => {
    withoutNepali()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    install.mockRejectedValueOnce(new Error('offline'))
    const { ensureNepaliIntl, intlGeneration } = await import('./nepali-intl')
    await ensureNepaliIntl('ne')
    expect(intlGeneration()).toBe(0)
    await ensureNepaliIntl('ne')
    expect(install).toHaveBeenCalledTimes(2)
    expect(intlGeneration()).toBe(1)
  })

  it('makes the format caches build new formats once the polyfills arrive', async () => {
    localStorage.setItem('yatra.language', 'ne')
    withoutNepali()
    const { ensureNepaliIntl } = await import('./nepali-intl')
    const { localDateFormat, localNumberFormat } = await import('./intl-formats')
    const dateBefore = localDateFormat({ month: 'long' })
    const numberBefore = localNumberFormat()
    expect(localDateFormat({ month: 'long' })).toBe(dateBefore)
    await ensureNepaliIntl('ne')
    expect(localDateFormat({ month: 'long' })).not.toBe(dateBefore)
    expect(localNumberFormat()).not.toBe(numberBefore)
    localStorage.removeItem('yatra.language')
  })
})
