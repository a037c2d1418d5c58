import { expect, type APIRequestContext, type Browser, type Page } from './test'
import { logIn, signUp, uniqueEmail, verifyEmail } from './helpers'

// The demo's Langtang tour by Kumar Rai, and the steps the journeys on it share: group
// departures (departures.spec.ts) and custom offers (offers.spec.ts).

export const GUIDE = { email: 'kumar.rai@guides.demo.yatra.np', password: 'namaste-yatra' }
export const TOUR = 'Langtang Valley in 7 days'

/** The demo tour's id, found as a traveller finds it. */
export async function tourId(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`/api/v1/users/tours?q=${encodeURIComponent('Langtang Valley')}&limit=50`)
  expect(answer.ok()).toBe(true)
  const { tours } = (await answer.json()) as { tours: { _id: string; title: string }[] }
  const found = tours.find((t) => t.title === TOUR)
  if (!found) throw new Error(`the demo has no tour ${TOUR}`)
  return found._id
}

/** Today in Nepal plus `days`, as `YYYY-MM-DD`. */
export function nepalDate(days: number): string {
  const date = new Date(Date.now() + (5 * 60 + 45) * 60_000)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * A first day `from` to `from + span` days ahead on which the guide is free for the tour's
 * seven days. Each journey keeps to its own stretch of the calendar, so journeys running
 * at once never take each other's days.
 */
export async function freeStart(request: APIRequestContext, guideId: string, from: number, span: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const ahead = from + Math.floor(Math.random() * span)
    const week = await request.get(`/api/v1/users/guide/${guideId}/availability?from=${nepalDate(ahead)}&to=${nepalDate(ahead + 6)}`)
    expect(week.ok()).toBe(true)
    const { data } = (await week.json()) as { data: { unavailable: string[] } }
    const start = nepalDate(ahead)
    if (data.unavailable.length === 0) return start
  }
  throw new Error('the demo guide has no free week')
}

/** A new traveller, signed in on a page of their own. */
export async function traveller(browser: Browser): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const email = uniqueEmail('tourist')
  await signUp(page, 'tourist', email)
  await verifyEmail(page, email)
  await logIn(page, email)
  return { page, email }
}

/** Pays a booking on its checkout page through the sandbox. */
export async function payAtCheckout(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/)
  await expect(page.getByRole('region', { name: 'Booking summary' })).toContainText(amount)
  await page.getByRole('button', { name: 'Pay with Stripe' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sandbox_/)
  await page.getByRole('button', { name: `Pay ${amount}` }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 })
}

/** Asks the API as the user signed in on `page`. */
export async function asUser<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('token')
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
      if (body !== undefined) headers['Content-Type'] = 'application/json'
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: response.status, data: (await response.json()) as T }
    },
    { method, path, body },
  )
}
