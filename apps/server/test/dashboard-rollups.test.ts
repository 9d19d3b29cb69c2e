import type { FastifyInstance } from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Dashboards' kept roll-ups (issue 13): every figure a roll-up answers must equal the figure the
 * records give. A second server on the same database reads the records only (dashboardRollups off);
 * each widget is asked of both, before and after inserts, updates and deletes of records — backdated
 * date-times, deletes that empty a group, a value moved between groups — as the owner and as a
 * member under the row rule "mine", with the widget's and the dashboard's filters.
 */
let server: TestServer;
let plain: { app: FastifyInstance; baseUrl: string };
let team: TeamFixture;
let alice: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let board: string;
let deptA: string;
/** 艾丽's first records (she may delete them under "mine"). */
let alicesFirst: Item[] = [];
const f: Record<string, string> = {};
/** Statements that read a roll-up (a table named <table>_r_…), counted by the plugin below. */
let rollupReads = 0;

const countRollupReads: KyselyPlugin = {
  transformQuery(args) {
    const text = JSON.stringify(args.node);
    if (text.includes('"select ') && /_r_[0-9a-f]{10}/.test(text)) rollupReads += 1;
    return args.node;
  },
  async transformResult(args) {
    return args.result;
  },
};

async function field(name: string, type: string, settings?: Record<string, unknown>): Promise<string> {
  const res = await team.owner.request('POST', `/v1/apps/${appCode}/schemas/${schemaCode}/fields`, {
    body: { name, type, settings },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

const records = () => `/v1/apps/${appCode}/schemas/${schemaCode}/records/batch`;

interface Item {
  id: string;
  version: number;
}

async function batch(client: TestClient, body: Record<string, unknown>) {
  const create = body.create as Record<string, unknown>[] | undefined;
  const res = await client.request('POST', records(), {
    body: { ...body, ...(create ? { create: create.map((d) => ({ data: d })) } : {}) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { created: Item[]; updated: Item[]; deleted: string[] };
}

function data(r: {
  status?: string | null;
  tags?: string[];
  owner?: string[];
  amount?: number | null;
  score?: number | null;
  day?: string | null;
  at?: string | null;
}) {
  return {
    [f.status as string]: r.status ?? null,
    [f.tags as string]: r.tags ?? [],
    [f.owner as string]: r.owner ?? [],
    [f.amount as string]: r.amount ?? null,
    [f.score as string]: r.score ?? null,
    [f.day as string]: r.day ?? null,
    [f.at as string]: r.at ?? null,
  };
}

interface Query {
  schemaCode: string;
  filter?: { op: 'and' | 'or'; conditions: unknown[] };
  [key: string]: unknown;
}
interface Widget {
  id: string;
  kind: string;
  title: string;
  query: Query;
  place: { x: number; y: number; w: number; h: number };
}

/** The widgets under test: every measure a roll-up serves × every dimension kind it keeps. */
function widgets(): Widget[] {
  const place = (i: number) => ({ x: 0, y: i * 4, w: 6, h: 4 });
  const measures = [
    { aggregate: 'count' },
    { aggregate: 'sum', field: f.amount },
    { aggregate: 'avg', field: f.score },
  ];
  const dims = [
    { field: f.status },
    { field: f.tags },
    { field: f.owner },
    { field: f.day, granularity: 'month' },
    { field: f.at, granularity: 'day' },
    { field: f.at, granularity: 'week' },
    { field: f.at, granularity: 'month' },
    { field: f.at, granularity: 'quarter' },
    { field: f.at, granularity: 'year' },
    { field: 'createdBy' },
  ];
  return [
    { id: 'n', kind: 'number', title: 'n', query: { schemaCode, measures }, place: place(0) },
    ...dims.map((dimension, i) => ({
      id: `d${i}`,
      kind: 'bar',
      title: `d${i}`,
      query: { schemaCode, dimension, measures },
      place: place(i + 1),
    })),
    {
      id: 'filtered',
      kind: 'bar',
      title: 'filtered',
      query: {
        schemaCode,
        dimension: { field: f.at, granularity: 'month' },
        measures,
        filter: { op: 'and', conditions: [{ field: f.status, operator: 'in', value: ['open', 'won'] }] },
      },
      place: place(20),
    },
    {
      id: 'pivot',
      kind: 'pivot',
      title: 'pivot',
      query: {
        schemaCode,
        pivot: { rows: [{ field: f.status }, { field: f.tags }], columns: [{ field: f.at, granularity: 'month' }] },
        measures,
      },
      place: place(21),
    },
    {
      // One date-time at two granularities: the roll-up keeps it by month, which serves both.
      id: 'pivot2',
      kind: 'pivot',
      title: 'pivot2',
      query: {
        schemaCode,
        pivot: { rows: [{ field: f.at, granularity: 'month' }], columns: [{ field: f.at, granularity: 'year' }] },
        measures,
      },
      place: place(22),
    },
  ];
}

/** The dashboard's member filter, as the web adds it to every widget it targets. */
const withOwnerFilter = (w: Widget, member: string): Widget['query'] => ({
  ...w.query,
  filter: {
    op: 'and',
    conditions: [...(w.query.filter?.conditions ?? []), { field: f.owner, operator: 'contains', value: member }],
  },
});

async function ask(client: TestClient, w: Widget, query: Widget['query']) {
  const path = w.kind === 'pivot' ? 'pivot' : 'aggregate';
  const res = await client.request('POST', `/v1/apps/${appCode}/dashboards/${board}/${path}`, { body: query });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

/** Figures compared with a float's last bits allowed (a roll-up adds in another order). */
function same(a: unknown, b: unknown, where: string): void {
  const round = (v: unknown): unknown =>
    typeof v === 'number'
      ? Math.round(v * 1e6) / 1e6
      : Array.isArray(v)
        ? v.map(round)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round(x)]))
          : v;
  const sortCells = (v: unknown) => {
    const d = v as { cells?: unknown[] };
    if (d?.cells) d.cells = [...d.cells].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
    return v;
  };
  expect(round(sortCells(a)), where).toEqual(round(sortCells(b)));
}

/** Every widget, as the owner and as 艾丽 (rule "mine"), with and without the member filter. */
async function compareAll(step: string): Promise<void> {
  const before = rollupReads;
  for (const w of widgets()) {
    for (const [who, client] of [
      ['owner', team.owner],
      ['alice', alice.client],
    ] as const) {
      for (const query of [w.query, withOwnerFilter(w, alice.memberId)]) {
        const kept = await ask(client, w, query);
        const fromRecords = await ask(client.on(plain.baseUrl), w, query);
        same(kept, fromRecords, `${step}: ${w.id} as ${who} ${JSON.stringify(query.filter ?? null)}`);
      }
    }
  }
  // The roll-ups did answer (else the comparison would prove nothing).
  expect(rollupReads - before).toBeGreaterThan(widgets().length * 3);
}

/** Saves the dashboard (its widgets and its member filter) and waits for its job's indexes and roll-ups. */
async function saveAndWait(): Promise<void> {
  const saved = await team.owner.request('PUT', `/v1/apps/${appCode}/dashboards/${board}`, {
    body: {
      widgets: widgets(),
      filters: [{ id: 'who', kind: 'member', label: '负责人', targets: [{ schemaCode, field: f.owner }] }],
    },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const db = server.database.handle.db;
  await expect
    .poll(
      async () =>
        (
          await db
            .selectFrom('jobs')
            .select('state')
            .where('kind', '=', 'dashboard.indexes')
            .orderBy('created_at', 'desc')
            .executeTakeFirst()
        )?.state,
      { timeout: 30_000, interval: 50 },
    )
    .toBe('done');
}

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [countRollupReads] });
  const config = { ...loadConfig({ WEB_DIST: '', DATA_DIR: server.dataDir }), port: 0, host: '127.0.0.1' };
  const app = await buildApp({ config, database: server.database.handle, logger: false, dashboardRollups: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  plain = { app, baseUrl: `http://127.0.0.1:${address.port}` };

  team = await createTeam(server, '汇总团队');
  alice = await joinTeam(server, team, '艾丽');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '销售' } })).json.data.code;
  const userId = (await alice.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role: 'member' } });
  const node = (type: string, displayName: string) =>
    team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type, displayName } });
  schemaCode = (await node('Schema', '订单')).json.data.code;
  board = (await node('Dashboard', '看板')).json.data.code;
  const rootId = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
  deptA = (await team.owner.request('POST', '/v1/org/department', { body: { parentId: rootId, name: '华东部' } })).json
    .data.objectId;
  expect(deptA).toBeTruthy();

  f.status = await field('状态', 'singleSelect', {
    options: [
      { id: 'open', label: '进行中', color: 'blue' },
      { id: 'won', label: '赢单', color: 'green' },
      { id: 'lost', label: '输单', color: 'red' },
    ],
  });
  f.tags = await field('标签', 'multiSelect', {
    options: [
      { id: 'vip', label: '大客户', color: 'red' },
      { id: 'new', label: '新客户', color: 'blue' },
    ],
  });
  f.owner = await field('负责人', 'member', { multiple: true });
  f.amount = await field('金额', 'number');
  f.score = await field('评分', 'number');
  f.day = await field('签约日', 'date');
  f.at = await field('下单时间', 'datetime');

  // The team's day is Shanghai's: 2026-03-31T17:30Z is 1 April there.
  await batch(team.owner, {
    create: [
      data({
        status: 'won',
        tags: ['vip', 'new'],
        owner: [alice.memberId],
        amount: 100,
        score: 4,
        day: '2026-03-30',
        at: '2026-03-31T17:30:00.000Z',
      }),
      data({ status: 'open', tags: ['vip'], amount: 50.5, day: '2026-04-05', at: '2026-03-31T15:00:00.000Z' }),
      data({ status: null, tags: [], amount: null, score: null, day: null, at: null }),
      data({
        status: 'lost',
        tags: ['new'],
        owner: [team.memberId],
        amount: -20,
        score: 2,
        at: '2025-12-31T16:00:00.000Z',
      }),
    ],
  });
  alicesFirst = (
    await batch(alice.client, {
      create: [
        data({
          status: 'won',
          tags: ['vip'],
          owner: [alice.memberId],
          amount: 7.25,
          score: 5,
          day: '2026-01-01',
          at: '2026-01-01T00:00:00.000Z',
        }),
        data({ status: 'open', tags: [], amount: 3, score: null, at: '2026-06-15T03:00:00.000Z' }),
      ],
    })
  ).created;
  const permissions = {
    add: ['manager', 'member'],
    view: ['manager', 'member'],
    edit: ['manager', 'member'],
    delete: ['manager', 'member'],
    rows: { member: { scope: 'mine' } },
  };
  const put = await team.owner.request('PUT', `/v1/apps/${appCode}/schemas/${schemaCode}`, { body: { permissions } });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
}, 180_000);

afterAll(async () => {
  await plain?.app.close();
  await server?.close();
}, 60_000);

describe('kept roll-ups', () => {
  it("are built by the dashboard's job, one per set of keys", async () => {
    await saveAndWait();
    const rows = await server.database.handle.db
      .selectFrom('dashboard_rollups')
      .select(['name', 'spec'])
      .where('table_name', '=', `d_${schemaCode}`)
      .execute();
    expect(rows.length).toBeGreaterThan(3);
    const specs = rows.map((r) => JSON.parse(r.spec) as { raw: string[]; days: string[]; zone: string | null });
    // The creator (rule "mine") and the dashboard's member filter's field are kept in every one.
    for (const s of specs) expect(s.raw).toEqual(expect.arrayContaining(['created_by']));
    expect(specs.some((s) => s.days.length && s.zone === 'Asia/Shanghai')).toBe(true);
    // Date-times kept at the widgets' own granularity: by week, month (month and the month × year
    // pivot), quarter and year, and by day for the day widget.
    const grains = new Set(
      specs.flatMap((s) => s.days.map((c) => (s as { grains?: Record<string, string> }).grains?.[c] ?? 'day')),
    );
    expect([...grains].sort()).toEqual(['day', 'month', 'quarter', 'week', 'year']);
  });

  it('answer as the records do', async () => {
    await compareAll('as built');
  }, 120_000);

  it('stay exact after inserts, backdated dates, updates that move a record between groups, and deletes', async () => {
    const made = await batch(alice.client, {
      create: [
        data({
          status: 'lost',
          tags: ['vip', 'new'],
          owner: [alice.memberId],
          amount: 1e6,
          score: 1,
          day: '2020-02-29',
          at: '2019-03-10T16:30:00.000Z',
        }),
        data({ status: 'won', tags: ['new'], amount: 0.1, score: 3, at: '2026-03-31T16:00:00.000Z' }),
        // Before 1970 (negative day numbers): Monday 29 December 1969 in Shanghai, its week's first day.
        data({ status: 'open', amount: 9, score: 2, at: '1969-12-28T20:00:00.000Z' }),
        data({ status: 'open', amount: 8, at: '1969-12-28T15:00:00.000Z' }),
      ],
    });
    await compareAll('after inserts');
    const [backdated, second] = made.created as [Item, Item];
    const updated = await batch(alice.client, {
      update: [
        {
          id: backdated.id,
          version: backdated.version,
          data: {
            [f.status as string]: 'open',
            [f.at as string]: '2018-01-01T00:00:00.000Z',
            [f.amount as string]: null,
          },
        },
        { id: second.id, version: second.version, data: { [f.tags as string]: [], [f.score as string]: null } },
      ],
    });
    await compareAll('after updates');
    // Deleting 艾丽's records but the last one empties groups (lost, 2019's quarter) and removes
    // the biggest amount and the only 2026-01 record.
    const gone = [...alicesFirst, updated.updated[0] as Item];
    await batch(alice.client, { delete: gone.map((r) => ({ id: r.id, version: r.version })) });
    await compareAll('after deletes');
  }, 120_000);

  it("keep a date-time coarser than a day as its bucket's first day, before 1970 too", async () => {
    const db = server.database.handle.db;
    const rows = await db
      .selectFrom('dashboard_rollups')
      .select(['name', 'spec'])
      .where('table_name', '=', `d_${schemaCode}`)
      .execute();
    const firstDay: Record<string, (d: Date) => boolean> = {
      week: (d) => d.getUTCDay() === 1,
      month: (d) => d.getUTCDate() === 1,
      quarter: (d) => d.getUTCDate() === 1 && d.getUTCMonth() % 3 === 0,
      year: (d) => d.getUTCDate() === 1 && d.getUTCMonth() === 0,
    };
    const seen = new Set<string>();
    for (const row of rows) {
      const spec = JSON.parse(row.spec) as { days: string[]; grains?: Record<string, string> };
      for (const c of spec.days) {
        const grain = spec.grains?.[c];
        if (!grain) continue;
        const { rows: days } = await sql<{ d: number | string | null }>`select distinct ${sql.ref(`d_${c}`)} as d
          from ${sql.table(row.name)}`.execute(db);
        for (const { d } of days) {
          if (d === null) continue;
          const date = new Date(Number(d) * 86_400_000);
          expect(firstDay[grain]?.(date), `${grain} ${date.toISOString()}`).toBe(true);
          seen.add(`${grain}:${Number(d) < 0 ? 'before' : 'after'}`);
        }
      }
    }
    // 29 December 1969 (Shanghai) is a Monday: the week roll-up keeps it as day -3.
    expect(seen).toContain('week:before');
    expect(seen).toContain('quarter:after');
  });

  it('are compacted when the dashboard is saved again, figures unchanged', async () => {
    await saveAndWait();
    await compareAll('after compaction');
  }, 120_000);
});
