import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/maintenance.js';
import { ROLLUP_TIDY } from '../src/modules/dashboards/service.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';
import { insertAppRows, insertIndexRow } from './unlinked-rows.js';

/**
 * Dashboards' kept roll-ups (issue 13) go with what they were kept for: purging a data table, an
 * app or a team drops their tables, their triggers, PostgreSQL's trigger functions and their rows in
 * `dashboard_rollups` (and the tables' `record_imports` rows); the tidy job drops the roll-ups no
 * dashboard reads any more and compacts those in use, figures unchanged.
 */
let server: TestServer;
let team: TeamFixture;

const db = () => server.database.handle.db;

/** The database objects of a data table's roll-ups: tables, triggers and (PostgreSQL) functions. */
async function rollupObjects(table: string): Promise<string[]> {
  const like = `${table}_r_%`;
  if (server.database.pgSchema) {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname = current_schema() and c.relname like ${like}
      union all select p.proname from pg_proc p join pg_namespace s on s.oid = p.pronamespace
        where s.nspname = current_schema() and p.proname like ${like}
      union all select t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_namespace s on s.oid = c.relnamespace
        where s.nspname = current_schema() and t.tgname like ${like}`.execute(db());
    return rows.map((r) => r.name).sort();
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where name like ${like}`.execute(db());
  return rows.map((r) => r.name).sort();
}

async function registered(table: string): Promise<string[]> {
  const rows = await db().selectFrom('dashboard_rollups').select('name').where('table_name', '=', table).execute();
  return rows.map((r) => r.name).sort();
}

async function imports(schemaCode: string): Promise<number> {
  const rows = await db()
    .selectFrom('record_imports')
    .select('import_id')
    .where('schema_code', '=', schemaCode)
    .execute();
  return rows.length;
}

interface Board {
  client: TestClient;
  engineCode: string;
  memberId: string;
  appCode: string;
  schemaCode: string;
  table: string;
  board: string;
  status: string;
  amount: string;
}

/** An app with a data table (状态, 金额) and a dashboard node on it. */
async function setUp(owner: TeamFixture, appName: string): Promise<Board> {
  const client = owner.owner;
  const appCode = (await client.request('POST', '/v1/apps', { body: { displayName: appName } })).json.data.code;
  const node = (type: string, displayName: string) =>
    client.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type, displayName } });
  const schemaCode = (await node('Schema', '订单')).json.data.code;
  const board = (await node('Dashboard', '看板')).json.data.code;
  const field = async (name: string, type: string, settings?: Record<string, unknown>) => {
    const res = await client.request('POST', `/v1/apps/${appCode}/schemas/${schemaCode}/fields`, {
      body: { name, type, settings },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.code as string;
  };
  const status = await field('状态', 'singleSelect', {
    options: [
      { id: 'open', label: '进行中', color: 'blue' },
      { id: 'won', label: '赢单', color: 'green' },
    ],
  });
  const amount = await field('金额', 'number');
  const table = (
    await db().selectFrom('schemas').select('table_name').where('code', '=', schemaCode).executeTakeFirstOrThrow()
  ).table_name;
  return {
    client,
    engineCode: owner.engineCode,
    memberId: owner.memberId,
    appCode,
    schemaCode,
    table,
    board,
    status,
    amount,
  };
}

/** The physical column of 状态 (also its column in the roll-up, kept under its own name). */
async function statusColumn(b: Board): Promise<string> {
  const row = await db()
    .selectFrom('fields')
    .select('column_name')
    .where('schema_code', '=', b.schemaCode)
    .where('code', '=', b.status)
    .executeTakeFirstOrThrow();
  return row.column_name as string;
}

const place = (i: number) => ({ x: 0, y: i * 4, w: 6, h: 4 });
const numberWidget = (b: Board) => ({
  id: 'n',
  kind: 'number',
  title: '订单数',
  query: { schemaCode: b.schemaCode, measures: [{ aggregate: 'count' }] },
  place: place(0),
});
const barWidget = (b: Board) => ({
  id: 'bar',
  kind: 'bar',
  title: '各状态金额',
  query: {
    schemaCode: b.schemaCode,
    dimension: { field: b.status },
    measures: [{ aggregate: 'count' }, { aggregate: 'sum', field: b.amount }],
  },
  place: place(1),
});

/** Saves the dashboard's widgets and waits for its index job. */
async function save(b: Board, widgets: unknown[]): Promise<void> {
  const res = await b.client.request('PUT', `/v1/apps/${b.appCode}/dashboards/${b.board}`, { body: { widgets } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  await expect
    .poll(
      async () =>
        (
          await db()
            .selectFrom('jobs')
            .select('state')
            .where('kind', '=', 'dashboard.indexes')
            .where('payload', 'like', `%${b.board}%`)
            .orderBy('created_at', 'desc')
            .executeTakeFirst()
        )?.state,
      { timeout: 30_000, interval: 50 },
    )
    .toBe('done');
}

async function write(b: Board, body: Record<string, unknown>) {
  const res = await b.client.request('POST', `/v1/apps/${b.appCode}/schemas/${b.schemaCode}/records/batch`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { created: { id: string; version: number }[] };
}

/** A table with two records, its dashboard's two roll-ups built, and an import's history row. */
async function built(owner: TeamFixture, appName: string): Promise<Board> {
  const b = await setUp(owner, appName);
  await write(b, {
    create: [{ data: { [b.status]: 'open', [b.amount]: 10 } }, { data: { [b.status]: 'won', [b.amount]: 5 } }],
  });
  await save(b, [numberWidget(b), barWidget(b)]);
  expect(await registered(b.table)).toHaveLength(2);
  // SQLite: two tables and six triggers; PostgreSQL: two tables, two functions, two triggers.
  expect((await rollupObjects(b.table)).length).toBe(server.database.pgSchema ? 6 : 8);
  // As an import writes it (transfer/import-repository.ts): one history row per import.
  await db()
    .insertInto('record_imports')
    .values({
      import_id: randomUUID(),
      engine_code: b.engineCode,
      schema_code: b.schemaCode,
      member_id: b.memberId,
      file_name: '订单.xlsx',
      first_id: '0',
      last_id: '1',
      count: 2,
      created_at: Date.now(),
    })
    .execute();
  expect(await imports(b.schemaCode)).toBe(1);
  // An index a list asked for (records/indexes.ts keeps its row beside the physical index).
  await insertIndexRow(db(), { engineCode: b.engineCode, schemaCode: b.schemaCode, tableName: b.table });
  return b;
}

async function indexRows(schemaCode: string): Promise<number> {
  return (await db().selectFrom('record_indexes').select('name').where('schema_code', '=', schemaCode).execute())
    .length;
}

async function expectGone(b: Board): Promise<void> {
  expect(await rollupObjects(b.table)).toEqual([]);
  expect(await registered(b.table)).toEqual([]);
  expect(await imports(b.schemaCode)).toBe(0);
  expect(await indexRows(b.schemaCode)).toBe(0);
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '清理汇总团队');
}, 60_000);
afterAll(async () => server?.close(), 60_000);

describe("removing what dashboards' roll-ups were kept for", () => {
  it('purging a table from the table trash drops its roll-ups and its imports', async () => {
    const b = await built(team, '表清理');
    const kept = await built(team, '旁边的应用');
    expect((await b.client.request('DELETE', `/v1/apps/${b.appCode}/nodes/${b.schemaCode}`)).status).toBe(200);
    // In the trash the table may come back: its roll-ups stay.
    expect(await registered(b.table)).toHaveLength(2);
    const res = await b.client.request('DELETE', `/v1/apps/${b.appCode}/nodes/trash/${b.schemaCode}`);
    expect(res.json).toEqual({ data: true });
    await expectGone(b);
    expect(await registered(kept.table)).toHaveLength(2);
    expect(await imports(kept.schemaCode)).toBe(1);
  }, 60_000);

  it("purging an app drops its tables' roll-ups and imports", async () => {
    const b = await built(team, '应用清理');
    // What belongs to the app without a foreign key: a data source and where it was installed from.
    await insertAppRows(db(), b);
    expect((await b.client.request('DELETE', `/v1/apps/${b.appCode}`)).status).toBe(200);
    expect((await b.client.request('DELETE', `/v1/apps/${b.appCode}/purge`)).json).toEqual({ data: true });
    await expectGone(b);
    for (const owned of ['data_sources', 'app_origins'] as const)
      expect(
        await db().selectFrom(owned).select('app_code').where('app_code', '=', b.appCode).execute(),
        owned,
      ).toEqual([]);
  }, 60_000);

  it("purging a closed team drops its tables' roll-ups and imports", async () => {
    const doomed = await createTeam(server, '将删团队');
    const b = await built(doomed, '团队的应用');
    const other = await built(team, '留下的应用');
    const closed = await b.client.request('POST', `/v1/engine/${b.engineCode}/close`, {
      body: { corpName: '将删团队' },
    });
    expect(closed.status).toBe(200);
    const { purged } = await runMaintenance(db(), server.dataDir, closed.json.data.purgeAt + 60_000);
    expect(purged).toEqual([b.engineCode]);
    await expectGone(b);
    expect(await registered(other.table)).toHaveLength(2);
  }, 60_000);
});

describe('the tidy job', () => {
  it('drops the roll-ups no dashboard reads any more, keeps those in use', async () => {
    const b = await built(team, '整理');
    const [first, second] = await registered(b.table);
    await save(b, [barWidget(b)]);
    // The save and its job leave the number widget's roll-up in place; the tidy job drops it.
    expect(await registered(b.table)).toEqual([first, second]);
    await server.app.jobs.runSchedule(ROLLUP_TIDY);
    const left = await registered(b.table);
    expect(left).toHaveLength(1);
    const name = left[0] as string;
    expect((await rollupObjects(b.table)).every((o) => o.startsWith(name))).toBe(true);
    expect((await rollupObjects(b.table)).length).toBe(server.database.pgSchema ? 3 : 4);

    // A dashboard with no widgets reads none; a deleted dashboard neither.
    await save(b, []);
    await server.app.jobs.runSchedule(ROLLUP_TIDY);
    expect(await registered(b.table)).toEqual([]);
    expect(await rollupObjects(b.table)).toEqual([]);
    await save(b, [barWidget(b)]);
    expect(await registered(b.table)).toHaveLength(1);
    expect((await b.client.request('DELETE', `/v1/apps/${b.appCode}/nodes/${b.board}`)).status).toBe(200);
    await server.app.jobs.runSchedule(ROLLUP_TIDY);
    expect(await registered(b.table)).toEqual([]);
    expect(await rollupObjects(b.table)).toEqual([]);
  }, 60_000);

  it('compacts a roll-up in use once it has grown: one row per group, none empty, figures unchanged', async () => {
    const b = await built(team, '压缩');
    await save(b, [barWidget(b)]);
    // The number widget's roll-up, no longer read, goes first: the bar's is left.
    await server.app.jobs.runSchedule(ROLLUP_TIDY);
    const names = await registered(b.table);
    expect(names).toHaveLength(1);
    const name = names[0] as string;
    const rollup = sql.table(name);
    const ask = async () => {
      const res = await b.client.request('POST', `/v1/apps/${b.appCode}/dashboards/${b.board}/aggregate`, {
        body: barWidget(b).query,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data;
    };
    // A new group, then every 'won' record deleted: that group sums to no records.
    const made = await write(b, {
      create: [{ data: { [b.status]: 'won', [b.amount]: 1 } }, { data: { [b.status]: null, [b.amount]: 2 } }],
    });
    const column = await statusColumn(b);
    const won = (
      await sql<{ id: string; version: number }>`select id, version from ${sql.table(b.table)}
        where ${sql.ref(column)} = 'won'`.execute(db())
    ).rows;
    expect(won.length).toBe(2);
    await write(b, { delete: won });
    expect(made.created).toHaveLength(2);
    const before = await ask();
    const count = async (q: ReturnType<typeof sql>) =>
      Number(((await q.execute(db())).rows[0] as { n: number | string }).n);
    const rows = () => count(sql`select count(*) as n from ${rollup}`);
    const groups = () => count(sql`select count(distinct coalesce(${sql.ref(column)}, '-')) as n from ${rollup}`);
    expect(await rows()).toBeGreaterThan(await groups());

    await server.app.jobs.runSchedule(ROLLUP_TIDY);
    // open and null remain, one row each; won, emptied, is gone.
    expect(await rows()).toBe(2);
    expect(await groups()).toBe(2);
    expect(await count(sql`select count(*) as n from ${rollup} where n = 0`)).toBe(0);
    expect(await ask()).toEqual(before);
    const kept = await db()
      .selectFrom('dashboard_rollups')
      .select('kept_rows')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(Number(kept.kept_rows)).toBe(2);
    // Not grown since: left alone (the rows stay as they are).
    await server.app.jobs.runSchedule(ROLLUP_TIDY);
    expect(await rows()).toBe(2);
    // Still kept exact by its triggers after compaction.
    await write(b, { create: [{ data: { [b.status]: 'open', [b.amount]: 4 } }] });
    const after = await ask();
    const open = (after.rows as { key: string; values: number[] }[]).find((r) => r.key === 'open');
    const openBefore = (before.rows as { key: string; values: number[] }[]).find((r) => r.key === 'open');
    expect(open?.values).toEqual([(openBefore?.values[0] ?? 0) + 1, (openBefore?.values[1] ?? 0) + 4]);
  }, 60_000);
});
