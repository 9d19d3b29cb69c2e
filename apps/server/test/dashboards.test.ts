import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Dashboards: widgets saved on a Dashboard node, and their figures grouped by the database. Every
 * measure × dimension type is checked against the same figures worked out here from the rows.
 */
let server: TestServer;
let team: TeamFixture;
let alice: { client: TestClient; memberId: string };
let bob: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let emptyCode: string;
let board: string;
let deptA: string;
let deptB: string;
const f: Record<string, string> = {};
const all = ['manager', 'member'];

interface Row {
  region: string | null;
  status: string | null;
  tags: string[];
  owners: string[];
  depts: string[];
  amount: number | null;
  day: string | null;
  at: string | null;
}

let rows: Row[] = [];

async function field(name: string, type: string, settings?: Record<string, unknown>): Promise<string> {
  const res = await team.owner.request('POST', `/v1/apps/${appCode}/schemas/${schemaCode}/fields`, {
    body: { name, type, settings },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

const aggregateUrl = () => `/v1/apps/${appCode}/dashboards/${board}/aggregate`;
async function figures(client: TestClient, body: Record<string, unknown>) {
  const res = await client.request('POST', aggregateUrl(), { body: { schemaCode, ...body } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as {
    state: string;
    rows: { key: string | null; label: string; values: (number | null)[] }[];
    rest: { values: (number | null)[] } | null;
  };
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '报表团队');
  alice = await joinTeam(server, team, '艾丽');
  bob = await joinTeam(server, team, '鲍勃');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '销售' } })).json.data.code;
  for (const who of [alice, bob]) {
    const userId = (await who.client.request('GET', '/v1/user/information/basic')).json.data.id;
    await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role: 'member' } });
  }
  const node = (type: string, displayName: string) =>
    team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type, displayName } });
  schemaCode = (await node('Schema', '订单')).json.data.code;
  emptyCode = (await node('Schema', '空表')).json.data.code;
  board = (await node('Dashboard', '销售看板')).json.data.code;
  const rootId = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
  const dept = async (name: string) =>
    (await team.owner.request('POST', '/v1/org/department', { body: { parentId: rootId, name } })).json.data.objectId;
  deptA = await dept('华东部');
  deptB = await dept('华北部');

  f.region = await field('区域', 'text');
  f.status = await field('状态', 'singleSelect', {
    options: [
      { id: 'open', label: '进行中', color: 'blue' },
      { id: 'won', label: '赢单', color: 'green' },
    ],
  });
  f.tags = await field('标签', 'multiSelect', {
    options: [
      { id: 'vip', label: '大客户', color: 'red' },
      { id: 'new', label: '新客户', color: 'blue' },
    ],
  });
  f.owners = await field('负责人', 'member', { multiple: true });
  f.depts = await field('部门', 'department', { multiple: true });
  f.amount = await field('金额', 'number');
  f.day = await field('签约日', 'date');
  f.at = await field('下单时间', 'datetime');
  f.secret = await field('成本', 'number');

  rows = [
    // 2026-03-31T17:30Z is 1 April 01:30 in UTC+8: April, Q2.
    {
      region: '华东',
      status: 'won',
      tags: ['vip', 'new'],
      owners: [alice.memberId, bob.memberId],
      depts: [deptA],
      amount: 100,
      day: '2026-03-30',
      at: '2026-03-31T17:30:00.000Z',
    },
    {
      region: '华东',
      status: 'open',
      tags: ['vip'],
      owners: [alice.memberId],
      depts: [deptA, deptB],
      amount: 50,
      day: '2026-04-05',
      at: '2026-03-31T15:00:00.000Z',
    },
    {
      region: '华北',
      status: 'won',
      tags: [],
      owners: [bob.memberId],
      depts: [deptB],
      amount: 200,
      day: '2026-04-06',
      at: '2025-12-31T16:00:00.000Z',
    },
    { region: '华北', status: null, tags: ['new'], owners: [], depts: [], amount: null, day: null, at: null },
    {
      region: null,
      status: 'open',
      tags: [],
      owners: [team.memberId],
      depts: [deptA],
      amount: -20,
      day: '2025-12-29',
      at: '2026-06-15T03:00:00.000Z',
    },
    {
      region: '华南',
      status: 'won',
      tags: ['vip'],
      owners: [alice.memberId],
      depts: [],
      amount: 0,
      day: '2026-01-01',
      at: '2026-01-01T00:00:00.000Z',
    },
  ];
  const create = rows.map((r) => ({
    data: {
      [f.region as string]: r.region,
      [f.status as string]: r.status,
      [f.tags as string]: r.tags,
      [f.owners as string]: r.owners,
      [f.depts as string]: r.depts,
      [f.amount as string]: r.amount,
      [f.day as string]: r.day,
      [f.at as string]: r.at,
      [f.secret as string]: 1,
    },
  }));
  const res = await team.owner.request('POST', `/v1/apps/${appCode}/schemas/${schemaCode}/records/batch`, {
    body: { create },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const permissions = {
    add: all,
    view: all,
    edit: all,
    delete: all,
    fields: { [f.secret as string]: { member: 'hidden' } },
    rows: {
      member: {
        scope: 'filter',
        filter: { op: 'and', conditions: [{ field: f.region, operator: 'eq', value: '华东' }] },
      },
    },
  };
  const put = await team.owner.request('PUT', `/v1/apps/${appCode}/schemas/${schemaCode}`, { body: { permissions } });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
});
afterAll(async () => server?.close());

/** The indexes of one physical table, on either database. */
async function indexNames(table: string): Promise<string[]> {
  const db = server.database.handle.db;
  if (server.database.handle.dialect === 'postgres') {
    const r = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = ${table}`.execute(db);
    return r.rows.map((x) => x.indexname);
  }
  const r = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
  return r.rows.map((x) => x.name);
}

// ---- the same figures, worked out here ----

const DAY = 86_400_000;
function bucket(day: string, unit: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  switch (unit) {
    case 'day':
      return day;
    case 'week':
      return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    case 'month':
      return day.slice(0, 7);
    case 'quarter':
      return `${day.slice(0, 4)}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
    default:
      return day.slice(0, 4);
  }
}
const localDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

type Dim = { name: string; field: () => string; granularity?: string; keys: (r: Row) => (string | null)[] };
const units = ['day', 'week', 'month', 'quarter', 'year'];
const one = (v: string | null) => [v === '' ? null : v];
const list = (v: string[]) => (v.length ? v : [null]);
const dimensions: Dim[] = [
  { name: 'text', field: () => f.region as string, keys: (r) => one(r.region) },
  { name: 'single select', field: () => f.status as string, keys: (r) => one(r.status) },
  { name: 'multi select', field: () => f.tags as string, keys: (r) => list(r.tags) },
  { name: 'member', field: () => f.owners as string, keys: (r) => list(r.owners) },
  { name: 'department', field: () => f.depts as string, keys: (r) => list(r.depts) },
  { name: 'creator', field: () => 'createdBy', keys: () => [team.memberId] },
  ...units.map((u) => ({
    name: `date by ${u}`,
    field: () => f.day as string,
    granularity: u,
    keys: (r: Row) => [r.day ? bucket(r.day, u) : null],
  })),
  ...units.map((u) => ({
    name: `date-time by ${u} (local day)`,
    field: () => f.at as string,
    granularity: u,
    keys: (r: Row) => [r.at ? bucket(localDay(r.at), u) : null],
  })),
];

type Measure = { aggregate: string; field?: () => string; of: (rs: Row[]) => number | null };
const amounts = (rs: Row[]) => rs.map((r) => r.amount).filter((a): a is number => a !== null);
const measures: Measure[] = [
  { aggregate: 'count', of: (rs) => rs.length },
  {
    aggregate: 'sum',
    field: () => f.amount as string,
    of: (rs) => (amounts(rs).length ? amounts(rs).reduce((a, b) => a + b, 0) : null),
  },
  {
    aggregate: 'avg',
    field: () => f.amount as string,
    of: (rs) => (amounts(rs).length ? amounts(rs).reduce((a, b) => a + b, 0) / amounts(rs).length : null),
  },
  {
    aggregate: 'min',
    field: () => f.amount as string,
    of: (rs) => (amounts(rs).length ? Math.min(...amounts(rs)) : null),
  },
  {
    aggregate: 'max',
    field: () => f.amount as string,
    of: (rs) => (amounts(rs).length ? Math.max(...amounts(rs)) : null),
  },
  {
    aggregate: 'distinct',
    field: () => f.region as string,
    of: (rs) => new Set(rs.map((r) => r.region).filter((x) => x !== null)).size,
  },
];

function expected(dim: Dim, m: Measure, source: Row[]): Map<string | null, number | null> {
  const groups = new Map<string | null, Row[]>();
  for (const r of source) for (const k of dim.keys(r)) groups.set(k, [...(groups.get(k) ?? []), r]);
  return new Map([...groups].map(([k, rs]) => [k, m.of(rs)]));
}

const rounded = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);

describe('dashboard figures', () => {
  for (const dim of dimensions) {
    it(`groups by ${dim.name}, every measure, nulls in the empty group`, async () => {
      const body = {
        dimension: { field: dim.field(), ...(dim.granularity ? { granularity: dim.granularity } : {}) },
        measures: measures.map((m) => ({ aggregate: m.aggregate, ...(m.field ? { field: m.field() } : {}) })),
      };
      // Four measures at most per widget: two calls.
      const first = await figures(team.owner, { ...body, measures: body.measures.slice(0, 3) });
      const second = await figures(team.owner, { ...body, measures: body.measures.slice(3) });
      expect(first.state).toBe('ok');
      expect(first.rest).toBeNull();
      expect(first.rows.map((r) => r.key).sort()).toEqual(second.rows.map((r) => r.key).sort());
      for (const [i, m] of measures.entries()) {
        const got = new Map(
          (i < 3 ? first : second).rows.map((r) => [r.key, rounded(r.values[i < 3 ? i : i - 3] ?? null)]),
        );
        const want = new Map([...expected(dim, m, rows)].map(([k, v]) => [k, rounded(v)]));
        expect(Object.fromEntries(got), `${dim.name} ${m.aggregate}`).toEqual(Object.fromEntries(want));
      }
    });
  }

  it('labels options, members and departments, and orders dates in time', async () => {
    const status = await figures(team.owner, { dimension: { field: f.status }, measures: [{ aggregate: 'count' }] });
    expect(status.rows).toEqual([
      { key: 'won', label: '赢单', values: [3] },
      { key: 'open', label: '进行中', values: [2] },
      { key: null, label: '', values: [1] },
    ]);
    const depts = await figures(team.owner, { dimension: { field: f.depts }, measures: [{ aggregate: 'count' }] });
    expect(depts.rows.find((r) => r.key === deptA)?.label).toBe('华东部');
    const owners = await figures(team.owner, { dimension: { field: f.owners }, measures: [{ aggregate: 'count' }] });
    expect(owners.rows.find((r) => r.key === alice.memberId)).toMatchObject({ label: '艾丽', values: [3] });
    const months = await figures(team.owner, {
      dimension: { field: f.at, granularity: 'month' },
      measures: [{ aggregate: 'count' }],
    });
    expect(months.rows.map((r) => r.key)).toEqual(['2026-01', '2026-03', '2026-04', '2026-06', null]);
  });

  it('sums the whole table without a dimension, and answers an empty table', async () => {
    const total = await figures(team.owner, {
      measures: [{ aggregate: 'count' }, { aggregate: 'sum', field: f.amount }],
    });
    expect(total.rows).toEqual([{ key: '', label: '', values: [6, 330] }]);
    const empty = await team.owner.request('POST', aggregateUrl(), {
      body: { schemaCode: emptyCode, measures: [{ aggregate: 'count' }] },
    });
    expect(empty.json.data.rows).toEqual([{ key: '', label: '', values: [0] }]);
    const grouped = await team.owner.request('POST', aggregateUrl(), {
      body: {
        schemaCode: emptyCode,
        dimension: { field: 'createdAt', granularity: 'day' },
        measures: [{ aggregate: 'count' }],
      },
    });
    expect(grouped.json.data).toEqual({ state: 'ok', rows: [], rest: null });
  });

  it("applies the widget's filter (the views' filter model)", async () => {
    const res = await figures(team.owner, {
      dimension: { field: f.region },
      measures: [{ aggregate: 'sum', field: f.amount }],
      filter: { op: 'and', conditions: [{ field: f.tags, operator: 'contains', value: 'vip' }] },
    });
    expect(Object.fromEntries(res.rows.map((r) => [r.key, r.values[0]]))).toEqual({ 华东: 150, 华南: 0 });
  });

  it("applies the viewer's row rule: a member sums over their rows only", async () => {
    const res = await figures(alice.client, {
      dimension: { field: f.status },
      measures: [{ aggregate: 'count' }, { aggregate: 'sum', field: f.amount }],
    });
    expect(res.rows).toEqual([
      { key: 'open', label: '进行中', values: [1, 50] },
      { key: 'won', label: '赢单', values: [1, 100] },
    ]);
    const total = await figures(alice.client, { measures: [{ aggregate: 'sum', field: f.amount }] });
    expect(total.rows[0]?.values).toEqual([150]);
  });

  it('answers "no permission" for a widget reading a field hidden from the viewer', async () => {
    const none = { state: 'noPermission', rows: [], rest: null };
    expect(await figures(alice.client, { measures: [{ aggregate: 'sum', field: f.secret }] })).toEqual(none);
    expect(await figures(alice.client, { dimension: { field: f.secret }, measures: [{ aggregate: 'count' }] })).toEqual(
      none,
    );
    expect(
      await figures(alice.client, {
        measures: [{ aggregate: 'count' }],
        filter: { op: 'and', conditions: [{ field: f.secret, operator: 'gt', value: 0 }] },
      }),
    ).toEqual(none);
    // The owner sees it.
    expect((await figures(team.owner, { measures: [{ aggregate: 'sum', field: f.secret }] })).rows[0]?.values).toEqual([
      6,
    ]);
  });

  it('refuses a measure or dimension its field cannot serve', async () => {
    const res = await team.owner.request('POST', aggregateUrl(), {
      body: { schemaCode, measures: [{ aggregate: 'sum', field: f.region }] },
    });
    expect(res.status).toBe(400);
    const bad = await team.owner.request('POST', aggregateUrl(), {
      body: { schemaCode, dimension: { field: 'nope' }, measures: [{ aggregate: 'count' }] },
    });
    expect(bad.status).toBe(400);
  });

  it('answers the first 100 groups and sums up the rest', async () => {
    const code = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '大表' } })
    ).json.data.code;
    const name = (
      await team.owner.request('POST', `/v1/apps/${appCode}/schemas/${code}/fields`, {
        body: { name: '名称', type: 'text' },
      })
    ).json.data.code;
    // 103 names: n000 twice, the others once.
    const create = [...Array.from({ length: 103 }, (_, i) => `n${String(i).padStart(3, '0')}`), 'n000'].map((v) => ({
      data: { [name]: v },
    }));
    await team.owner.request('POST', `/v1/apps/${appCode}/schemas/${code}/records/batch`, { body: { create } });
    const res = await team.owner.request('POST', aggregateUrl(), {
      body: { schemaCode: code, dimension: { field: name }, measures: [{ aggregate: 'count' }] },
    });
    const data = res.json.data;
    expect(data.rows).toHaveLength(100);
    expect(data.rows[0]).toMatchObject({ key: 'n000', values: [2] });
    expect(data.rows[1]).toMatchObject({ key: 'n001', values: [1] });
    expect(data.rest).toEqual({ values: [3] });
  });
});

// ---- pivots: every level worked out here from the rows ----

type Cell = { r: (string | null)[]; c: (string | null)[]; values: (number | null)[] };
async function pivotOf(client: TestClient, body: Record<string, unknown>) {
  const res = await client.request('POST', `/v1/apps/${appCode}/dashboards/${board}/pivot`, {
    body: { schemaCode, ...body },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { state: string; cells: Cell[]; labels: Record<string, string>[] };
}

const cartesian = (lists: (string | null)[][]): (string | null)[][] =>
  lists.reduce<(string | null)[][]>((acc, l) => acc.flatMap((a) => l.map((x) => [...a, x])), [[]]);

/** Each level's figures from the rows: a record counts once in every group combination it falls in. */
function expectedPivot(rowDims: Dim[], colDims: Dim[], m: Measure, source: Row[]) {
  const out = new Map<string, number | null>();
  for (let i = 0; i <= rowDims.length; i++)
    for (let j = 0; j <= colDims.length; j++) {
      const dims = [...rowDims.slice(0, i), ...colDims.slice(0, j)];
      const groups = new Map<string, Row[]>();
      for (const r of source)
        for (const combo of cartesian(dims.map((d) => d.keys(r)))) {
          const key = JSON.stringify([combo.slice(0, i), combo.slice(i)]);
          groups.set(key, [...(groups.get(key) ?? []), r]);
        }
      // The totals exist even over no rows (a count of 0).
      if (!dims.length && !groups.size) groups.set(JSON.stringify([[], []]), []);
      for (const [k, rs] of groups) out.set(k, rounded(m.of(rs)));
    }
  return out;
}

const dim = (name: string) => dimensions.find((d) => d.name === name) as Dim;
const bodyOf = (d: Dim) => ({ field: d.field(), ...(d.granularity ? { granularity: d.granularity } : {}) });

describe('dashboard pivots', () => {
  const cases: { name: string; rows: string[]; columns: string[] }[] = [
    { name: 'text × single select (one read of the table)', rows: ['text'], columns: ['single select'] },
    {
      name: 'select, date by month × member (lists spread)',
      rows: ['single select', 'date-time by month (local day)'],
      columns: ['member'],
    },
    {
      name: 'multi select, department × date by quarter',
      rows: ['multi select', 'department'],
      columns: ['date by quarter'],
    },
  ];
  for (const c of cases) {
    it(`cells, subtotals and totals of ${c.name}, every measure`, async () => {
      const rowDims = c.rows.map(dim);
      const colDims = c.columns.map(dim);
      for (const chunk of [measures.slice(0, 3), measures.slice(3)]) {
        const res = await pivotOf(team.owner, {
          pivot: { rows: rowDims.map(bodyOf), columns: colDims.map(bodyOf) },
          measures: chunk.map((m) => ({ aggregate: m.aggregate, ...(m.field ? { field: m.field() } : {}) })),
        });
        expect(res.state).toBe('ok');
        for (const [i, m] of chunk.entries()) {
          const got = new Map(
            res.cells.map((cell) => [JSON.stringify([cell.r, cell.c]), rounded(cell.values[i] ?? null)]),
          );
          const want = expectedPivot(rowDims, colDims, m, rows);
          expect(Object.fromEntries(got), `${c.name} ${m.aggregate}`).toEqual(Object.fromEntries(want));
        }
      }
    });
  }

  it('labels the groups of every dimension', async () => {
    const res = await pivotOf(team.owner, {
      pivot: { rows: [{ field: f.status }], columns: [{ field: f.depts }] },
      measures: [{ aggregate: 'count' }],
    });
    expect(res.labels[0]).toEqual({ won: '赢单', open: '进行中' });
    expect(res.labels[1]).toEqual({ [deptA]: '华东部', [deptB]: '华北部' });
    // A record in two departments counts once in its status's total.
    expect(res.cells.find((x) => x.r[0] === 'open' && !x.c.length)?.values).toEqual([2]);
    expect(res.cells.find((x) => x.r[0] === 'open' && x.c[0] === deptA)?.values).toEqual([2]);
    expect(res.cells.find((x) => x.r[0] === 'open' && x.c[0] === deptB)?.values).toEqual([1]);
  });

  it("sums a member's rows only, and answers no permission for a hidden field", async () => {
    const res = await pivotOf(alice.client, {
      pivot: { rows: [{ field: f.status }], columns: [{ field: f.region }] },
      measures: [{ aggregate: 'sum', field: f.amount }],
    });
    const mine = rows.filter((r) => r.region === '华东');
    const want = expectedPivot([dim('single select')], [dim('text')], measures[1] as Measure, mine);
    expect(Object.fromEntries(res.cells.map((x) => [JSON.stringify([x.r, x.c]), x.values[0]]))).toEqual(
      Object.fromEntries(want),
    );
    expect(res.cells.find((x) => !x.r.length && !x.c.length)?.values).toEqual([150]);
    const hidden = await pivotOf(alice.client, {
      pivot: { rows: [{ field: f.status }], columns: [{ field: f.secret }] },
      measures: [{ aggregate: 'count' }],
    });
    expect(hidden).toEqual({ state: 'noPermission', cells: [], labels: [] });
  });

  it('applies the filter, and refuses a pivot without its layout', async () => {
    const res = await pivotOf(team.owner, {
      pivot: { rows: [{ field: f.region }], columns: [{ field: f.status }] },
      measures: [{ aggregate: 'count' }],
      filter: { op: 'and', conditions: [{ field: f.tags, operator: 'contains', value: 'vip' }] },
    });
    expect(res.cells.find((x) => !x.r.length && !x.c.length)?.values).toEqual([3]);
    const bad = await team.owner.request('POST', `/v1/apps/${appCode}/dashboards/${board}/pivot`, {
      body: { schemaCode, measures: [{ aggregate: 'count' }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('dashboard design', () => {
  const widget = (id: string, over: Record<string, unknown> = {}) => ({
    id,
    kind: 'bar',
    title: '按状态',
    query: { schemaCode, dimension: { field: f.status }, measures: [{ aggregate: 'count' }] },
    place: { x: 0, y: 0, w: 6, h: 4 },
    ...over,
  });
  const url = () => `/v1/apps/${appCode}/dashboards/${board}`;

  it('saves widgets for the designers and shows them to viewers', async () => {
    const empty = (await alice.client.request('GET', url())).json.data;
    expect(empty).toMatchObject({ code: board, displayName: '销售看板', widgets: [], canDesign: false });
    const widgets = [widget('w1'), widget('w2', { kind: 'number', title: '总数', place: { x: 6, y: 0, w: 3, h: 2 } })];
    const saved = await team.owner.request('PUT', url(), { body: { widgets } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data).toMatchObject({ widgets, canDesign: true });
    expect((await alice.client.request('GET', url())).json.data.widgets).toEqual(widgets);
    const refused = await alice.client.request('PUT', url(), { body: { widgets: [] } });
    expect(refused.status).toBe(403);
    expect((await alice.client.request('GET', url())).json.data.widgets).toEqual(widgets);
  });

  it("builds the widgets' covering indexes in a job after the save, not in the request", async () => {
    const db = server.database.handle.db;
    const saved = await team.owner.request('PUT', url(), { body: { widgets: [widget('w1')] } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const job = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'dashboard.indexes')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await expect
      .poll(
        async () => (await db.selectFrom('jobs').select('state').where('id', '=', job.id).executeTakeFirst())?.state,
        {
          timeout: 30_000,
          interval: 50,
        },
      )
      .toBe('done');
    const table = `d_${schemaCode}`;
    const indexes = await indexNames(table);
    expect(indexes.some((n) => n.startsWith(`${table}_w_`))).toBe(true);
  });

  it('refuses a widget on a table of another app, an unsuitable field, or the same id twice, saving nothing', async () => {
    const before = (await team.owner.request('GET', url())).json.data.widgets;
    const other = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '别的' } })).json.data.code;
    const otherTable = (
      await team.owner.request('POST', `/v1/apps/${other}/nodes`, { body: { type: 'Schema', displayName: '表' } })
    ).json.data.code;
    const res = await team.owner.request('PUT', url(), {
      body: {
        widgets: [
          widget('a', { query: { schemaCode: otherTable, measures: [{ aggregate: 'count' }] } }),
          widget('b', { query: { schemaCode, measures: [{ aggregate: 'sum', field: f.region }] } }),
          widget('b'),
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual([
      'widgets[0].query.schemaCode',
      'widgets[1].query',
      'widgets[2].id',
    ]);
    expect((await team.owner.request('GET', url())).json.data.widgets).toEqual(before);
  });

  it('keeps a KPI comparison on a date field, refuses one on another kind of field', async () => {
    const kpi = widget('k', { kind: 'number', query: { schemaCode, measures: [{ aggregate: 'count' }] } });
    const ok = await team.owner.request('PUT', url(), {
      body: { widgets: [{ ...kpi, compare: { field: f.at, period: 'month' } }] },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.widgets[0].compare).toEqual({ field: f.at, period: 'month' });
    const bad = await team.owner.request('PUT', url(), {
      body: { widgets: [{ ...kpi, compare: { field: f.region, period: 'month' } }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['widgets[0].compare']);
    // The periods are the views' relative dates: this month's and last month's figures.
    const thisMonth = await figures(team.owner, {
      measures: [{ aggregate: 'count' }],
      filter: { op: 'and', conditions: [{ field: 'createdAt', operator: 'eq', value: 'thisMonth' }] },
    });
    expect(thisMonth.rows[0]?.values).toEqual([6]);
  });

  it("saves the designer's filters (which field of which table each narrows), refusing a field of the wrong kind", async () => {
    const filters = [
      {
        id: 'f1',
        kind: 'date',
        label: '签约日',
        targets: [
          { schemaCode, field: f.day },
          { schemaCode: emptyCode, field: 'createdAt' },
        ],
      },
      { id: 'f2', kind: 'member', label: '负责人', targets: [{ schemaCode, field: f.owners }] },
      { id: 'f3', kind: 'department', label: '部门', targets: [{ schemaCode, field: f.depts }] },
      { id: 'f4', kind: 'select', label: '状态', targets: [{ schemaCode, field: f.status }] },
    ];
    const saved = await team.owner.request('PUT', url(), { body: { widgets: [widget('w1')], filters } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await alice.client.request('GET', url())).json.data.filters).toEqual(filters);
    const bad = await team.owner.request('PUT', url(), {
      body: {
        widgets: [widget('w1')],
        filters: [
          { id: 'x', kind: 'department', label: '部门', targets: [{ schemaCode, field: f.owners }] },
          { id: 'x', kind: 'date', label: '日期', targets: [{ schemaCode, field: f.region }] },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual([
      'filters[0].targets[0].field',
      'filters[1].id',
      'filters[1].targets[0].field',
    ]);
    expect((await team.owner.request('GET', url())).json.data.filters).toEqual(filters);
  });

  it('keeps a pivot only with its rows and columns', async () => {
    const pivotWidget = widget('p', {
      kind: 'pivot',
      query: {
        schemaCode,
        pivot: { rows: [{ field: f.region }], columns: [{ field: f.status }] },
        measures: [{ aggregate: 'sum', field: f.amount }],
      },
    });
    const ok = await team.owner.request('PUT', url(), { body: { widgets: [pivotWidget] } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const bad = await team.owner.request('PUT', url(), {
      body: {
        widgets: [
          widget('a', { kind: 'pivot' }),
          { ...pivotWidget, id: 'b', kind: 'bar' },
          widget('c', {
            kind: 'pivot',
            query: { ...pivotWidget.query, pivot: { rows: [{ field: f.amount }], columns: [{ field: f.status }] } },
          }),
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual([
      'widgets[0].query',
      'widgets[1].query',
      'widgets[2].query',
    ]);
  });

  it('answers a node that is not a dashboard as not found', async () => {
    expect((await team.owner.request('GET', `/v1/apps/${appCode}/dashboards/${schemaCode}`)).status).toBe(404);
  });
});

describe('dashboard isolation', () => {
  it("never reaches another team's dashboard or tables", async () => {
    const other = await createTeam(server, '别的团队');
    expect((await other.owner.request('GET', `/v1/apps/${appCode}/dashboards/${board}`)).status).toBe(404);
    expect(
      (
        await other.owner.request('POST', `/v1/apps/${appCode}/dashboards/${board}/aggregate`, {
          body: { schemaCode, measures: [{ aggregate: 'count' }] },
        })
      ).status,
    ).toBe(404);
    // Its own dashboard naming our table.
    const theirApp = (await other.owner.request('POST', '/v1/apps', { body: { displayName: '他们的' } })).json.data
      .code;
    const theirBoard = (
      await other.owner.request('POST', `/v1/apps/${theirApp}/nodes`, {
        body: { type: 'Dashboard', displayName: '板' },
      })
    ).json.data.code;
    const res = await other.owner.request('POST', `/v1/apps/${theirApp}/dashboards/${theirBoard}/aggregate`, {
      body: { schemaCode, measures: [{ aggregate: 'count' }] },
    });
    expect(res.status).toBe(404);
    const save = await other.owner.request('PUT', `/v1/apps/${theirApp}/dashboards/${theirBoard}`, {
      body: {
        widgets: [
          {
            id: 'x',
            kind: 'number',
            title: '',
            query: { schemaCode, measures: [{ aggregate: 'count' }] },
            place: { x: 0, y: 0, w: 3, h: 2 },
          },
        ],
      },
    });
    expect(save.status).toBe(400);
  });

  it('asks for a session first', async () => {
    const res = await fetch(`${server.baseUrl}/v1/apps/${appCode}/dashboards/${board}`);
    expect(res.status).toBe(401);
  });
});

describe("the team's time zone", () => {
  const dayIn = (zone: string, iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(iso),
    );
  const setZone = (client: TestClient, timeZone: string) =>
    client.request('PUT', `/v1/corpintegrate/corpinfo/${team.corpId}/timezone`, { body: { timeZone } });

  it('is Asia/Shanghai by default, set by the owner or an admin to a zone the server knows', async () => {
    const info = await team.owner.request('GET', `/v1/corpintegrate/corpinfo/${team.corpId}`);
    expect(info.json.data.timeZone).toBe('Asia/Shanghai');
    expect((await setZone(alice.client, 'Asia/Tokyo')).status).toBe(403);
    const bad = await setZone(team.owner, 'Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['timeZone']);
    expect((await team.owner.request('GET', `/v1/corpintegrate/corpinfo/${team.corpId}`)).json.data.timeZone).toBe(
      'Asia/Shanghai',
    );
  });

  it("buckets date-times by the team's local day (daylight saving and half-hour zones) and filters the same days", async () => {
    const table = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '时区' } })
    ).json.data.code;
    const at = (
      await team.owner.request('POST', `/v1/apps/${appCode}/schemas/${table}/fields`, {
        body: { name: '时间', type: 'datetime' },
      })
    ).json.data.code;
    // Around New York's summer time (from 8 March 2026, 02:00) and midnight in Kolkata (UTC+5:30).
    const moments = [
      '2026-03-08T04:30:00.000Z', // New York 23:30 on the 7th (EST)
      '2026-03-08T05:30:00.000Z', // New York 00:30 on the 8th (EST)
      '2026-06-15T03:30:00.000Z', // New York 23:30 on the 14th (EDT), a fixed UTC-5 would say 22:30
      '2026-06-15T04:30:00.000Z', // New York 00:30 on the 15th (EDT), a fixed UTC-5 would say the 14th
      '2026-01-01T18:15:00.000Z', // Kolkata 23:45 on 1 January
      '2026-01-01T18:45:00.000Z', // Kolkata 00:15 on 2 January
      '2025-12-31T16:30:00.000Z', // Shanghai 00:30 on 1 January 2026, New York 31 December
    ];
    const created = await team.owner.request('POST', `/v1/apps/${appCode}/schemas/${table}/records/batch`, {
      body: { create: moments.map((m) => ({ data: { [at]: m } })) },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    try {
      for (const zone of ['America/New_York', 'Asia/Kolkata', 'Asia/Shanghai']) {
        expect((await setZone(team.owner, zone)).status).toBe(200);
        for (const granularity of ['day', 'month', 'year']) {
          const res = await team.owner.request('POST', aggregateUrl(), {
            body: { schemaCode: table, dimension: { field: at, granularity }, measures: [{ aggregate: 'count' }] },
          });
          const want = new Map<string, number>();
          for (const m of moments) {
            const day = dayIn(zone, m);
            const key = granularity === 'day' ? day : granularity === 'month' ? day.slice(0, 7) : day.slice(0, 4);
            want.set(key, (want.get(key) ?? 0) + 1);
          }
          const got = Object.fromEntries(
            res.json.data.rows.map((r: { key: string; values: number[] }) => [r.key, r.values[0]]),
          );
          expect(got, `${zone} by ${granularity}`).toEqual(Object.fromEntries(want));
        }
        // A day in a filter is the same local day: what a clicked bar opens is what it counted.
        for (const day of ['2026-03-08', '2026-06-15', '2026-01-02', '2026-01-01']) {
          const res = await team.owner.request('POST', aggregateUrl(), {
            body: {
              schemaCode: table,
              measures: [{ aggregate: 'count' }],
              filter: { op: 'and', conditions: [{ field: at, operator: 'between', value: [day, day] }] },
            },
          });
          const want = moments.filter((m) => dayIn(zone, m) === day).length;
          expect(res.json.data.rows[0].values, `${zone} ${day}`).toEqual([want]);
        }
      }
    } finally {
      await setZone(team.owner, 'Asia/Shanghai');
    }
  });
});
