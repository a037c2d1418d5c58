// The client cache benchmark runs in plain Node: no DOM, none of the tests' setup.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: [],
    benchmark: { include: ['bench/**/*.bench.ts'] },
  },
})
