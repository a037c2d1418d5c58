import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { LANGUAGE_STORAGE_KEY } from '../../../i18n/language'
import { loadTexts } from '../../../i18n/messages'
import { renderRoutes } from '../../../test-server'
import { BookingModal } from './booking-modal'

describe('the guides pages in Nepali', () => {
  beforeEach(async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ne')
    await loadTexts(['guides'], 'ne')
  })

  it('asks a signed-out visitor to log in, in Nepali', () => {
    const guide = { guideId: 'g1', firstName: 'Pemba', lastName: 'Sherpa', pricePerDay: 45 }
    renderRoutes([{ path: '/', element: <BookingModal open onClose={() => {}} guide={guide} /> }], '/')
    const dialog = screen.getByRole('dialog', { name: 'Pembaलाई बुक गर्नुहोस्' })
    expect(within(dialog).getByRole('alert')).toHaveTextContent('गाइड बुक गर्न तपाईं लग इन हुनुपर्छ')
    expect(within(dialog).getByRole('link', { name: 'लग इन गर्नुहोस्' })).toHaveAttribute('href', '/login')
  })
})
