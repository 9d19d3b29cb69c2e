import { defineConfig } from 'vitest/config';

/**
 * Three projects. `unit` holds unit and API tests; scripts/test.mjs runs it twice, once with
 * CANOPY_TEST_DB=sqlite and once with CANOPY_TEST_DB=postgres (TEST_DATABASE_URL). `e2e` drives
 * Debian's Chromium against a real server on a real database. `cluster` starts two server processes
 * behind nginx on PostgreSQL (its own step: it needs nginx and the machine to itself).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Files share their worker's module cache: each API test file imported the whole server
          // again (about 14 s of CPU a file on this machine, half the run). The tests keep no state in
          // modules: every file builds its own server, database and teams.
          isolate: false,
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['apps/server/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // Shared, often busy machines: a test is many browser steps of up to 60 s each (harness.ts).
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // A browser waits on renders and refetches: a busy machine needs far more than the 1 s default.
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
