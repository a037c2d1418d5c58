import { defineConfig, devices } from '@playwright/test'

// The Yatra server serves the built client; the Makefile starts it before these run.
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // A flaky journey is a bug to fix, not to retry: CI must see it fail.
  retries: 0,
  // make test runs the journeys on SQLite and PostgreSQL at once: each keeps its own traces.
  outputDir: `test-results/${process.env.YATRA_E2E_BACKEND ?? 'sqlite'}`,
  // The JSON report beside the traces feeds scripts/e2e-failures.mjs, which repeats each
  // failure at the end of a failed `make test`.
  reporter: [['list'], ['json', { outputFile: `test-results/${process.env.YATRA_E2E_BACKEND ?? 'sqlite'}-report.json` }]],
  // Time budgets, not timings: make test runs both databases' journeys at once on two
  // cores, where a journey that signs up and logs in twice takes its time.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Browsers cannot be downloaded here: use the system Chromium.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
})
