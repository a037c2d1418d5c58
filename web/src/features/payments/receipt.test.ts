import { describe, expect, it, vi } from 'vitest'
import { booking, paidBooking } from '../../test-fixtures'
import { formatAmount, providerLabel, receiptOf } from './receipt'
import { shareLink } from './share-booking'
import { supportMailto } from './cancel-page'

describe('receiptOf', () => {
  it('reads a paid booking as its receipt', () => {
    expect(
      receiptOf(
        paidBooking('b1', {
          groupSize: 3,
          pricePerPerson: 33.35,
          totalAmount: 100.05,
          payment: { reference: 'cs_test_1', provider: 'stripe', method: 'card', amount: 100.05, currency: 'usd', paidAt: '2026-11-02T08:20:00Z' },
        }),
      ),
    ).toEqual({
      bookingId: 'b1',
      reference: 'cs_test_1',
      paidAt: '2 Nov 2026, 14:05 GMT+5:45',
      method: 'Card, through Stripe',
      billedTo: { name: 'Asha Traveller', email: 'asha@example.com' },
      guide: { name: 'Pemba Sherpa', email: 'pemba@example.com', phone: '+977 9800000000' },
      item: 'Guided day with Pemba Sherpa',
      when: 'Saturday, 12 December 2026 at 10:00',
      quantity: '$33.35 × 3 people',
      total: '$100.05',
      currency: 'USD',
      exchange: null,
      dollars: 100.05,
    })
  })

  it('bills a multi-day trip by its days, and keeps the receipt of a trip refunded later', () => {
    const receipt = receiptOf(paidBooking('b1', { days: 3, totalAmount: 270, paymentStatus: 'refunded', bookingStatus: 'cancelled' }))
    expect(receipt?.item).toBe('3 days guided by Pemba Sherpa')
    expect(receipt?.quantity).toBe('$45.00 × 2 people × 3 days')
  })

  it('bills a tour by its title and price per person, not by its days', () => {
    const receipt = receiptOf(paidBooking('b1', { days: 12, pricePerPerson: 1200, totalAmount: 2400, tour: { _id: 't1', title: 'Everest Base Camp in 12 days' } }))
    expect(receipt?.item).toBe('Tour: Everest Base Camp in 12 days, with Pemba Sherpa')
    expect(receipt?.quantity).toBe('$1,200.00 × 2 people')
  })

  it('states a wallet payment in the rupees charged, with the rate', () => {
    const payment = { reference: 'pidx1', provider: 'khalti', method: 'khalti', amount: 90, currency: 'npr', amountNpr: 12015, nprPerUsd: 133.5, paidAt: '2026-11-02T08:20:00Z' }
    const receipt = receiptOf(paidBooking('b1', { payment }))
    expect(receipt?.total).toBe('NPR\u00a012,015.00')
    expect(receipt?.currency).toBe('NPR')
    expect(receipt?.exchange).toBe('$90.00 at NPR 133.50 per US$1')
    expect(receipt?.method).toBe('Khalti wallet')
  })

  it('has nothing for a booking that is not paid', () => {
    expect(receiptOf(booking('b1'))).toBeNull()
    expect(receiptOf(booking('b1', { bookingStatus: 'approved' }))).toBeNull()
    expect(receiptOf(paidBooking('b1', { payment: null }))).toBeNull()
  })

  it('names providers and formats amounts in their currency', () => {
    expect(providerLabel('sandbox')).toBe('Test payment (sandbox, no real charge)')
    expect(providerLabel('khalti')).toBe('Khalti wallet')
    expect(providerLabel('sandbox', 'esewa')).toBe('eSewa test payment (sandbox, no real charge)')
    expect(formatAmount(90, 'usd')).toBe('$90.00')
    expect(formatAmount(1500, 'npr')).toBe('NPR\u00a01,500.00')
    expect(formatAmount(5, 'not a currency')).toBe('5.00 NOT A CURRENCY')
  })
})

describe('shareLink', () => {
  const share = { title: 'Trip', text: 'My trip', url: 'https://yatra.example/guides/g1' }

  it('uses the share sheet when there is one', async () => {
    const nav = { share: vi.fn(async () => {}) } as unknown as Navigator
    const alert = vi.fn()
    expect(await shareLink(share, nav, alert)).toBe('shared')
    expect(nav.share).toHaveBeenCalledWith(share)
    expect(alert).not.toHaveBeenCalled()
  })

  it('only logs a dismissed share', async () => {
    const info = vi.spyOn(console, 'log').mockImplementation(() => {})
    const nav = { share: vi.fn(async () => Promise.reject(new DOMException('Share canceled', 'AbortError'))) } as unknown as Navigator
    const alert = vi.fn()
    expect(await shareLink(share, nav, alert)).toBe('failed')
    expect(alert).not.toHaveBeenCalled()
    expect(info).toHaveBeenCalled()
    info.mockRestore()
  })

  it("copies the link without one, and says 'Link copied to clipboard!'", async () => {
    const writeText = vi.fn(async () => {})
    const nav = { clipboard: { writeText } } as unknown as Navigator
    const alert = vi.fn()
    expect(await shareLink(share, nav, alert)).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(share.url)
    expect(alert).toHaveBeenCalledWith('Link copied to clipboard!')
  })
})

describe('supportMailto', () => {
  it('names the booking in the subject', () => {
    expect(supportMailto('b1')).toBe('mailto:support@yatra.np?subject=Payment%20help%20for%20booking%20b1')
    expect(supportMailto(null)).toBe('mailto:support@yatra.np?subject=Payment%20help')
  })
})
