import { defineConfig } from 'vitest/config';

// Every test runs on the embedded SQLite database; the tests that reach the database (catalog,
// keys, hotel details, failures, two instances sharing one database, saved indexes, serving
// threads) run again on PostgreSQL.
const ON_BOTH_DATABASES = [
  'test/catalog-import.test.ts',
  'test/catalog-import-concurrency.test.ts',
  'test/keys.test.ts',
  'test/publishable-keys.test.ts',
  'test/detail.test.ts',
  'test/failures.test.ts',
  'test/limits-redis.test.ts',
  'test/mcp.test.ts',
  'test/operations-metrics.test.ts',
  'test/saved-indexes.test.ts',
  'test/serving-threads.test.ts',
  'test/usage.test.ts',
  'test/affiliate-keys.test.ts',
  'test/admin-api.test.ts',
  'test/key-migration.test.ts',
];

export default defineConfig({
  test: {
    // A guard against a test that hangs, not a measure: tests that start services (each building
    // the gazetteer) took up to 24 s beside another test file on the 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/support/build-widget.ts', 'test/support/seed-places.ts'],
    // Two test files at a time: most of a test's time is spent waiting on services it started
    // (each its own process), so two keep both cores busy. Vitest's default on a 2-core machine
    // is one: 542-563 s for the suite on 2026-11-25, night, against 323 s with two.
    maxWorkers: 2,
    // Test files share a worker's loaded modules, so the gazetteer (a few seconds to build) is
    // built once per worker rather than once per file. Tests keep no state in modules.
    isolate: false,
    projects: [
      // The TypeScript client's own tests call a live service like the others.
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts', 'clients/typescript/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'postgres', include: ON_BOTH_DATABASES, env: { TEST_STORAGE: 'postgres' } } },
    ],
  },
});
