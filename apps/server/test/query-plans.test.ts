import { InstanceState, type RecordQueryBody } from '@canopy/contract';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexName } from '../src/modules/records/indexes.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';
import { PlanCapture, type PlanShape, planOf } from './plans.js';

/**
 * The plans of the hot statement shapes (issue 37), on data skewed enough for the planner to choose
 * as it would in production, with statistics gathered: each shape's statements, as the server
 * sends them for a real request, are EXPLAINed and must read the index they are written for — no
 * full scan of the data table, no sort of all its rows. Cheap on purpose (it runs on both
 * databases in `npm test`): the rows are made by one INSERT … SELECT, no timing is asserted.
 */

const ROWS = 30_000;
/** One row in this many has the rare word ("contains" + sort, selective); one in 10 a finished flow. */
const RARE_EVERY = 1_000;

let server: TestServer;
let team: TeamFixture;
let capture: PlanCapture;
let db: Kysely<unknown>;
let base: string;
let table: string;
let schemaCode: string;
const col: Record<string, string> = {};
const f: Record<string, string> = {};

/** The data table's rows in one statement: a recursive CTE on SQLite, generate_series on PostgreSQL. */
async function seed(other: string) {
  const postgres = server.database.handle.dialect === 'postgres';
  const series = postgres
    ? sql`generate_series(1, ${sql.lit(ROWS)}) as n(i)`
    : sql`(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(ROWS)}) select i from s) as n`;
  const [name, points, due, level] = [col.name, col.points, col.due, col.level].map((c) => sql.ref(c as string));
  await sql`insert into ${sql.table(table)} (id, engine_code, version, created_by, created_at, modified_by, modified_at,
      wf_state, ${name}, ${points}, ${due}, ${level})
    select 'r' || (100000000 + i), ${team.engineCode}, 1, ${team.memberId}, 1700000000000 + i * 1000,
      ${team.memberId}, 1700000000000 + i * 1000,
      case when i % 10 = 0 then ${sql.lit(InstanceState.Finished)} else null end,
      case when i % ${sql.lit(RARE_EVERY)} = 7 then 'item ' || i || ' zqxj' else 'item ' || i end,
      case when i % 20 = 0 then null else i % 997 end,
      '2026-01-' || (10 + i % 19),
      case when i % 50 = 0 then 'hi' else 'lo' end
    from ${series}`.execute(db);
  // The finished flows of those rows, and ten times as many of another table of the same team: the
  // team's own index is the trap a planner without statistics fell into.
  const flows = (schema: string, count: number, prefix: string) => {
    const source = postgres
      ? sql`generate_series(1, ${sql.lit(count)}) as n(i)`
      : sql`(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(count)}) select i from s) as n`;
    return sql`insert into workflow_instances (id, engine_code, app_code, schema_code, workflow_code, workflow_version,
        record_id, originator_member_id, state, result, runtime, current_nodes, version, created_at, updated_at)
      select ${prefix} || i, ${team.engineCode}, 'app', ${schema}, 'wf', 1,
        ${prefix === 'w' ? sql`'r' || (100000000 + i * 10)` : sql`'x' || i`}, ${team.memberId}, ${sql.lit(InstanceState.Finished)},
        case when i % 2 = 0 then 'approved' else 'rejected' end, '{}', '[]', 1, 1700000000000 + i, 1700000000000 + i
      from ${source}`.execute(db);
  };
  await flows(schemaCode, ROWS / 10, 'w');
  await flows(other, ROWS, 'o');
}

async function analyze() {
  await sql.raw(server.database.handle.dialect === 'postgres' ? 'analyze' : 'analyze').execute(db);
}

/** Waits for the indexes lists asked for to be built by the job queue. */
async function indexesReady(names: string[]) {
  await expect
    .poll(
      async () => {
        const rows = await sql<{ name: string }>`select name from record_indexes
          where table_name = ${table} and state = 'ready'`.execute(db);
        const ready = new Set(rows.rows.map((r) => r.name));
        return names.filter((n) => !ready.has(n));
      },
      { timeout: 60_000, interval: 200 },
    )
    .toEqual([]);
}

/** The statements one list request sends to the data table (and the flows), as the server compiled them. */
async function listStatements(body: RecordQueryBody, path = 'query'): Promise<CompiledQuery[]> {
  const statements = await capture.during(async () => {
    const res = await team.owner.request('POST', `${base}/records/${path}`, { body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });
  return statements.filter((s) => s.sql.includes(table) || s.sql.includes('workflow_instances'));
}

const shapeOf = (statements: CompiledQuery[], marker: string): CompiledQuery => {
  const found = statements.filter((s) => s.sql.includes(marker));
  expect(found.length, `a statement with ${marker}`).toBeGreaterThan(0);
  return found.at(-1) as CompiledQuery;
};

async function plan(statement: CompiledQuery): Promise<PlanShape> {
  return planOf(db, statement);
}

beforeAll(async () => {
  capture = new PlanCapture();
  server = await startTestServer(undefined, { plugins: [capture] });
  db = server.database.handle.db as Kysely<unknown>;
  capture.compileWith(db);
  team = await createTeam(server, '计划团队');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '计划' } })).json.data.code;
  const node = async (displayName: string) =>
    (await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName } })).json.data
      .code as string;
  schemaCode = await node('订单');
  const other = await node('其他');
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  table = `d_${schemaCode}`;
  const add = async (key: string, name: string, type: string, settings?: unknown) => {
    const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
    f[key] = res.json.data.code as string;
    col[key] = `f_${f[key]}`;
  };
  await add('name', '名称', 'text');
  await add('points', '分值', 'number');
  await add('due', '截止', 'date');
  await add('level', '级别', 'singleSelect', {
    options: [
      { id: 'hi', label: '高', color: 'red' },
      { id: 'lo', label: '低', color: 'blue' },
    ],
  });
  await seed(other);
}, 120_000);
afterAll(async () => server?.close());

describe('plans of the hot statements', () => {
  it('a flow-state list reads its flows by the (schema, record) index, with and without statistics', async () => {
    const body: RecordQueryBody = {
      limit: 50,
      filter: { op: 'and', conditions: [{ field: 'flowState', operator: 'eq', value: InstanceState.Finished }] },
    };
    const check = async (analyzed: boolean) => {
      const statements = await listStatements(body);
      const flows = await plan(shapeOf(statements, 'workflow_instances'));
      // PostgreSQL, with statistics, may as well take another schema-led index; never the team's.
      if (server.database.handle.dialect === 'sqlite') expect(flows.indexes).toContain('workflow_instances_record_uq');
      expect(flows.indexes, flows.text).not.toContain('workflow_instances_originator_groups_idx');
      expect(flows.fullScans('workflow_instances'), flows.text).toEqual([]);
      // The page: the state's index, or newest first testing the state (a tenth of the rows match).
      // PostgreSQL knows nothing of rows just inserted before ANALYZE (a bulk load analyzes: statistics.ts).
      if (!analyzed && server.database.handle.dialect === 'postgres') return;
      const page = await plan(shapeOf(statements, `"${table}"`));
      expect(page.fullScans(table), page.text).toEqual([]);
      expect(page.sortsAll, page.text).toBe(false);
    };
    await check(false);
    await analyze();
    await check(true);
  });

  it('lists sorted by each family read an index in order, page after page', async () => {
    await analyze();
    for (const key of ['points', 'due', 'name'] as const) {
      const sorts = [{ field: f[key] as string, direction: 'desc' as const }];
      await listStatements({ limit: 50, sorts });
      await indexesReady([
        `${table}_${col[key]}_ix`,
        indexName(table, { kind: 'view', equal: [], sorts: [{ name: col[key] as string, direction: 'desc' }] }),
      ]);
      let statements = await listStatements({ limit: 50, sorts });
      const first = await plan(shapeOf(statements, `"${table}"`));
      expect(first.fullScans(table), `${key}: ${first.text}`).toEqual([]);
      expect(first.sortsAll, `${key}: ${first.text}`).toBe(false);
      // The next page by its keyset cursor.
      const res = await team.owner.request('POST', `${base}/records/query`, { body: { limit: 50, sorts } });
      const cursor = res.json.data.nextCursor as string;
      statements = await listStatements({ limit: 50, sorts, cursor });
      const next = await plan(shapeOf(statements, `"${table}"`));
      expect(next.fullScans(table), `${key}: ${next.text}`).toEqual([]);
      expect(next.sortsAll, `${key}: ${next.text}`).toBe(false);
    }
  });

  it('a pinned choice with a sort reads the composite index', async () => {
    const body: RecordQueryBody = {
      limit: 50,
      filter: { op: 'and', conditions: [{ field: f.level as string, operator: 'eq', value: 'hi' }] },
      sorts: [{ field: f.points as string, direction: 'asc' }],
    };
    await listStatements(body);
    const composite = indexName(table, {
      kind: 'view',
      equal: [col.level as string],
      sorts: [{ name: col.points as string, direction: 'asc' }],
    });
    await indexesReady([composite]);
    await analyze();
    const page = await plan(shapeOf(await listStatements(body), `"${table}"`));
    expect(page.indexes).toContain(composite);
    expect(page.fullScans(table)).toEqual([]);
    expect(page.sortsAll).toBe(false);
  });

  it('"contains" + sort: a rare needle reads its hits by the full-text index, then sorts only those', async () => {
    const sorts = [{ field: f.points as string, direction: 'desc' as const }];
    const body = (value: string): RecordQueryBody => ({
      limit: 50,
      filter: { op: 'and', conditions: [{ field: f.name as string, operator: 'contains', value }] },
      sorts,
    });
    await listStatements(body('zqxj'));
    const text = `${table}_${col.name}_tx`;
    await indexesReady([
      text,
      indexName(table, { kind: 'view', equal: [], sorts: [{ name: col.points as string, direction: 'desc' }] }),
    ]);
    await analyze();
    const statements = await listStatements(body('zqxj'));
    const last = statements.at(-1) as CompiledQuery;
    // PostgreSQL takes the hits first in a CTE of their own (repository.ts hitsFirst).
    if (server.database.handle.dialect === 'postgres') expect(last.sql).toContain('as materialized');
    const rare = await plan(last);
    expect(rare.indexes).toContain(text);
    expect(rare.fullScans(table)).toEqual([]);
    // A broad needle fills its page walking the order's index: no sort at all.
    const broad = await plan((await listStatements(body('item'))).at(-1) as CompiledQuery);
    expect(broad.fullScans(table)).toEqual([]);
    expect(broad.sortsAll).toBe(false);
  });

  it('quick search and counts read the full-text index', async () => {
    await listStatements({ limit: 50, search: 'zqxj' });
    await indexesReady([`${table}_${col.name}_tx`]);
    const search = await plan((await listStatements({ limit: 50, search: 'zqxj' })).at(-1) as CompiledQuery);
    expect(search.indexes).toContain(`${table}_${col.name}_tx`);
    expect(search.fullScans(table)).toEqual([]);
    const counted = await listStatements({ search: 'zqxj' } as RecordQueryBody, 'count');
    const count = await plan(counted.at(-1) as CompiledQuery);
    expect(count.indexes).toContain(`${table}_${col.name}_tx`);
    expect(count.fullScans(table)).toEqual([]);
  });
});
