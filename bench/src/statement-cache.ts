/**
 * What keeping SQLite's prepared statements saves (db/database.ts StatementCache, issue 15): the
 * same statements a records list request runs — the session with its membership, the table's
 * metadata, and a filtered, sorted page of 50 over a 20-column table of 20,000 rows — run through
 * Kysely on two handles of one database file, one keeping statements and one preparing each query
 * anew (as before), in alternating rounds so both see the same machine.
 *
 *   node --import tsx bench/src/statement-cache.ts [--rows 20000 --rounds 10 --per-round 2000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import type { Database } from '../../apps/server/src/db/schema.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rows = arg('rows', 20_000);
const rounds = arg('rounds', 10);
const perRound = arg('per-round', 2_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-stmt-bench-'));
const file = path.join(dir, 'bench.sqlite');
const cached = openDatabase({ sqliteFile: file });
const fresh = openDatabase({ sqliteFile: file, statementCache: false });
const raw = cached.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
await migrateToLatest(cached.db as unknown as Kysely<unknown>);

const columns = Array.from({ length: 20 }, (_, i) => `c${i}`);
await sql
  .raw(
    `create table d_bench (id text primary key, created_at integer, ${columns.map((c, i) => `${c} ${i % 3 === 0 ? 'real' : 'text'}`).join(', ')})`,
  )
  .execute(raw);
await sql.raw('create index d_bench_c1_c3 on d_bench (c1, c3, id)').execute(raw);
await raw.transaction().execute(async (trx) => {
  for (let i = 0; i < rows; i += 500) {
    const batch = Array.from({ length: Math.min(500, rows - i) }, (_, k) => {
      const n = i + k;
      const row: Record<string, unknown> = { id: `r${String(n).padStart(8, '0')}`, created_at: n };
      columns.forEach((c, j) => {
        row[c] = j % 3 === 0 ? (n * 7 + j) % 1000 : `v${(n + j) % 9} 文本 ${n % 97}`;
      });
      return row;
    });
    await trx.insertInto('d_bench').values(batch).execute();
  }
});

/** One request's statements, as the list endpoint sends them (shapes, not the exact SQL). */
async function request(db: Kysely<Database>, n: number): Promise<void> {
  const any = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', `s${n % 50}`)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  await db
    .selectFrom('fields')
    .selectAll()
    .where('schema_code', '=', `t${n % 20}`)
    .orderBy('sort_key')
    .execute();
  const ids = await any
    .selectFrom('d_bench')
    .select('id')
    .where('c1', '=', `v${n % 9} 文本 ${n % 97}`)
    .orderBy('c3', 'desc')
    .orderBy('id')
    .limit(50)
    .execute();
  if (ids.length)
    await any
      .selectFrom('d_bench')
      .selectAll()
      .where(
        'id',
        'in',
        ids.map((r) => r.id as string),
      )
      .execute();
}

async function round(db: Kysely<Database>): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < perRound; n++) {
    const t = performance.now();
    await request(db, n);
    times.push(performance.now() - t);
  }
  return times;
}

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;
const results = { kept: [] as number[], prepared: [] as number[] };
await round(cached.db);
await round(fresh.db);
for (let r = 0; r < rounds; r++) {
  results.kept.push(...(await round(cached.db)));
  results.prepared.push(...(await round(fresh.db)));
}
const line = (label: string, xs: number[]) => {
  const total = xs.reduce((a, b) => a + b, 0);
  return `| ${label} | ${p(xs, 0.5).toFixed(3)} | ${p(xs, 0.95).toFixed(3)} | ${Math.round((xs.length / total) * 1000)} |`;
};
console.log(
  `\nSQLite, ${rows} rows × 20 columns, ${rounds} rounds × ${perRound} requests per handle (4 statements each)\n`,
);
console.log('| statements | request p50 ms | request p95 ms | requests/s (one at a time) |');
console.log('| --- | --- | --- | --- |');
console.log(line('kept (StatementCache)', results.kept));
console.log(line('prepared each time (before)', results.prepared));
await cached.close();
await fresh.close();
fs.rmSync(dir, { recursive: true, force: true });
