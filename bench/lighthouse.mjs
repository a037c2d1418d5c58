// Lighthouse (mobile, simulated throttling) on the pages travellers land on, printing the
// four category scores per page. Usage: node bench/lighthouse.mjs BASE_URL
// Lighthouse lives in bench/lighthouse/ (its own package.json and lock, installed by
// `make bench`) so the client's dependencies stay small. Chromium is Debian's.
import { createRequire } from 'node:module'

const require = createRequire(new URL('./lighthouse/package.json', import.meta.url))
const { default: lighthouse } = await import(require.resolve('lighthouse'))
const chromeLauncher = await import(require.resolve('chrome-launcher'))

const base = (process.argv[2] ?? process.env.YATRA_URL ?? '').replace(/\/$/, '')
if (!base) {
  console.error('usage: node bench/lighthouse.mjs BASE_URL')
  process.exit(2)
}

// The first guide, destination and blog post the public API lists: real pages with content.
async function firstId(path, pick) {
  const response = await fetch(`${base}${path}`)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  const id = pick(await response.json())
  if (!id) throw new Error(`${path}: nothing listed`)
  return id
}
const guide = await firstId('/api/v1/users/guides?page=1&limit=1', (body) => body.data?.[0]?._id ?? body.guides?.[0]?._id)
const destination = await firstId('/api/v1/users/destinations?page=1', (body) => (body.destinations ?? body.data)?.[0]?._id)
const blog = await firstId('/api/v1/users/blogs?page=1', (body) => (body.data ?? body.blogs ?? body.items)?.[0]?._id)
const pages = ['/', '/guides', `/guides/${guide}`, `/destination/${destination}`, `/blog/${blog}`]

// The same flags as the browser journeys (web/playwright.config.ts).
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const categories = ['performance', 'accessibility', 'best-practices', 'seo']
// Simulated throttling scales what the CPU took, so one run on a busy machine says little:
// each page is measured LIGHTHOUSE_RUNS times (3 by default) and the median run printed.
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]
// LIGHTHOUSE_CPU_SLOWDOWN (4 by default, Lighthouse's mobile figure) stands in for a slower
// phone: on a host with benchmarkIndex B, 4 × B / 1400 scores as a host of about 1,400 would.
const slowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) } } : {}
// Lighthouse's own measure of this host's CPU (its benchmarkIndex) from every run: scores
// from machines with different figures cannot be read side by side.
const benchmarkIndexes = []
try {
  console.log(`  ${'page'.padEnd(44)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'best'.padStart(5)} ${'seo'.padStart(5)} ${'JS kB'.padStart(6)} ${'TBT ms'.padStart(7)}  below 100 (median of ${runs} runs)`)
  for (const path of pages) {
    const results = []
    for (let run = 0; run < runs; run++) {
      const { lhr } = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, ...slowdown })
      benchmarkIndexes.push(lhr.environment?.benchmarkIndex ?? 0)
      results.push({ lhr, scores: categories.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)) })
    }
    const scores = categories.map((_, i) => median(results.map((result) => result.scores[i])))
    // What keeps a score below 100, from the run with the median performance: the failing
    // audits that count towards a category.
    const { lhr } = results.find((result) => result.scores[0] === scores[0])
    const weighed = new Set(categories.flatMap((category) => lhr.categories[category].auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id)))
    const failing = Object.values(lhr.audits)
      .filter((audit) => weighed.has(audit.id) && audit.score !== null && audit.score < 0.9)
      .map((audit) => audit.id)
    // Every script the page loaded, as sent (compressed): the shell plus the page's own chunks.
    const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')
    const js = scripts ? (scripts.transferSize / 1024).toFixed(0) : '?'
    const blocking = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)
    console.log(`  ${path.padEnd(44)} ${scores.map((score) => String(score).padStart(5)).join(' ')} ${js.padStart(6)} ${String(blocking).padStart(7)}  ${failing.join(', ')}`)
  }
  console.log(`  this host's benchmarkIndex (Lighthouse's CPU measure, median of ${benchmarkIndexes.length} runs): ${Math.round(median(benchmarkIndexes))}`)
} finally {
  await chrome.kill()
}
