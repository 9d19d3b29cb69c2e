import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import {
  actOk,
  approveNode,
  type FlowWorld,
  flowWorld,
  members,
  newTable,
  type Person,
  publish,
  startFlow,
  startNode,
  type Table,
} from './workflow-helpers.js';

/**
 * Issue 29: dashboards group by a record's flow — 流程状态 and 当前节点 — in charts and pivots, and
 * count the approvals themselves: by approver, node or day, with the time each waited at its node;
 * always within the viewer's row rule, and "no permission" where a widget reads a hidden field.
 */
let server: TestServer;
let w: FlowWorld;
let t: Table;
let board: string;

type Row = { key: string | null; label: string; values: (number | null)[] };

const figures = async (who: Person, query: Record<string, unknown>) => {
  const res = await who.client.request('POST', `/v1/apps/${w.appCode}/dashboards/${board}/aggregate`, {
    body: { schemaCode: t.schemaCode, ...query },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { state: string; rows: Row[] };
};
/** Groups as key → first value, sorted by key (null as ''). */
const byKey = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.key ?? '', r.values[0]]));

beforeAll(async () => {
  server = await startTestServer();
  w = await flowWorld(server);
  t = await newTable(w);
  const owner = w.team.owner;
  const all = ['manager', 'member'];
  // Members see only what they started; the internal note is hidden from them.
  const put = await owner.request('PUT', t.base, {
    body: {
      permissions: {
        add: all,
        view: all,
        edit: all,
        delete: all,
        fields: { [t.f.secret]: { member: 'hidden' } },
        rows: { member: { scope: 'mine' } },
      },
    },
  });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  await publish(w, t, [startNode('a'), approveNode('a', members(w.dave), {}, 'b'), approveNode('b', members(w.carol))]);
  // Finished: approved at a by 戴夫 and at b by 卡罗.
  const done = await startFlow(w, t, w.alice, { [t.f.title]: '已完成', [t.f.amount]: 100 });
  await actOk(w.dave, done.instance.instanceId, 'approval');
  await actOk(w.carol, done.instance.instanceId, 'approval');
  // Waiting at b, approved at a by 戴夫.
  const atB = await startFlow(w, t, w.bob, { [t.f.title]: '待审批b', [t.f.amount]: 200 });
  await actOk(w.dave, atB.instance.instanceId, 'approval');
  // Waiting at a.
  await startFlow(w, t, w.alice, { [t.f.title]: '待审批a', [t.f.amount]: 300 });
  // Never submitted.
  const plain = await owner.request('POST', `${t.base}/records`, { body: { data: { [t.f.title]: '草稿外' } } });
  expect(plain.status, JSON.stringify(plain.json)).toBe(200);
  const node = await owner.request('POST', `/v1/apps/${w.appCode}/nodes`, {
    body: { type: 'Dashboard', displayName: '审批看板' },
  });
  expect(node.status, JSON.stringify(node.json)).toBe(200);
  board = node.json.data.code;
  // Seven members sign up and three flows run: more than the default minute on a busy machine.
}, 180_000);
afterAll(async () => server?.close());

describe('dashboards over flows', () => {
  it('groups records by 流程状态 and 当前节点', async () => {
    const count = [{ aggregate: 'count' }];
    const state = await figures(w.owner, { dimension: { field: 'flowState' }, measures: count });
    expect(byKey(state.rows)).toEqual({ '2': 2, '4': 1, '': 1 });
    const node = await figures(w.owner, {
      dimension: { field: 'flowNode' },
      measures: [{ aggregate: 'count' }, { aggregate: 'sum', field: t.f.amount }],
    });
    expect(byKey(node.rows)).toEqual({ 审批a: 1, 审批b: 1, '': 2 });
    expect(node.rows.find((r) => r.key === '审批b')).toMatchObject({ label: '审批b', values: [1, 200] });
  });

  it('crosses 流程状态 with 当前节点 in a pivot', async () => {
    const res = await w.owner.client.request('POST', `/v1/apps/${w.appCode}/dashboards/${board}/pivot`, {
      body: {
        schemaCode: t.schemaCode,
        pivot: { rows: [{ field: 'flowState' }], columns: [{ field: 'flowNode' }] },
        measures: [{ aggregate: 'sum', field: t.f.amount }],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const cells = res.json.data.cells as { r: (string | null)[]; c: (string | null)[]; values: number[] }[];
    const cell = (r: string | null, c: string | null) =>
      cells.find((x) => x.r.length === 1 && x.c.length === 1 && x.r[0] === r && x.c[0] === c)?.values[0];
    expect(cell('2', '审批a')).toBe(300);
    expect(cell('2', '审批b')).toBe(200);
    expect(cell('4', null)).toBe(100);
    expect(cells.find((x) => x.r.length === 0 && x.c.length === 0)?.values[0]).toBe(600);
  });

  it('counts approvals by approver and node, with the time each waited', async () => {
    const byApprover = await figures(w.owner, {
      source: 'approvals',
      dimension: { field: 'approver' },
      measures: [
        { aggregate: 'count' },
        { aggregate: 'avg', field: 'duration' },
        { aggregate: 'max', field: 'duration' },
      ],
    });
    expect(byApprover.rows.map((r) => [r.key, r.label, r.values[0]])).toEqual([
      [w.dave.memberId, '戴夫', 2],
      [w.carol.memberId, '卡罗', 1],
    ]);
    for (const r of byApprover.rows) {
      const [, avg, max] = r.values as number[];
      expect(avg).toBeGreaterThanOrEqual(0);
      expect(max).toBeGreaterThanOrEqual(avg as number);
    }
    const byNode = await figures(w.owner, {
      source: 'approvals',
      dimension: { field: 'node' },
      measures: [{ aggregate: 'count' }],
    });
    expect(byNode.rows.map((r) => [r.label, r.values[0]])).toEqual([
      ['审批a', 2],
      ['审批b', 1],
    ]);
    const total = await figures(w.owner, {
      source: 'approvals',
      measures: [{ aggregate: 'count' }, { aggregate: 'distinct', field: 'approver' }],
    });
    expect(total.rows[0]?.values).toEqual([3, 2]);
    const byDay = await figures(w.owner, {
      source: 'approvals',
      dimension: { field: 'finishedAt', granularity: 'year' },
      measures: [{ aggregate: 'count' }],
    });
    expect(byDay.rows.map((r) => r.values[0])).toEqual([3]);
    expect(byDay.rows[0]?.key).toMatch(/^\d{4}$/);
  });

  it("keeps to the viewer's row rule, and answers no permission for a hidden field", async () => {
    // 艾丽 sees only the two records she started: one finished, one waiting at a (not approved yet).
    const state = await figures(w.alice, { dimension: { field: 'flowState' }, measures: [{ aggregate: 'count' }] });
    expect(byKey(state.rows)).toEqual({ '2': 1, '4': 1 });
    const approvals = await figures(w.alice, {
      source: 'approvals',
      dimension: { field: 'approver' },
      measures: [{ aggregate: 'count' }],
    });
    expect(approvals.rows.map((r) => [r.label, r.values[0]]).sort()).toEqual([
      ['卡罗', 1],
      ['戴夫', 1],
    ]);
    const hidden = await figures(w.alice, {
      source: 'approvals',
      measures: [{ aggregate: 'count' }],
      filter: { op: 'and', conditions: [{ field: t.f.secret, operator: 'notEmpty' }] },
    });
    expect(hidden).toEqual({ state: 'noPermission', rows: [], rest: null });
  });

  it('saves approval widgets and refuses what they cannot show, naming the widget', async () => {
    const place = { x: 0, y: 0, w: 6, h: 4 };
    const url = `/v1/apps/${w.appCode}/dashboards/${board}`;
    const widget = (query: Record<string, unknown>, kind = 'bar') => ({
      id: 'w1',
      kind,
      title: '审批',
      query: { schemaCode: t.schemaCode, ...query },
      place,
    });
    const saved = await w.team.owner.request('PUT', url, {
      body: {
        widgets: [
          widget({
            source: 'approvals',
            dimension: { field: 'node' },
            measures: [{ aggregate: 'avg', field: 'duration' }],
          }),
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    for (const bad of [
      widget({ source: 'approvals', dimension: { field: t.f.title }, measures: [{ aggregate: 'count' }] }),
      widget({ source: 'approvals', measures: [{ aggregate: 'sum', field: t.f.amount }] }),
      widget({ dimension: { field: 'approver' }, measures: [{ aggregate: 'count' }] }),
      widget(
        {
          source: 'approvals',
          pivot: { rows: [{ field: 'node' }], columns: [{ field: 'approver' }] },
          measures: [{ aggregate: 'count' }],
        },
        'pivot',
      ),
    ]) {
      const res = await w.team.owner.request('PUT', url, { body: { widgets: [bad] } });
      expect(res.status, JSON.stringify(bad.query)).toBe(400);
      expect(res.json.fieldErrors?.[0]?.field).toBe('widgets[0].query');
    }
    // Nothing of the refused saves was kept.
    const kept = await w.team.owner.request('GET', url);
    expect(kept.json.data.widgets.map((x: { query: { source?: string } }) => x.query.source)).toEqual(['approvals']);
  });
});
