// ESLint for the client (`npm run lint` runs it with `prettier --check`). Prettier owns the
// layout, so no rule here is about formatting.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * What one feature deliberately shows another, file by file (paths under src/features). Any
 * other import between two feature folders fails the lint: code two features need goes to
 * src/components or src/lib, and a page made of several features is put together here, in
 * a file the owning feature names as its public part.
 */
const exposed = [
  // The guide's public page offers booking and shows reviews.
  'bookings/request/book-experience.tsx',
  'reviews/guide-reviews.tsx',
  // A guide's trips dashboard shows their earnings, their profile page the payout details.
  'earnings/earnings-panel.tsx',
  'earnings/payout-details-card.tsx',
  // The tour pieces every tour screen shares (the public pages, the guide's editor) and that show
  // where travellers already look: guide and destination pages, checkout, receipt, the trek pack.
  'tours/api/tours.ts',
  'tours/compact-tour-list.tsx',
  'tours/risk-badge.tsx',
  'tours/altitude-profile.tsx',
  'tours/acclimatisation-panel.tsx',
  'tours/itinerary-table.tsx',
  'tours/use-public-tour.ts',
  // The gallery and its photos' alt text: the editor's preview and photo grid show them as the tour page does.
  'tours/tour-gallery.tsx',
  // A tour's booking box makes its retry-safe key as the guide booking does.
  'bookings/api/request-booking.ts',
  // A custom offer's itinerary is written and checked as a tour's, from the guide's own tours.
  'guide-tours/itinerary-editor.tsx',
  'guide-tours/tour-draft.ts',
  'guide-tours/use-altitude-check.ts',
  'guide-tours/api/editor-data.ts',
  // A conversation draws its offers, and the guide makes one there; the dashboards list them.
  'offers/conversation-offers.tsx',
  'offers/api/offers.ts',
  'offers/my-offers.tsx',
]

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'coverage', 'test-results', 'playwright-report', 'e2e/screenshots', 'src/lib/api-schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // As TypeScript's noUnusedParameters: `_name` is a parameter a signature needs and the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // React code only: Playwright's fixtures also call a function named `use`.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Dependencies point one way: components, lib and i18n → features → app (STYLE.md, client).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: new URL('.', import.meta.url).pathname,
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`, ...exposed.filter((file) => !file.startsWith(`${feature}/`)).map((file) => `./${file}`)],
              message: `A feature does not reach into another: move what both use to src/components or src/lib, or list the file in \`exposed\` (eslint.config.js).`,
            })),
            {
              target: ['./src/components', './src/lib', './src/i18n'],
              from: ['./src/features', './src/app'],
              message: 'Shared code (components, lib, i18n) imports no feature and no app code.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'A feature does not import the app shell; the app imports features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.{js,ts}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
)
