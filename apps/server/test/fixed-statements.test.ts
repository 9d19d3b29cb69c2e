import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { FIXED } from '../src/db/fixed.js';
import { testDatabaseUrl, testDialect } from './database.js';

/**
 * PostgreSQL keeps fixed statements (db/fixed.ts) as named prepared statements, one parse per
 * connection (issue 15); other statements stay unnamed. One connection per handle here, so what
 * `pg_prepared_statements` shows is that connection's.
 */
type Probe = { probe: { id: number; a: string; b?: string } };
const url = testDatabaseUrl();
const schema = `t_fixed_${randomBytes(4).toString('hex')}`;
let kept: DatabaseHandle;
let plain: DatabaseHandle;

const prepared = async (h: DatabaseHandle) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(h.db)).rows.map(
    (r) => r.statement,
  );
const db = (h: DatabaseHandle) => h.db as unknown as Kysely<Probe>;

describe.skipIf(testDialect() !== 'postgres')('fixed statements on PostgreSQL', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.probe (id integer primary key, a text not null)`);
    await admin.query(`insert into ${schema}.probe values (1, 'x'), (2, 'y')`);
    await admin.end();
    kept = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 1 });
    plain = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 1, statementCache: false });
  });
  afterAll(async () => {
    await kept?.close();
    await plain?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  const fixedRead = (h: DatabaseHandle, id: number) =>
    db(h).selectFrom('probe').modifyFront(FIXED).selectAll().where('id', '=', id).executeTakeFirst();

  it('prepares a fixed statement once on the connection, and only fixed ones', async () => {
    expect(await fixedRead(kept, 1)).toEqual({ id: 1, a: 'x' });
    expect(await fixedRead(kept, 2)).toEqual({ id: 2, a: 'y' });
    await db(kept).selectFrom('probe').select('a').where('id', '=', 1).execute();
    const statements = await prepared(kept);
    expect(statements.filter((s) => s.includes('/*fixed*/'))).toHaveLength(1);
    expect(statements.some((s) => s.includes('select "a"'))).toBe(false);
  });

  it('prepares nothing with the statement cache off (the bench side by side)', async () => {
    expect(await fixedRead(plain, 1)).toEqual({ id: 1, a: 'x' });
    expect(await prepared(plain)).toEqual([]);
  });

  it('prepares a kept statement again when its table changed under it', async () => {
    await sql`alter table probe add column b text not null default 'z'`.execute(kept.db);
    expect(await fixedRead(kept, 1)).toEqual({ id: 1, a: 'x', b: 'z' });
    expect(await fixedRead(kept, 2)).toEqual({ id: 2, a: 'y', b: 'z' });
    // The stale one and its successor: the text was prepared again under a new name.
    expect((await prepared(kept)).filter((s) => s.includes('/*fixed*/'))).toHaveLength(2);
  });
});
