import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share a worker's loaded modules, so the gazetteer (a few seconds to build) is
    // built once per worker rather than once per file. Tests keep no state in modules.
    isolate: false,
  },
});
