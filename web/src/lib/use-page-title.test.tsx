import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SITE_TITLE, pageTitle, usePageTitle } from './use-page-title'

describe('usePageTitle', () => {
  it('names the page before the site, and follows the page as its title changes', () => {
    const { rerender } = renderHook(({ title }) => usePageTitle(title), { initialProps: { title: 'Guide' as string | null } })
    expect(document.title).toBe('Guide | Yatra')
    rerender({ title: 'Pemba Sherpa — tour guide in Nepal' })
    expect(document.title).toBe('Pemba Sherpa — tour guide in Nepal | Yatra')
    rerender({ title: null })
    expect(document.title).toBe(SITE_TITLE)
    expect(pageTitle('Log in')).toBe('Log in | Yatra')
  })
})
