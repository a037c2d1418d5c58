/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { parse } from '@formatjs/icu-messageformat-parser'
import { VitePWA } from 'vite-plugin-pwa'

const backend = 'http://127.0.0.1:8080'

/**
 * Ships the text catalogues already parsed (see src/i18n/messages.ts): texts with a placeholder,
 * plural or tag become MessageFormat syntax trees, plain sentences stay strings, and the
 * parser itself is left out of the bundle.
 */
function precompiledTexts(): Plugin {
  return {
    name: 'yatra-precompiled-texts',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/i18n\/locales\/[^/]+\/[^/]+\.json$/.test(id)) return null
      const texts = JSON.parse(code) as Record<string, string>
      const parsed = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, /[{}<'#]/.test(text) ? parse(text) : text]))
      return { code: JSON.stringify(parsed), map: null }
    },
  }
}

// Same-origin API answers the service worker may keep: GETs sent without a token (the
// public catalogue), never the event stream. Answers to a signed-in account never reach a
// cache every account of the browser shares; a traveller's own trips go to the offline
// pack instead, kept per account (src/lib/offline/).
function isPublicApiRead({ url, request, sameOrigin }: { url: URL; request: Request; sameOrigin: boolean }): boolean {
  return (
    sameOrigin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/api/v1/') &&
    !url.pathname.endsWith('/stream') &&
    !url.pathname.startsWith('/api/v1/media/private/') &&
    !url.searchParams.has('token') &&
    !request.headers.has('authorization')
  )
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    precompiledTexts(),
    react(),
    tailwindcss(),
    // The first-paint renderer (src/entry-server.ts) has no service worker of its own.
    !isSsrBuild &&
      VitePWA({
        // Registered by src/lib/offline/register-service-worker.ts after the page has loaded,
        // so nothing is added to the first paint (no inline script: the CSP forbids one).
        injectRegister: false,
        registerType: 'autoUpdate',
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
        manifest: {
          id: '/',
          name: 'Yatra — Local guides in Nepal',
          short_name: 'Yatra',
          description: 'Yatra connects travellers with trusted local tour guides across Nepal.',
          lang: 'en',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#1c4f64',
          background_color: '#f8fafc',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // The app shell and every page's chunk, so any page opens with no signal.
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          navigateFallback: '/index.html',
          // Paths the server answers itself: never the client's page in their place.
          navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/healthz$/, /^\/readyz$/, /^\/metrics$/, /^\/robots\.txt$/, /^\/sitemap\.xml$/],
          // A new version takes over as soon as it is installed; the page in use keeps its
          // code, and the next load gets the new index.html (never a stale one for ever).
          skipWaiting: true,
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          inlineWorkboxRuntime: true,
          runtimeCaching: [
            {
              urlPattern: isPublicApiRead,
              // Network first: a fresh answer whenever there is a signal, the last one without.
              handler: 'NetworkFirst',
              options: {
                cacheName: 'yatra-public-api',
                networkTimeoutSeconds: 6,
                expiration: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 },
                cacheableResponse: { statuses: [200] },
              },
            },
            {
              // The Devanagari font, once a Nepali page has needed it (left out of the precache:
              // English readers never download it).
              urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
              handler: 'CacheFirst',
              options: { cacheName: 'yatra-fonts', expiration: { maxEntries: 12 }, cacheableResponse: { statuses: [200] } },
            },
            {
              // Public pictures have a new URL whenever they change (README, Media).
              urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
              handler: 'CacheFirst',
              options: {
                cacheName: 'yatra-media',
                expiration: { maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600 },
                cacheableResponse: { statuses: [200] },
              },
            },
          ],
        },
      }),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: fileURLToPath(new URL('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js', import.meta.url)),
            },
          ]
        : [],
  },
  // The server reads the manifest to name a page's code in its HTML (`modulepreload`). The
  // first-paint renderer goes beside the client, bundled whole: it runs without node_modules.
  build: isSsrBuild ? { outDir: 'dist/.server', manifest: false } : { manifest: true },
  ssr: { noExternal: true },
  // Text catalogues as JSON.parse of a string, which V8 loads faster than the same object literal.
  json: { stringify: true },
  server: {
    proxy: {
      '/api': backend,
      '/media': backend,
      '/healthz': backend,
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A page test renders a whole route in jsdom: seconds on a busy two-core machine.
    // The limit is there to catch a hang, not to time the code (make bench does that).
    testTimeout: 20_000,
  },
}))
