import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

export type TestDialect = 'sqlite' | 'postgres';

/** Which database this run tests against: scripts/test.mjs runs the suite once for each. */
export function testDialect(): TestDialect {
  return process.env.CANOPY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** For the SQLite file, the path; for PostgreSQL, the connection URL and schema. */
  sqliteFile?: string;
  databaseUrl?: string;
  pgSchema?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new SQLite file, or a new schema on the test
 * PostgreSQL server (dropped afterwards). Real databases, no mocks.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString('hex');
  let result: TestDatabase;
  if (testDialect() === 'postgres') {
    const databaseUrl = testDatabaseUrl();
    const pgSchema = `t_${suffix}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${pgSchema}`);
    await admin.end();
    const handle = openDatabase({ databaseUrl, pgSchema, poolSize: 4 });
    result = {
      handle,
      databaseUrl,
      pgSchema,
      async drop() {
        await handle.close();
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query(`drop schema if exists ${pgSchema} cascade`);
        await c.end();
      },
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-test-'));
    const sqliteFile = path.join(dir, 'canopy.sqlite');
    const handle = openDatabase({ sqliteFile });
    result = {
      handle,
      sqliteFile,
      async drop() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (options.migrate !== false) await migrateToLatest(result.handle.db as unknown as Kysely<unknown>);
  return result;
}
