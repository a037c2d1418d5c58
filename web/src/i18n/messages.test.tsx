import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { currentIntlLocale, LANGUAGE_STORAGE_KEY, readLanguageChoice } from './language'
import { chooseLanguage, translate, useT } from './messages'

function Greeting() {
  const t = useT()
  return <p>{t('language.label')}</p>
}

describe('texts in the chosen language', () => {
  it('starts in English and switches the page, html lang and Intl locale to Nepali', async () => {
    render(<Greeting />)
    expect(screen.getByText('Language')).toBeInTheDocument()
    await act(() => chooseLanguage('ne'))
    expect(screen.getByText('भाषा')).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('ne')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ne')
    expect(currentIntlLocale()).toBe('ne-NP')
    expect(new Intl.NumberFormat(currentIntlLocale()).format(2025)).toBe('२,०२५')
    await act(() => chooseLanguage('ne-latn'))
    expect(new Intl.NumberFormat(currentIntlLocale()).format(2025)).toBe('2,025')
    await act(() => chooseLanguage('en'))
    expect(translate('language.label')).toBe('Language')
    expect(document.documentElement.lang).toBe('en')
  })

  it('renders a text with tags as its parts, with no warning about keys', () => {
    function LearnMore() {
      const t = useT()
      return (
        <a href="/destination/1">
          {t.rich('common.learnMoreAbout', { name: 'Pokhara', hidden: (chunks) => <span className="sr-only">{chunks}</span> })} <b>→</b>
        </a>
      )
    }
    const errors = vi.spyOn(console, 'error')
    render(<LearnMore />)
    expect(screen.getByRole('link')).toContainHTML('Learn More <span class="sr-only">about Pokhara</span> <b>→</b>')
    expect(errors).not.toHaveBeenCalled()
  })

  it('ignores a stored value that is not a language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon')
    expect(readLanguageChoice()).toBe('en')
  })
})
