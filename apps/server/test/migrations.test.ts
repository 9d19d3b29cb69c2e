import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDownAll, migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => database?.drop());

async function tables(db: Kysely<unknown>): Promise<string[]> {
  const meta = await db.introspection.getTables();
  return meta.map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
}

describe('migrations', () => {
  it('run up, down and up again on this database', async () => {
    const db = database.handle.db as unknown as Kysely<unknown>;
    const applied = await migrateToLatest(db);
    expect(applied.length).toBeGreaterThan(0);
    expect(await tables(db)).toEqual(expect.arrayContaining(['users', 'sessions', 'engines', 'members', 'notices']));
    await migrateDownAll(db);
    expect(await tables(db)).toEqual([]);
    await migrateToLatest(db);
    expect(await tables(db)).toContain('users');
    // Running again applies nothing: start-up migrations are idempotent.
    expect(await migrateToLatest(db)).toEqual([]);
  });
});
