import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type Role = 'tourist' | 'guide'

export function uniqueEmail(role: Role): string {
  return `e2e-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

export const PASSWORD = 'Namaste-Everest-2026'

/** Walks both sign-up steps and waits for the redirect to /login. */
export async function signUp(page: Page, role: Role, email: string): Promise<void> {
  await page.goto('/signup')
  await page.getByLabel('First name').fill(role === 'guide' ? 'Pemba' : 'Asha')
  await page.getByLabel('Last name').fill(role === 'guide' ? 'Sherpa' : 'Traveller')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('I want to join as').selectOption(role)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Registration Successful!')).toBeVisible()
  await expect(page.getByText('Redirecting to login...')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
}

export async function logIn(page: Page, email: string): Promise<void> {
  await signIn(page, email, PASSWORD, async () => {
    await expect(page.getByText('Redirecting you now...')).toBeVisible()
  })
}

/**
 * Signs in on /login and returns once the login page is done with the browser. After a
 * successful sign-in the page navigates (after 1.5 s) and then reloads the new page
 * (100 ms later): a `page.goto` or click made before that reload races it ("navigation
 * interrupted by another navigation"), and the URL has already changed by then, so
 * waiting for the URL is not enough. The reload is the only full page load after the
 * click, so waiting for the next `load` event waits for exactly it.
 */
export async function signIn(page: Page, email: string, password: string, whileRedirecting?: () => Promise<void>): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  const reloaded = page.waitForEvent('load', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Login Successful!')).toBeVisible()
  await whileRedirecting?.()
  await reloaded
  await expect(page).not.toHaveURL(/\/login$/)
}

/**
 * A real PNG drawn in the page (sky, sun, snow peak) of `width` × `height`, so uploads
 * decode like a photo would.
 */
export async function pngFile(page: Page, name: string, hue: number, width = 480, height = 320) {
  const base64 = await page.evaluate(
    ({ h, w, ht }) => {
      const canvas = document.createElement('canvas')
      canvas.width = w
      canvas.height = ht
      const ctx = canvas.getContext('2d')!
      const sky = ctx.createLinearGradient(0, 0, 0, ht)
      sky.addColorStop(0, `hsl(${h}, 60%, 42%)`)
      sky.addColorStop(1, `hsl(${h + 40}, 70%, 81%)`)
      ctx.fillStyle = sky
      ctx.fillRect(0, 0, w, ht)
      ctx.fillStyle = '#fbbf24'
      ctx.beginPath()
      ctx.arc(w * 0.75, ht * 0.25, ht * 0.1, 0, Math.PI * 2)
      ctx.fill()
      ctx.fillStyle = '#eef7f9'
      ctx.beginPath()
      ctx.moveTo(0, ht)
      ctx.lineTo(w * 0.35, ht * 0.34)
      ctx.lineTo(w * 0.5, ht * 0.67)
      ctx.lineTo(w * 0.64, ht * 0.48)
      ctx.lineTo(w, ht)
      ctx.fill()
      return canvas.toDataURL('image/png').split(',')[1]
    },
    { h: hue, w: width, ht: height },
  )
  return { name, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }
}

/**
 * Full-page screenshots at desktop (1280×800) and phone (375×740) widths into
 * e2e/screenshots/, ending back at desktop width.
 */
export async function shootBoth(page: Page, name: string) {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 375, 740],
  ] as const) {
    await page.setViewportSize({ width, height })
    // From the top, so the sticky navigation bar is not drawn halfway down a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0))
    // Not 'networkidle': a signed-in page keeps the live notification stream open.
    await page.waitForLoadState('load')
    await page.evaluate(async () => {
      // Lazy images below the fold would be blank in a full-page shot: load them all first.
      const images = Array.from(document.images)
      for (const img of images) img.loading = 'eager'
      const pending = images.filter((img) => !img.complete)
      await Promise.all(pending.map((img) => new Promise((done) => ['load', 'error'].forEach((event) => img.addEventListener(event, done, { once: true })))))
    })
    await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * The `path?token=...` link (path and query) in the newest email to `email` that has one.
 * The server under test has no SMTP server, so it writes each email as an `.eml` file in
 * `$YATRA_DATA_DIR/outbox/` (scripts/with-server.sh exports the folder); this waits for it.
 */
export async function emailedLink(email: string, path: string): Promise<string> {
  const dataDir = process.env.YATRA_DATA_DIR
  if (!dataDir) throw new Error('YATRA_DATA_DIR is not set: run the journeys through scripts/with-server.sh')
  const outbox = join(dataDir, 'outbox')
  const pattern = new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=[A-Za-z0-9_-]+`)
  let found: string | undefined
  await expect
    .poll(
      () => {
        // Names are time-ordered ids: the newest file sorts last.
        const files = existsSync(outbox)
          ? readdirSync(outbox)
              .filter((f) => f.endsWith('.eml'))
              .sort()
              .reverse()
          : []
        for (const file of files) {
          // Undo quoted-printable: soft line breaks, then `=3D` and the like.
          const text = readFileSync(join(outbox, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          if (!text.split(/\r?\n/).some((line) => line.startsWith('To:') && line.toLowerCase().includes(email.toLowerCase()))) continue
          const link = pattern.exec(text)
          if (link) {
            found = link[0]
            return true
          }
        }
        return false
      },
      { message: `an email to ${email} with a ${path} link`, timeout: 15_000 },
    )
    .toBe(true)
  return found!
}

/** Opens the verification link emailed to `email`, as its owner would. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await page.goto(await emailedLink(email, '/verify-email'))
  await expect(page.getByText('Email verified')).toBeVisible()
}

/**
 * Runs axe on the page as it stands once it has settled, and fails on any serious or
 * critical finding, naming the rule and the first elements it found.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Settled: no loading card or busy region left (not 'networkidle': signed-in pages keep a
  // live-events stream open).
  await expect(page.locator('[aria-busy="true"], main [role="status"]:has-text("Loading")')).toHaveCount(0)
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    )
  expect(serious, `axe on ${where}`).toEqual([])
}

export type Named = { _id: string }

/** The first item of a public list (`key` names the list in the answer). */
export async function firstListed<T extends Named>(request: APIRequestContext, path: string, key: string): Promise<T> {
  const response = await request.get(path)
  expect(response.ok(), path).toBe(true)
  const body = (await response.json()) as Record<string, T[]>
  expect(body[key].length, `${path} lists something`).toBeGreaterThan(0)
  return body[key][0]
}

/**
 * How many guides a guide map shows: each single guide's circle plus the count on each
 * cluster (in Latin digits: the English interface).
 */
export async function guidesOnMap(map: Locator): Promise<number> {
  const singles = await map.locator('path.guide-marker').count()
  const clustered = await map.locator('.guide-cluster').evaluateAll((all) => all.reduce((sum, cluster) => sum + Number(cluster.textContent), 0))
  return singles + clustered
}
