// Throughput of the client cache at the 1,000-entry class limit: `npm run bench:cache`.
import { bench, describe } from 'vitest'
import { ClientCache } from '../src/lib/client-cache'

const ENTRIES = 1000

// Shaped like a list item from the API, so sizing (JSON length) costs what it will in the app.
const guide = (i: number) => ({
  _id: `guide-${i}`,
  name: `Guide ${i}`,
  city: 'Pokhara',
  languages: ['English', 'Nepali'],
  ratePerDay: 40 + (i % 30),
  rating: 4.5,
  verified: true,
})

function fullCache(): ClientCache {
  const cache = new ClientCache()
  for (let i = 0; i < ENTRIES; i++) cache.set(`guide:${i}`, guide(i), { tags: ['guides'] })
  // Benchmarks run in this process; no sweep timer should keep it alive.
  cache.dispose()
  return cache
}

describe(`client cache holding ${ENTRIES} entries`, () => {
  const hits = fullCache()
  let hit = 0
  bench('get, hit', () => {
    hits.get(`guide:${hit++ % ENTRIES}`)
  })

  const misses = fullCache()
  let miss = 0
  bench('get, miss', () => {
    misses.get(`absent:${miss++ % ENTRIES}`)
  })

  const full = fullCache()
  let next = ENTRIES
  bench(
    'set a new key, evicting one',
    () => {
      full.set(`guide:${next}`, guide(next), { tags: ['guides'] })
      next++
    },
    { teardown: () => full.dispose() },
  )
})
