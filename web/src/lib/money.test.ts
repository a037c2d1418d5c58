import { describe, expect, it } from 'vitest'
import { approximatePrice, formatApproximate, formatDollars, formatPrice, isDisplayCurrency } from './money'

/** Intl and formatApproximate join a code or ≈ to its amount with no-break spaces. */
const nb = (text: string) => text.replaceAll(' ', '\u00a0')

const rates = { USD: 1, NPR: 141.5, EUR: 0.86, GBP: 0.76, INR: 88.5, AUD: 1.54, CNY: 7.1, JPY: 155 }

describe('formatDollars', () => {
  it('shows dollars with 2 decimals and thousands grouped', () => {
    expect(formatDollars(45)).toBe('$45.00')
    expect(formatDollars(135.5)).toBe('$135.50')
    expect(formatDollars(1200)).toBe('$1,200.00')
    expect(formatDollars(0)).toBe('$0.00')
  })
})

describe('formatApproximate', () => {
  it('marks a converted amount as approximate and rounds it to whole units', () => {
    expect(formatApproximate(47, 'NPR', 141.5)).toBe(nb('≈ NPR 6,651'))
    expect(formatApproximate(45, 'EUR', 0.86)).toBe(nb('≈ €39'))
    expect(formatApproximate(45, 'GBP', 0.76)).toBe(nb('≈ £34'))
  })

  it('keeps the minor units of small amounts, so a dollar is not ≈ £1 or £0', () => {
    expect(formatApproximate(1, 'GBP', 0.76)).toBe(nb('≈ £0.76'))
    expect(formatApproximate(0.5, 'EUR', 0.86)).toBe(nb('≈ €0.43'))
  })

  it('shows the yen without decimals, however small', () => {
    expect(formatApproximate(45, 'JPY', 155)).toBe(nb('≈ ¥6,975'))
    expect(formatApproximate(0.01, 'JPY', 155)).toBe(nb('≈ ¥2'))
  })

  it('groups rupees in lakhs and crores, as Nepal and India write them', () => {
    expect(formatApproximate(1000, 'NPR', 141.5)).toBe(nb('≈ NPR 1,41,500'))
    expect(formatApproximate(100_000, 'NPR', 141.5)).toBe(nb('≈ NPR 1,41,50,000'))
    expect(formatApproximate(1000, 'INR', 88.5)).toBe(nb('≈ ₹88,500'))
    expect(formatApproximate(1000, 'AUD', 1.54)).toBe(nb('≈ A$1,540'))
  })
})

describe('formatPrice', () => {
  it('shows dollars exactly, without ≈', () => {
    expect(formatPrice(45, 'USD', rates)).toBe('$45.00')
    expect(approximatePrice(45, 'USD', rates)).toBeNull()
  })

  it('converts to the chosen currency', () => {
    expect(formatPrice(45, 'CNY', rates)).toBe(nb('≈ CN¥320'))
    expect(approximatePrice(45, 'NPR', rates)).toBe(nb('≈ NPR 6,368'))
  })

  it('stays in dollars while there is no rate to convert with', () => {
    expect(formatPrice(45, 'NPR', undefined)).toBe('$45.00')
    expect(formatPrice(45, 'NPR', { USD: 1 })).toBe('$45.00')
    expect(formatPrice(45, 'NPR', { NPR: 0 })).toBe('$45.00')
  })
})

describe('isDisplayCurrency', () => {
  it('knows the eight currencies and nothing else', () => {
    expect(isDisplayCurrency('NPR')).toBe(true)
    expect(isDisplayCurrency('npr')).toBe(false)
    expect(isDisplayCurrency('XYZ')).toBe(false)
    expect(isDisplayCurrency(null)).toBe(false)
  })
})
