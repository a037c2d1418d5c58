import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { reviewCountText } from '../components/star-rating'
import { NotFoundPage } from './not-found-page'
import { LoginPage } from '../features/auth/login-page'
import { formatTripDate, peopleLabel } from '../lib/booking'
import { formatDollars } from '../lib/money'
import { LANGUAGE_STORAGE_KEY } from '../i18n/language'
import { loadTexts } from '../i18n/messages'

describe('pages in Nepali', () => {
  beforeEach(async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ne')
    await loadTexts(['app', 'common', 'auth'], 'ne')
  })

  it('shows the sign-in page in Nepali', () => {
    render(
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'फेरि स्वागत छ' })).toBeInTheDocument()
    expect(screen.getByLabelText('इमेल ठेगाना')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'लग इन गर्नुहोस्' })).toBeInTheDocument()
  })

  it('shows the 404 page in Nepali, the path kept as typed', () => {
    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <NotFoundPage />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { name: 'पृष्ठ भेटिएन' })).toBeInTheDocument()
    expect(screen.getByText('/nowhere')).toBeInTheDocument()
  })

  it('writes counts, money and dates with Devanagari digits, or Latin ones when chosen', () => {
    expect(reviewCountText(3)).toBe('३ समीक्षाहरू')
    expect(reviewCountText(0)).toBe('अहिलेसम्म समीक्षा छैन')
    expect(peopleLabel(2)).toBe('२ जना')
    expect(formatDollars(1200)).toContain('१,२००.००')
    expect(formatTripDate('2026-12-12')).toContain('२०२६')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ne-latn')
    expect(formatDollars(1200)).toContain('1,200.00')
    expect(reviewCountText(3)).toBe('3 समीक्षाहरू')
  })

  it('keeps the English formats for English readers', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en')
    expect(formatDollars(1200)).toBe('$1,200.00')
    expect(formatTripDate('2026-12-12')).toBe('Sat, 12 Dec 2026')
    expect(reviewCountText(1)).toBe('1 review')
  })
})
