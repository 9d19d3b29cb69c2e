import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDownAll, migrateToLatest } from '../src/db/migrate.js';
import * as webhookFilters from '../src/db/migrations/20261125T0100_webhook_filters.js';
import * as dashboardRollups from '../src/db/migrations/20261127T0400_dashboard_rollups.js';
import * as applogTitlesBatched from '../src/db/migrations/20261127T0700_applog_titles_batched.js';
import type { Database } from '../src/db/schema.js';
import { buildRollup } from '../src/modules/dashboards/rollup.js';
import { createTestDatabase, type TestDatabase, testDialect } from './database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => database?.drop());

/**
 * This database's tables: on PostgreSQL only this file's schema, read from information_schema (other
 * test files share the server and drop their schemas while Kysely's introspector would read them).
 */
async function tables(db: Kysely<unknown>): Promise<string[]> {
  const names = database.pgSchema
    ? (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = ${database.pgSchema}`.execute(db)
      ).rows.map((r) => r.name)
    : (await db.introspection.getTables()).map((t) => t.name);
  return names.filter((n) => !n.startsWith('kysely_'));
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
  it('runs a migration that arrives after later-named ones already ran', async () => {
    const db = database.handle.db as unknown as Kysely<unknown>;
    await migrateToLatest(db);
    // As on a database migrated from a branch without it: undone and forgotten.
    await webhookFilters.down(db);
    await sql`delete from kysely_migration where name = ${'20261125T0100_webhook_filters'}`.execute(db);
    expect(await migrateToLatest(db)).toEqual(['20261125T0100_webhook_filters']);
    expect(await migrateToLatest(db)).toEqual([]);
  });
  // SQLite (PostgreSQL's down is taken in applog.test.ts, on a database with real tables).
  it.runIf(testDialect() === 'sqlite')(
    'writes the entries riding on history rows into audit_log when the log leaves the history',
    async () => {
      const db = database.handle.db;
      await migrateToLatest(db as unknown as Kysely<unknown>);
      const row = (i: number) => ({
        schema_code: 's-down',
        record_id: `r${i}`,
        engine_code: 'e-history',
        member_id: 'm1',
        action: 'update',
        changes: JSON.stringify([{ field: 'f9', from: i, to: i + 1 }]),
        created_at: 1_700_000_000_000,
        log: JSON.stringify({ t: `随行${i}`, a: 'app1', ...(i === 1 ? { d: { fromFlow: true } } : {}) }),
      });
      // (rows of a table this bare database does not have: its foreign key is not the point here)
      await sql`pragma foreign_keys = off`.execute(db);
      await db
        .insertInto('record_history')
        .values([row(0), row(1)])
        .execute();
      await sql`pragma foreign_keys = on`.execute(db);
      await applogTitlesBatched.down(db as unknown as Kysely<unknown>);
      const rows = await db
        .selectFrom('audit_log')
        .select(['record_id', 'record_title', 'app_code', 'action', 'kind', 'detail', 'changes'])
        .where('engine_code', '=', 'e-history')
        .orderBy('record_id')
        .execute();
      expect(rows.map((r) => [r.record_id, r.record_title, r.app_code, r.action, r.kind])).toEqual([
        ['r0', '随行0', 'app1', 'record.update', 'record'],
        ['r1', '随行1', 'app1', 'record.update', 'record'],
      ]);
      expect(JSON.parse(rows[1]?.detail ?? '')).toEqual({ fromFlow: true });
      expect(JSON.parse(rows[0]?.changes ?? '')).toEqual([{ field: 'f9', name: 'f9', from: 0, to: 1 }]);
      await applogTitlesBatched.up(db as unknown as Kysely<unknown>);
      expect(await migrateToLatest(db as unknown as Kysely<unknown>)).toEqual([]);
    },
  );
  it("undoes dashboards' roll-ups with their tables, triggers and trigger functions", async () => {
    const db = database.handle.db as unknown as Kysely<unknown>;
    await migrateToLatest(db);
    // A data table of the shape roll-ups read, and one roll-up kept on it.
    await sql`create table d_t (id varchar(36) primary key, engine_code varchar(36), c text, v double precision)`.execute(
      db,
    );
    await sql`insert into d_t values ('1', 'e', 'a', 2), ('2', 'e', 'b', null)`.execute(db);
    const name = await buildRollup(
      database.handle.db as unknown as Kysely<Database>,
      'e',
      'd_t',
      { raw: ['c'], days: [], sums: ['v'], zone: null },
      0,
    );
    const objects = async () =>
      database.pgSchema
        ? (
            await sql<{
              name: string;
            }>`select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
              where s.nspname = current_schema() and c.relname like 'd_t_r_%'
            union all select p.proname from pg_proc p join pg_namespace s on s.oid = p.pronamespace
              where s.nspname = current_schema() and p.proname like 'd_t_r_%'
            union all select tgname from pg_trigger where tgrelid = 'd_t'::regclass and not tgisinternal`.execute(db)
          ).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select name from sqlite_master where name like 'd_t_r_%'`.execute(db)).rows.map(
            (r) => r.name,
          );
    expect((await objects()).length).toBe(database.pgSchema ? 3 : 4);
    await dashboardRollups.down(db);
    expect(await objects()).toEqual([]);
    expect(await tables(db)).not.toContain('dashboard_rollups');
    // Writes to the data table no longer reach for the roll-up.
    await sql`insert into d_t values ('3', 'e', 'a', 1)`.execute(db);
    await dashboardRollups.up(db);
    expect(await objects()).toEqual([]);
    expect(await tables(db)).toContain('dashboard_rollups');
    expect(name.startsWith('d_t_r_')).toBe(true);
    await sql`drop table d_t`.execute(db);
  });
});

describe.runIf(testDialect() === 'postgres')('migrations beside other schemas', () => {
  it('run while other schemas of the same database are created and dropped', async () => {
    // Parallel test files (and other tenants of a server) create and drop schemas all the time; the
    // migrator's look at the catalogue must not fail when one vanishes under it.
    let churning = true;
    const churn = (async () => {
      const admin = await createTestDatabase({ migrate: false });
      const db = admin.handle.db as unknown as Kysely<unknown>;
      for (let i = 0; churning; i++) {
        const name = `${admin.pgSchema}_c${i}`;
        await sql.raw(`create schema ${name}`).execute(db);
        await sql.raw(`create table ${name}.t (id serial primary key, v text)`).execute(db);
        await sql.raw(`drop schema ${name} cascade`).execute(db);
      }
      await admin.drop();
    })();
    try {
      for (let round = 0; round < 3; round++) {
        const fresh = await createTestDatabase({ migrate: false });
        try {
          expect((await migrateToLatest(fresh.handle.db as unknown as Kysely<unknown>)).length).toBeGreaterThan(0);
        } finally {
          await fresh.drop();
        }
      }
    } finally {
      churning = false;
      await churn;
    }
  });
});
