import { expect, type Page } from '@playwright/test'

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
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Login Successful!')).toBeVisible()
  await expect(page.getByText('Redirecting you now...')).toBeVisible()
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
  for (const [device, width, height] of [['desktop', 1280, 800], ['phone', 375, 740]] as const) {
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
      await Promise.all(
        pending.map((img) => new Promise((done) => ['load', 'error'].forEach((event) => img.addEventListener(event, done, { once: true })))),
      )
    })
    await page.screenshot({ path: `e2e/screenshots/${device}-${name}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}
