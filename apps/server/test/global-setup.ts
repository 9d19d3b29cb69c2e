import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createPgTestDatabase, databaseUrlOf, testDatabaseUrl, testDialect } from './database.js';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates once per run: every test file of the `db` project copies this template instead of
 * running the 49 migrations itself. migrations.test.ts still runs each migration up and down.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = randomBytes(4).toString('hex');
  if (testDialect() === 'postgres') {
    const name = `canopy_tpl_${runId}`;
    await createPgTestDatabase(name);
    const handle = openDatabase({ databaseUrl: databaseUrlOf(name), poolSize: 2 });
    await migrateToLatest(handle.db as unknown as Kysely<unknown>);
    await handle.close();
    project.provide('canopyTemplate', { pgDatabase: name, runId });
    return async () => {
      // This run's databases: the template and every file's clone.
      await admin(async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          'select datname from pg_database where datname = $1 or datname like $2',
          [name, `canopy\\_t\\_${runId}\\_%`],
        );
        for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
      });
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-template-'));
  const sqliteFile = path.join(dir, 'canopy.sqlite');
  const handle = openDatabase({ sqliteFile });
  await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  await handle.close();
  // Closing the last connection checkpoints the WAL into the file: a plain copy is the whole database.
  project.provide('canopyTemplate', { sqliteFile, runId });
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
