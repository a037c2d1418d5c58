// Draws the app icons (web/public/icons/*.png) from the Yatra mark with the system Chromium,
// so they are real PNGs of the logo rather than hand-made copies. Run: node scripts/pwa-icons.mjs
// The PNGs are committed; run again only when the mark changes (src/components/logo.tsx).
import { chromium } from '@playwright/test'
import { fileURLToPath } from 'node:url'

const out = fileURLToPath(new URL('../public/icons/', import.meta.url))
const mark = `<circle cx="21.5" cy="10.5" r="3.5" fill="#fb9f24"/><path d="M3 25l8-11 4.5 6 3.5-4.5L29 25z" fill="#eef7f9"/><path d="M11 14l2.2 3-1.6-.6-1.4 1.4-1.3-1.6z" fill="#79bacb"/>`
// "any": the mark as the site shows it, rounded corners on a transparent ground.
const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="#1c4f64"/>${mark}</svg>`
// "maskable": the ground fills the square and the mark stays inside the central 80 % circle
// every launcher's mask keeps (https://w3c.github.io/manifest/#icon-masks).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1c4f64"/><g transform="translate(5.6 5.6) scale(0.65)">${mark}</g></svg>`
// Apple ignores transparency and rounds corners itself: a full square.
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1c4f64"/><g transform="translate(2.4 2.4) scale(0.85)">${mark}</g></svg>`

const icons = [
  ['icon-192.png', plain, 192],
  ['icon-512.png', plain, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', apple, 180],
]

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
try {
  for (const [name, svg, size] of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`)
    await page.screenshot({ path: `${out}${name}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
    await page.close()
  }
} finally {
  await browser.close()
}
