import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

export type TestDialect = 'sqlite' | 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test file starts from (see createTestDatabase). */
    canopyTemplate: DatabaseTemplate | null;
  }
}

/** A migrated database to copy: a SQLite file or a PostgreSQL database, made once per run. */
export interface DatabaseTemplate {
  sqliteFile?: string;
  pgDatabase?: string;
  /** Names this run's databases, so its teardown drops exactly those. */
  runId: string;
}

/** Which database this run tests against: scripts/test.mjs runs the `db` project once for each. */
export function testDialect(): TestDialect {
  return process.env.CANOPY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The test server's URL with another database name. */
export function databaseUrlOf(name: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
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
 * A new database on the test PostgreSQL server (a clone of `template` when given). Its sessions skip
 * waiting for the WAL's flush at commit (`synchronous_commit = off`, this database only): a commit
 * took 16 ms against 4 ms on this machine's disk, and the tests commit tens of thousands of times.
 * Nothing is lost unless the PostgreSQL server itself crashes; a killed Canopy process (the crash
 * tests) still finds every transaction it committed.
 */
export async function createPgTestDatabase(name: string, template?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
}

/**
 * The migrated template this run's global set-up made (global-setup.ts), when there is one: a
 * SQLite file to copy, or a PostgreSQL database to clone. Absent when a file runs outside the
 * `db` project (then each database is migrated by itself, as before).
 */
function template(): DatabaseTemplate | undefined {
  try {
    return inject('canopyTemplate') ?? undefined;
  } catch {
    return undefined;
  }
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file. Migrations run once per run (global-setup.ts):
 * SQLite copies the migrated template file, PostgreSQL clones the template database
 * (`CREATE DATABASE … TEMPLATE`, ~0.1 s against ~1 s of migrating a schema). `migrate: false` gives
 * an empty database for the tests that run the migrations themselves (migrations.test.ts): a new
 * SQLite file, or a new schema on the test PostgreSQL server. Real databases, no mocks.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString('hex');
  const migrate = options.migrate !== false;
  const tpl = migrate ? template() : undefined;
  if (testDialect() === 'postgres') {
    if (tpl?.pgDatabase) {
      // Dropped by the global teardown (a DROP DATABASE waits on a checkpoint: not in a file's time).
      const name = `canopy_t_${tpl.runId}_${suffix}`;
      await createPgTestDatabase(name, tpl.pgDatabase);
      const databaseUrl = databaseUrlOf(name);
      const handle = openDatabase({ databaseUrl, pgSchema: 'public', poolSize: 4 });
      return { handle, databaseUrl, pgSchema: 'public', drop: () => handle.close() };
    }
    const databaseUrl = testDatabaseUrl();
    const pgSchema = `t_${suffix}`;
    await adminQuery(`create schema ${pgSchema}`);
    const handle = openDatabase({ databaseUrl, pgSchema, poolSize: 4 });
    const result: TestDatabase = {
      handle,
      databaseUrl,
      pgSchema,
      async drop() {
        await handle.close();
        await adminQuery(`drop schema if exists ${pgSchema} cascade`);
      },
    };
    if (migrate) await migrateToLatest(handle.db as unknown as Kysely<unknown>);
    return result;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-test-'));
  const sqliteFile = path.join(dir, 'canopy.sqlite');
  if (tpl?.sqliteFile) fs.copyFileSync(tpl.sqliteFile, sqliteFile);
  const handle = openDatabase({ sqliteFile });
  const result: TestDatabase = {
    handle,
    sqliteFile,
    async drop() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  if (migrate && !tpl?.sqliteFile) await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  return result;
}
