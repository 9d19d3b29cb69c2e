import { InstanceState } from '@canopy/contract';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { PlanCapture, type PlanShape, planOf } from './plans.js';
import {
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  myItem,
  type Person,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * The plans of the work's hot statements (issue 37, after query-plans.test.ts's lists): to-do pages
 * and counts, the approve path and dashboards' aggregations. Every statement a real request sends is
 * captured and EXPLAINed, on data skewed so that the member under test owns a small share of many
 * members' flows, with statistics gathered: each must read its index — no full scan of the flows'
 * tables or the data table, no sort of all their rows. Cheap on purpose (it runs on both databases
 * in `npm test`): each table's rows are made by one INSERT … SELECT; no timing is asserted.
 */

/** Records of the data table; the first INSTANCES of them run a flow. */
const ROWS = 20_000;
const INSTANCES = 10_000;
/** Work items of those flows (three per instance) and log lines (two per instance). */
const ITEMS = 30_000;
const LOGS = 20_000;
/** Members the seeded items and flows belong to: the one under test holds one item in this many. */
const OTHERS = 100;
const MINE_EVERY = 1_000;

let server: TestServer;
let w: FlowWorld;
let capture: PlanCapture;
let db: Kysely<unknown>;
let t: Table;
let table: string;
const f: Record<string, string> = {};
const col: Record<string, string> = {};
/** Instances Alice started through the API, each waiting for Frank's approval. */
const started: string[] = [];

const postgres = () => server.database.handle.dialect === 'postgres';

/** 1..count as a row source: a recursive CTE on SQLite, generate_series on PostgreSQL. */
const series = (count: number) =>
  postgres()
    ? sql`generate_series(1, ${sql.lit(count)}) as n(i)`
    : sql`(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(count)}) select i from s) as n`;

/**
 * Many members' flows around the few real ones: records, their instances (started by other members;
 * one in a thousand by Alice, half of hers returned to her),
 * three items each (a third done) for a hundred other members and, one in a thousand, Frank; two log
 * lines each. Values as the engine writes them, so every list can show them.
 */
async function seed() {
  const wf = await sql<{ code: string }>`select code from workflows where schema_code = ${t.schemaCode}`.execute(db);
  const workflowCode = wf.rows[0]?.code as string;
  const [title, amount, level] = [col.title, col.amount, col.level].map((c) => sql.ref(c as string));
  const engine = w.team.engineCode;
  await sql`insert into ${sql.table(table)} (id, engine_code, version, created_by, created_at, modified_by, modified_at,
      wf_state, ${title}, ${amount}, ${level})
    select 'r' || (100000000 + i), ${engine}, 1, ${w.owner.memberId}, 1700000000000 + i * 1000,
      ${w.owner.memberId}, 1700000000000 + i * 1000,
      case when i <= ${sql.lit(INSTANCES)} then ${sql.lit(InstanceState.Running)} else null end,
      'item ' || i, i % 997, case when i % 50 = 0 then 'hi' else 'lo' end
    from ${series(ROWS)}`.execute(db);
  await sql`insert into workflow_instances (id, engine_code, app_code, schema_code, workflow_code, workflow_version,
      record_id, originator_member_id, state, result, runtime, current_nodes, version, created_at, started_at, updated_at)
    select 'wi' || i, ${engine}, ${w.appCode}, ${t.schemaCode}, ${workflowCode}, 1,
      'r' || (100000000 + i),
      case when i % ${sql.lit(MINE_EVERY)} = 500 then ${w.alice.memberId} else 'm' || (i % ${sql.lit(OTHERS)}) end,
      case when i % ${sql.lit(2 * MINE_EVERY)} = 500 then ${sql.lit(InstanceState.Returned)} else ${sql.lit(InstanceState.Running)} end, '',
      '{}', '[{"id":"a","name":"审批a"}]', 1, 1700000000000 + i * 1000, 1700000000000 + i * 1000, 1700000000000 + i * 1000
    from ${series(INSTANCES)}`.execute(db);
  await sql`insert into work_items (id, engine_code, instance_id, app_code, schema_code, node_id, node_name, item_type,
      state, participant_member_id, run_id, seat, created_at, finished_at)
    select 'it' || i, ${engine}, 'wi' || ((i - 1) % ${sql.lit(INSTANCES)} + 1), ${w.appCode}, ${t.schemaCode}, 'a', '审批a', 2,
      case when i % 3 = 0 then 1 else 0 end,
      case when i % ${sql.lit(MINE_EVERY)} = 1 then ${w.frank.memberId} else 'm' || (i % ${sql.lit(OTHERS)}) end,
      'run' || ((i - 1) % ${sql.lit(INSTANCES)} + 1), 's' || i, 1700000000000 + i * 1000,
      case when i % 3 = 0 then 1700000000000 + i * 1000 + 5000 else null end
    from ${series(ITEMS)}`.execute(db);
  await sql`insert into workflow_logs (engine_code, instance_id, work_item_id, node_id, node_name, action, member_id,
      comment, changes, detail, created_at)
    select ${engine}, 'wi' || ((i - 1) % ${sql.lit(INSTANCES)} + 1), '', 'start', '发起', 'start', 'm' || (i % ${sql.lit(OTHERS)}),
      '', '[]', '{}', 1700000000000 + i * 1000
    from ${series(LOGS)}`.execute(db);
  // Other teams' dashboards' roll-ups, so that finding this table's is a lookup among many.
  await sql`insert into dashboard_rollups (name, engine_code, table_name, spec, built_at, kept_rows)
    select 'x_r_' || i, 'e' || (i % 50), 'x_' || i, '{"raw":[],"days":[],"sums":[],"zone":null}', 0, 0
    from ${series(2_000)}`.execute(db);
  await sql.raw('analyze').execute(db);
}

/** The statements one request sends, as the server compiled them (asserting it succeeds). */
async function statementsOf(who: Person, method: 'GET' | 'POST', path: string, body?: unknown) {
  return capture.during(async () => {
    const res = await who.client.request(method, path, body === undefined ? {} : { body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });
}

/** Reads and writes only: the statements a plan can be asked of. */
const explainable = (s: CompiledQuery) => /^\s*(select|with|insert|update|delete)\b/i.test(s.sql);

const touching = (statements: CompiledQuery[], tables: string[]) =>
  statements.filter((s) => explainable(s) && tables.some((name) => new RegExp(`"${name}"|\\b${name}\\b`).test(s.sql)));

/**
 * Every statement that touches `tables`: none reads one of them whole, and none that pages (LIMIT)
 * sorts the rows of a range to cut its page (`sorts`). SQLite tells no sort's size, so statements
 * that read rows by a list of keys — a page's instances' items, one instance's items on the approve
 * path — and then order those few are not held to it.
 */
async function noFullScans(statements: CompiledQuery[], tables: string[], sorts = true): Promise<PlanShape[]> {
  const found = touching(statements, tables);
  expect(found.length, `statements touching ${tables.join(', ')}`).toBeGreaterThan(0);
  const plans: PlanShape[] = [];
  for (const s of found) {
    const plan = await planOf(db, s);
    for (const name of tables) expect(plan.fullScans(name), `${s.sql}\n${plan.text}`).toEqual([]);
    if (sorts && /\blimit\b/i.test(s.sql)) expect(plan.sortsAll, `${s.sql}\n${plan.text}`).toBe(false);
    plans.push(plan);
  }
  return plans;
}

/** The plan of the (last) statement whose SQL contains `marker`. */
async function planWith(statements: CompiledQuery[], marker: string): Promise<PlanShape> {
  const found = statements.filter((s) => s.sql.includes(marker));
  expect(found.length, `a statement with ${marker}`).toBeGreaterThan(0);
  return planOf(db, found.at(-1) as CompiledQuery);
}

/** The work-item indexes led by the team and the participant: one member's range. */
const MEMBER_LED = [
  'work_items_todo_idx',
  'work_items_done_idx',
  'work_items_todo_groups_idx',
  'work_items_inbox_idx',
  'work_items_counts_idx',
  'work_items_copies_idx',
];

beforeAll(async () => {
  capture = new PlanCapture();
  server = await startTestServer(undefined, { plugins: [capture] });
  db = server.database.handle.db as Kysely<unknown>;
  capture.compileWith(db);
  w = await flowWorld(server);
  const owner = w.team.owner;
  const schemaCode = (
    await owner.request('POST', `/v1/apps/${w.appCode}/nodes`, { body: { type: 'Schema', displayName: '计划报销' } })
  ).json.data.code as string;
  const base = `/v1/apps/${w.appCode}/schemas/${schemaCode}`;
  const add = async (key: string, name: string, type: string, settings?: unknown) => {
    const res = await owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    f[key] = res.json.data.code as string;
    col[key] = `f_${f[key]}`;
  };
  await add('title', '标题', 'text');
  await add('amount', '金额', 'number');
  await add('level', '级别', 'singleSelect', {
    options: [
      { id: 'hi', label: '高', color: 'red' },
      { id: 'lo', label: '低', color: 'blue' },
    ],
  });
  t = { schemaCode, base, f: { title: f.title } } as unknown as Table;
  table = `d_${schemaCode}`;
  await publish(w, t, [startNode('a'), approveNode('a', members(w.frank))]);
  for (const title of ['一', '二', '三'])
    started.push((await startFlow(w, t, w.alice, { [f.title as string]: title })).instance.instanceId);
  await seed();
}, 180_000);
afterAll(async () => server?.close());

describe('plans of the work: to-dos, approvals, dashboards', () => {
  it("to-do pages and counts read one member's range of the inbox indexes", async () => {
    const frank = w.frank;
    // The home panel, open items newest first: the to-do index in order, its total kept.
    const panel = await statementsOf(frank, 'POST', '/v1/todos/page', {
      state: 0,
      pageSize: 6,
      pageIndex: 0,
      sortDirection: 1,
    });
    const open = await noFullScans(panel, ['work_items', 'workflow_instances']);
    expect(open.flatMap((p) => p.indexes).some((i) => MEMBER_LED.includes(i))).toBe(true);
    // Either index led by (team, participant, state, receive time) gives the order: the partial
    // to-do index, or the inbox's (which holds the copies too, dropped as it walks).
    const page = await planWith(panel, 'order by "work_items"."created_at" desc');
    expect(
      page.indexes.some((i) => MEMBER_LED.includes(i)),
      page.text,
    ).toBe(true);

    // The lists: open by receive time, done by finish time (and its total), what Alice started.
    const todo = await statementsOf(frank, 'POST', '/v1/todos/list', {
      taskType: 'todo',
      pageSize: 20,
      pageIndex: 0,
      sortDirection: 1,
    });
    await noFullScans(todo, ['work_items', 'workflow_instances']);
    const done = await statementsOf(frank, 'POST', '/v1/todos/list', {
      taskType: 'done',
      sortBy: 'finish',
      pageSize: 20,
      pageIndex: 0,
      sortDirection: 1,
    });
    await noFullScans(done, ['work_items', 'workflow_instances']);
    const byFinish = await planWith(done, 'order by "work_items"."finished_at" desc');
    if (!postgres()) expect(byFinish.indexes, byFinish.text).toContain('work_items_done_idx');
    expect(
      byFinish.indexes.some((i) => MEMBER_LED.includes(i)),
      byFinish.text,
    ).toBe(true);
    const mine = await statementsOf(w.alice, 'POST', '/v1/todos/list', {
      taskType: 'original',
      pageSize: 20,
      pageIndex: 0,
      sortDirection: 1,
    });
    await noFullScans(mine, ['work_items', 'workflow_instances']);
    // Each running state's range walked on its own, the pages still follow one order across both.
    const expected = await sql<{ id: string }>`select id from workflow_instances
      where engine_code = ${w.team.engineCode} and originator_member_id = ${w.alice.memberId}
        and state in (${sql.lit(InstanceState.Running)}, ${sql.lit(InstanceState.Returned)})
      order by created_at desc`.execute(db);
    const paged: string[] = [];
    for (let pageIndex = 0; pageIndex * 4 < expected.rows.length; pageIndex++) {
      const res = await w.alice.client.request('POST', '/v1/todos/list', {
        body: { taskType: 'original', pageSize: 4, pageIndex, sortDirection: 1 },
      });
      expect(res.json.data.total).toBe(expected.rows.length);
      paged.push(...res.json.data.resultList.map((r: { instanceId: string }) => r.instanceId));
    }
    expect(expected.rows.length).toBeGreaterThan(8);
    expect(paged).toEqual(expected.rows.map((r) => r.id));

    // The badge reads its kept count by key; the summary groups one member's range of an index.
    const badge = await statementsOf(frank, 'GET', '/v1/todos/count');
    const count = await planWith(badge, 'todo_counts');
    expect(count.fullScans('todo_counts'), count.text).toEqual([]);
    for (const taskType of ['todo', 'done', 'original'] as const) {
      const who = taskType === 'original' ? w.alice : frank;
      const summary = await statementsOf(who, 'GET', `/v1/todos/summary?taskType=${taskType}`);
      const plans = await noFullScans(summary, ['work_items', 'workflow_instances']);
      const text = plans.map((p) => p.text).join(' || ');
      if (taskType !== 'original')
        expect(
          plans.flatMap((p) => p.indexes).some((i) => MEMBER_LED.includes(i)),
          text,
        ).toBe(true);
      // Grouped in the index's own order (app, table after the member's state), not sorted to group.
      // What one started is two states' ranges (Running, Returned) of a covering index: those few
      // index entries are grouped, never a row of the table.
      if (!postgres() && taskType !== 'original') expect(text).not.toMatch(/TEMP B-TREE FOR GROUP BY/);
    }
  });

  it('approving reads and writes the flow, its items, its log and its record by key', async () => {
    const instanceId = started[0] as string;
    const item = await myItem(w.frank, instanceId);
    const statements = await statementsOf(w.frank, 'POST', '/v1/workflow/approval', {
      workItem: { workItemId: item.workItemId },
      comment: '同意',
    });
    // The rows of one instance are found by key, then ordered (a handful): no sort is asserted here.
    await noFullScans(statements, ['workflow_instances', 'work_items', 'workflow_logs', table], false);
    // It did write each of them (else the test would prove nothing of them).
    for (const name of ['workflow_instances', 'work_items', 'workflow_logs', table])
      expect(
        statements.some((s) => /^\s*(insert|update)\b/i.test(s.sql) && s.sql.includes(`"${name}"`)),
        name,
      ).toBe(true);
  });

  it("dashboards' aggregations read a roll-up or the widget's index, never the data table whole", async () => {
    const owner = w.team.owner;
    const board = (
      await owner.request('POST', `/v1/apps/${w.appCode}/nodes`, {
        body: { type: 'Dashboard', displayName: '计划看板' },
      })
    ).json.data.code as string;
    const hi = { op: 'and', conditions: [{ field: f.level, operator: 'eq', value: 'hi' }] };
    const place = (i: number) => ({ x: 0, y: i * 4, w: 6, h: 4 });
    const widgets = [
      // Counts and sums by a choice: a kept roll-up answers them.
      {
        id: 'kept',
        kind: 'bar',
        title: 'kept',
        query: {
          schemaCode: t.schemaCode,
          dimension: { field: f.level },
          measures: [{ aggregate: 'count' }, { aggregate: 'sum', field: f.amount }],
          filter: hi,
        },
        place: place(0),
      },
      // A maximum has no parts a roll-up can keep: the records, filtered on the pinned choice.
      {
        id: 'filtered',
        kind: 'number',
        title: 'filtered',
        query: { schemaCode: t.schemaCode, measures: [{ aggregate: 'max', field: f.amount }], filter: hi },
        place: place(1),
      },
      // Every record's maximum per choice, by design a read of every row.
      {
        id: 'whole',
        kind: 'bar',
        title: 'whole',
        query: {
          schemaCode: t.schemaCode,
          dimension: { field: f.level },
          measures: [{ aggregate: 'max', field: f.amount }],
        },
        place: place(2),
      },
    ];
    const saved = await owner.request('PUT', `/v1/apps/${w.appCode}/dashboards/${board}`, { body: { widgets } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await sql<{ state: string }>`select state from jobs where kind = 'dashboard.indexes'
              order by created_at desc`.execute(db)
          ).rows[0]?.state,
        { timeout: 60_000, interval: 100 },
      )
      .toBe('done');
    await sql.raw('analyze').execute(db);
    const ask = (i: number) =>
      statementsOf(w.owner, 'POST', `/v1/apps/${w.appCode}/dashboards/${board}/aggregate`, widgets[i]?.query);
    const onTable = (statements: CompiledQuery[]) => statements.filter((s) => s.sql.includes(`"${table}"`));
    /** Every read of the data table in a plan: whole, or through one of its indexes. */
    const reads = (plan: PlanShape) =>
      plan.fullScans(table).length + plan.indexes.filter((i) => i.startsWith(`${table}_`)).length;
    const rollupLookup = async (statements: CompiledQuery[]) => {
      const lookup = await planWith(statements, 'from "dashboard_rollups"');
      expect(lookup.fullScans('dashboard_rollups'), lookup.text).toEqual([]);
      expect(
        lookup.indexes.some((i) => i === 'dashboard_rollups_table_idx' || i === 'dashboard_rollups_engine_idx'),
        lookup.text,
      ).toBe(true);
    };

    // A kept roll-up answers: its groups are read (few, by design whole), the records not at all.
    const kept = await ask(0);
    await rollupLookup(kept);
    expect(kept.some((s) => s.sql.includes(`"${table}_r_`))).toBe(true);
    expect(onTable(kept).map((s) => s.sql)).toEqual([]);

    // The records (no roll-up is looked for: a maximum has no parts), filtered on the pinned choice: the widget's covering index, by the filter's range.
    const filtered = await ask(1);
    const [figure, ...others] = onTable(filtered);
    expect(others).toEqual([]);
    const plan = await planOf(db, figure as CompiledQuery);
    expect(plan.fullScans(table), plan.text).toEqual([]);
    expect(
      plan.indexes.some((i) => i.startsWith(`${table}_w_`)),
      plan.text,
    ).toBe(true);
    // The choice is a condition of the index's range, not a test of every entry.
    expect(plan.text).toMatch(
      postgres()
        ? new RegExp(`"Index Cond":"[^"]*${col.level}`)
        : new RegExp(`\\(engine_code=\\? AND ${col.level}=\\?`),
    );

    // Every record's maximum per choice reads every row by design: once (the widget's index or the
    // table), grouped as it goes, never once per group.
    const whole = await ask(2);
    const statements = onTable(whole);
    expect(statements.length).toBe(1);
    const all = await planOf(db, statements[0] as CompiledQuery);
    expect(reads(all), all.text).toBe(1);
  });
});
