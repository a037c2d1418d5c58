import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '../../lib/auth-store'
import { fakeServer, failure, json, renderRoutes, type Call } from '../../test-server'
import { noReviewExtras, publicGuide, review } from '../../test-fixtures'
import { tourCard, toursPage } from '../../test-tour-fixtures'
import { GuideDetailPage, licenceValidUntil } from './guide-detail-page'
import { loadTexts } from '../../i18n/messages'

beforeAll(() => loadTexts(['guides', 'tours']))

const routes = [
  { path: '/guides/:id', element: <GuideDetailPage /> },
  { path: '/guides', element: <p>All guides</p> },
  { path: '/login', element: <p>Login page</p> },
]

type Answers = { guide?: () => Response; reviews?: () => Response; write?: (call: Call) => Response; canReview?: boolean; tours?: (call: Call) => Response }

function serve({
  guide = () => json({ status: 'success', data: publicGuide('g1'), message: 'Guide found' }),
  reviews,
  write,
  canReview = true,
  tours = () => json(toursPage([])),
}: Answers = {}) {
  const ratings = reviews ?? (() => json({ status: 'success', data: { ratings: [review('r1')], averageRating: 4.5, reviewCount: 2, totalPages: 1, ...noReviewExtras } }))
  return fakeServer((call) => {
    const path = call.url.pathname
    if (path === '/api/v1/users/guide/g1') return guide()
    if (path === '/api/v1/users/tours') return tours(call)
    if (path === '/api/v1/users/ratings/g1') return ratings()
    if (path === '/api/v1/tourists/ratings' && write) return write(call)
    if (path === '/api/v1/users/guide/g1/can-review') return json({ status: 'success', data: { canReview } })
    if (path === '/api/v1/favourites') return json({ status: 'success', data: { guides: [], destinations: [] } })
    return undefined
  })
}

describe('GuideDetailPage', () => {
  beforeEach(() => vi.unstubAllGlobals())
  afterEach(() => vi.useRealTimers())

  it('shows the guide: rate, experience, stats, bio, specialties, languages, certifications and contact', async () => {
    serve()
    renderRoutes(routes, '/guides/g1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pemba Sherpa' })).toBeInTheDocument()
    expect(screen.getAllByText('$45.00').length).toBeGreaterThan(0)
    const stats = screen.getByRole('group', { name: 'At a glance' })
    expect(within(stats).getByText('12')).toBeInTheDocument()
    expect(within(stats).getByText('Years guiding')).toBeInTheDocument()
    expect(screen.getByText('Born in Khumjung below Everest.')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Specialties' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Trekking', 'Culture'])
    expect(within(screen.getByRole('region', { name: 'Languages' })).getAllByRole('listitem')).toHaveLength(3)
    const certificates = screen.getByRole('region', { name: 'Certifications' })
    expect(within(certificates).getByText('Trekking Guide Licence')).toBeInTheDocument()
    expect(within(certificates).getByText('Nepal Tourism Board')).toBeInTheDocument()
    expect(within(certificates).getByText('Issued Mar 12, 2014')).toBeInTheDocument()
    const contact = screen.getByRole('region', { name: 'Contact info' })
    expect(within(contact).getByRole('link', { name: 'pemba@example.com' })).toHaveAttribute('href', 'mailto:pemba@example.com')
    expect(within(contact).getByText('Available after booking')).toBeInTheDocument()
  })

  it('lists the guide’s published tours, asked for by their guide id, each linking to its page', async () => {
    const calls = serve({
      tours: () =>
        json(
          toursPage([
            tourCard('t1', { title: 'Everest Base Camp in 12 days' }),
            tourCard('t2', { title: 'Poon Hill', dayCount: 4, maxSleepAltitudeM: 2860, risk: 'low', pricePerPersonUsd: 300 }),
          ]),
        ),
    })
    renderRoutes(routes, '/guides/g1')
    const section = await screen.findByRole('region', { name: 'Tours by Pemba' })
    const everest = await within(section).findByRole('link', { name: /Everest Base Camp in 12 days/ })
    expect(everest).toHaveAttribute('href', '/tours/t1')
    expect(everest).toHaveTextContent('12 days')
    expect(everest).toHaveTextContent('Up to 5,164 m')
    expect(everest).toHaveTextContent('Altitude risk: moderate')
    expect(everest).toHaveTextContent('$1,200.00')
    expect(within(section).getByRole('link', { name: /Poon Hill/ })).toHaveTextContent('Altitude risk: low')
    const asked = calls.find((c) => c.url.pathname === '/api/v1/users/tours')
    expect(asked?.url.searchParams.get('guide')).toBe(publicGuide('g1').guideId)
  })

  it('says so when the guide has no published tours', async () => {
    serve()
    renderRoutes(routes, '/guides/g1')
    const section = await screen.findByRole('region', { name: 'Tours by Pemba' })
    expect(await within(section).findByText('Pemba has no published tours yet. You can still book Pemba by the day.')).toBeInTheDocument()
  })

  it('shows until when the guide’s verified licence is valid, and nothing without one', async () => {
    serve({ guide: () => json({ status: 'success', data: publicGuide('g1', { licenceValidUntil: '2031-03-31' }), message: 'Guide found' }) })
    renderRoutes(routes, '/guides/g1')
    expect(await screen.findByText('Licence valid until March 2031')).toBeInTheDocument()
    expect(licenceValidUntil('2027-12-01')).toBe('Licence valid until December 2027')
  })

  it('shows 5 years of experience when the guide has not said', async () => {
    serve({ guide: () => json({ status: 'success', data: publicGuide('g1', { yearsOfExperience: null }), message: 'Guide found' }) })
    renderRoutes(routes, '/guides/g1')
    const stats = await screen.findByRole('group', { name: 'At a glance' })
    expect(within(stats).getByText('5')).toBeInTheDocument()
  })

  it('lists reviews with the verified trip marker and the trip date', async () => {
    serve()
    renderRoutes(routes, '/guides/g1')
    const list = await screen.findByRole('list', { name: 'Reviews' })
    expect(within(list).getByText('Emma Laurent')).toBeInTheDocument()
    expect(within(list).getByText('Verified trip')).toBeInTheDocument()
    expect(within(list).getByText('Trip on Apr 28, 2026')).toBeInTheDocument()
    expect(within(list).getByText('Read the weather better than any app.')).toBeInTheDocument()
  })

  it('answers an unknown guide with the error card, Try Again and a way back', async () => {
    serve({ guide: () => failure(404, 'Guide not found') })
    renderRoutes(routes, '/guides/g1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load guide data' })).toBeInTheDocument()
    expect(screen.getByText('Guide not found')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to guides/ })).toHaveAttribute('href', '/guides')
  })

  it('tells a signed-out visitor who can review, with a way to log in, and offers no form', async () => {
    const calls = serve()
    renderRoutes(routes, '/guides/g1')
    expect(await screen.findByText('Reviews come from travellers who completed a trip with Pemba.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in to review your trip' })).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('button', { name: 'Write Review' })).toBeNull()
    expect(calls.some((c) => c.url.pathname.endsWith('/can-review'))).toBe(false)
  })

  it('opens Book Experience as the booking modal, which asks a signed-out visitor to log in', async () => {
    serve()
    renderRoutes(routes, '/guides/g1')
    await userEvent.click(await screen.findByRole('button', { name: /Book Experience/ }))
    const dialog = screen.getByRole('dialog', { name: 'Book Pemba' })
    expect(within(dialog).getByText('You must be logged in to book a guide')).toBeInTheDocument()
  })

  describe('signed in', () => {
    beforeEach(() => saveSession({ token: 't', refreshToken: 'r', role: 'tourist' }))

    it('offers Write Review only to a traveller who may review, and tells the others why', async () => {
      serve({ canReview: false })
      renderRoutes(routes, '/guides/g1')
      expect(await screen.findByText('Reviews come from travellers who completed a trip with Pemba.')).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Write Review' })).toBeNull()
      expect(screen.queryByRole('link', { name: 'Log in to review your trip' })).toBeNull()
    })

    it('checks rating and comment before sending', async () => {
      const calls = serve({ write: () => json({}, 500) })
      renderRoutes(routes, '/guides/g1')
      await userEvent.click(await screen.findByRole('button', { name: 'Write Review' }))
      await userEvent.type(screen.getByLabelText('Your review'), '   ')
      await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }))
      expect(screen.getByRole('alert')).toHaveTextContent('Please provide both rating and comment')
      await userEvent.click(screen.getByRole('radio', { name: '4 stars' }))
      await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }))
      expect(screen.getByRole('alert')).toHaveTextContent('Please provide both rating and comment')
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    })

    it('shows the server’s reason when the traveller may not review', async () => {
      serve({ write: () => failure(403, 'Only travellers who have booked and paid for a trip with this guide can review them') })
      renderRoutes(routes, '/guides/g1')
      await userEvent.click(await screen.findByRole('button', { name: 'Write Review' }))
      await userEvent.click(screen.getByRole('radio', { name: '5 stars' }))
      await userEvent.type(screen.getByLabelText('Your review'), 'Wonderful')
      await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Only travellers who have booked and paid for a trip with this guide can review them')
    })

    it('sends the review, shows success, refreshes the average and the list, and closes after 2 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      let written = false
      const calls = serve({
        guide: () => json({ status: 'success', message: 'Guide found', data: publicGuide('g1', {}, written ? { averageRating: 4.7, reviewCount: 3 } : {}) }),
        reviews: () =>
          json({
            status: 'success',
            data: {
              ratings: written ? [review('r2', { comment: 'Unforgettable sunrise' }), review('r1')] : [review('r1')],
              averageRating: 4.5,
              reviewCount: 2,
              totalPages: 1,
              ...noReviewExtras,
            },
          }),
        write: () => {
          written = true
          return json(
            { status: 'success', message: 'Review submitted successfully!', data: { _id: 'r2', score: 5, comment: 'Unforgettable sunrise', averageRating: 4.7, reviewCount: 3 } },
            201,
          )
        },
      })
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      renderRoutes(routes, '/guides/g1')
      await user.click(await screen.findByRole('button', { name: 'Write Review' }))
      await user.click(screen.getByRole('radio', { name: '5 stars' }))
      await user.type(screen.getByLabelText('Your review'), '  Unforgettable sunrise ')
      await user.click(screen.getByRole('button', { name: 'Submit Review' }))

      expect(await screen.findByText('Review submitted successfully!')).toBeInTheDocument()
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        guideId: 'g1',
        score: 5,
        comment: 'Unforgettable sunrise',
        knowledge: null,
        safety: null,
        communication: null,
        value: null,
        photos: [],
      })
      await waitFor(() => expect(within(screen.getByRole('list', { name: 'Reviews' })).getByText('Unforgettable sunrise')).toBeInTheDocument())
      expect(await screen.findByRole('heading', { name: 'Reviews (3)' })).toBeInTheDocument()

      await act(async () => {
        vi.advanceTimersByTime(2000)
      })
      await waitFor(() => expect(screen.queryByLabelText('Your review')).toBeNull())
    })
  })

  it('shows the sub-ratings, photos and reply of each review, the averages and a photo strip that opens larger', async () => {
    const photo = { _id: 'p1', url: '/media/p1.jpg', thumbUrl: '/media/p1-thumb.jpg', variants: { srcset: '/media/p1-320w.webp 320w', width: 640, height: 480 } }
    const reviewed = review('r1', {
      knowledge: 5,
      safety: 4,
      photos: [photo],
      reply: { text: 'Thank you, Emma!', createdAt: '2026-05-03T10:00:00Z', updatedAt: '2026-05-03T10:00:00Z' },
    })
    const averages = { ...noReviewExtras.subRatings, knowledge: { average: 4.5, count: 2 } }
    serve({
      reviews: () => json({ status: 'success', data: { ratings: [reviewed], averageRating: 4.5, reviewCount: 2, totalPages: 1, subRatings: averages, photoStrip: [photo] } }),
    })
    renderRoutes(routes, '/guides/g1')
    expect(await screen.findByText('Thank you, Emma!')).toBeInTheDocument()
    expect(screen.getByText('Knowledge: 5/5')).toBeInTheDocument()
    expect(screen.getByText('Safety: 4/5')).toBeInTheDocument()
    expect(await screen.findByText('4.5 (2)')).toBeInTheDocument()
    expect(screen.getAllByText('Not rated yet')).toHaveLength(3)
    const strip = screen.getByRole('region', { name: "Travellers' photos" })
    expect(within(strip).getByRole('button', { name: 'Open Traveller photo 1 of a trip with Pemba' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open Photo 1 from the review by Emma Laurent' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest')
  })
})
