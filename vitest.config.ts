import { defineConfig } from 'vitest/config';
import LongestFirst from './e2e/sequencer.js';

/** Tests under apps/server/src that open a database (the rest of src's tests touch none). */
const DB_IN_SRC = ['apps/server/src/db/statement-cache.test.ts'];

/**
 * Four projects. `pure` holds the tests that touch no database (run once); `db` holds the API and
 * database tests, which scripts/test.mjs runs twice side by side, once with CANOPY_TEST_DB=sqlite
 * and once with CANOPY_TEST_DB=postgres (TEST_DATABASE_URL). `e2e` drives
 * Debian's Chromium against a real server on a real database. `cluster` starts two server processes
 * behind nginx on PostgreSQL (its own step: it needs nginx and the machine to itself).
 */
export default defineConfig({
  test: {
    // Browser test files longest first, from committed measurements (a fresh clone has no cache).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'pure',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/record-json.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
          exclude: [...DB_IN_SRC, '**/node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/test/**/*.test.ts', ...DB_IN_SRC],
          exclude: ['apps/server/test/record-json.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Migrates once per run into a template every file copies (test/global-setup.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Server processes the tests spawn (crash and restart tests) hash passwords cheaply too.
          env: { PASSWORD_HASHING: 'fast' },
          // A test is up to a few hundred real requests: on a machine loaded several times over (a CI
          // run beside other work) 20 s was passed by a test that takes 2 s alone. Still ends a hang.
          testTimeout: 60_000,
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
          // One server and one browser for the run (e2e/global-setup.ts); after each file, no page
          // error and no CSP violation (e2e/setup.ts).
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup.ts'],
          environment: 'node',
          // Shared, often busy machines: a test is many browser steps of up to 60 s each (harness.ts).
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // Files in parallel as the workers allow (scripts/test.mjs runs two: the browser tests wait on
          // renders far more than they compute, → 0103); each file makes its own teams and users.
          fileParallelism: true,
          // A browser waits on renders and refetches: a busy machine needs far more than the 1 s default.
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
