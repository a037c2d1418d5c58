import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CacheProvider } from '../lib/cache-provider'
import { ClientCache } from '../lib/client-cache'
import { chooseCurrency } from '../lib/currency-choice'
import { guideCard } from '../test-fixtures'
import { fakeServer, json } from '../test-server'
import { GuideCard, distanceText, splitInterests } from './guide-card'

describe('splitInterests', () => {
  it('shows up to four and counts the rest', () => {
    expect(splitInterests(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 })
    expect(splitInterests(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 0 })
    expect(splitInterests(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 })
    expect(splitInterests([])).toEqual({ shown: [], more: 0 })
  })
})

describe('distanceText', () => {
  it('keeps tenths nearby and rounds further away', () => {
    expect(distanceText(1.44)).toBe('1.4 km away')
    expect(distanceText(23.6)).toBe('24 km away')
  })
})

describe('GuideCard', () => {
  const renderCard = (overrides = {}) =>
    render(
      <CacheProvider cache={new ClientCache()}>
        <MemoryRouter>
          <GuideCard guide={guideCard('g1', overrides)} />
        </MemoryRouter>
      </CacheProvider>,
    )

  it('shows rating, languages, address, four interests and +N more, price and Book Now', () => {
    renderCard({ interests: ['Trekking', 'Culture', 'Food', 'Photography', 'Festivals', 'History'], averageRating: 4.8, reviewCount: 12 })
    const card = screen.getByRole('article', { name: 'Pemba Sherpa g1' })
    expect(within(card).getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument()
    expect(within(card).getByText('(12 reviews)')).toBeInTheDocument()
    expect(within(card).getByText('English, Nepali')).toBeInTheDocument()
    expect(within(card).getByText('Kathmandu')).toBeInTheDocument()
    const interests = within(card).getByRole('list', { name: 'Interests' })
    expect(
      within(interests)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Trekking', 'Culture', 'Food', 'Photography', '+2 more'])
    expect(within(card).getByText('$45.00')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Book Now with Pemba Sherpa g1' })).toHaveAttribute('href', '/guides/g1')
  })

  it('says when a guide has no reviews or rate yet, and shows a distance when searching near a point', () => {
    renderCard({ averageRating: 0, reviewCount: 0, pricePerDay: null, distanceKm: 3.25 })
    expect(screen.getByText('(No reviews yet)')).toBeInTheDocument()
    expect(screen.getByText('Rate on request')).toBeInTheDocument()
    expect(screen.getByText('3.3 km away')).toBeInTheDocument()
  })

  it('shows initials, never a broken image, when there is no photo', () => {
    renderCard({ profilePicture: null, coverImage: null })
    expect(screen.getByText('PG')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: '' })).toBeNull()
  })

  describe('in another currency', () => {
    afterEach(() => chooseCurrency('USD'))

    it('shows the price converted and marked ≈, asking for the rates once', async () => {
      const calls = fakeServer((call) =>
        call.url.pathname === '/api/v1/currencies'
          ? json({
              status: 'success',
              data: {
                base: 'USD',
                currencies: [
                  { code: 'USD', perUsd: 1, updatedAt: '2026-11-23T00:00:00Z' },
                  { code: 'NPR', perUsd: 141.5, updatedAt: '2026-11-23T00:00:00Z' },
                ],
              },
            })
          : undefined,
      )
      chooseCurrency('NPR')
      renderCard()
      // Dollars until the rates come, never a guess.
      expect(screen.getByText('$45.00')).toBeInTheDocument()
      expect(await screen.findByText('≈ NPR 6,368')).toBeInTheDocument()
      expect(calls.filter((c) => c.url.pathname === '/api/v1/currencies')).toHaveLength(1)
    })

    it('stays in dollars when the rates cannot be loaded', async () => {
      const calls = fakeServer(() => undefined)
      chooseCurrency('JPY')
      renderCard()
      await vi.waitFor(() => expect(calls).toHaveLength(1))
      expect(screen.getByText('$45.00')).toBeInTheDocument()
    })
  })
})
