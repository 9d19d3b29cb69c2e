import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/** Kanban columns come from the values the grouping field holds, not from the cards loaded. */
let server: TestServer;
let team: TeamFixture;
let alice: { client: TestClient; memberId: string };
let bob: { client: TestClient; memberId: string };
let carol: { client: TestClient; memberId: string };
let base: string;
const f: Record<string, string> = {};
const all = ['manager', 'member'];

async function field(name: string, type: string, settings?: Record<string, unknown>): Promise<string> {
  const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

async function groups(client: TestClient, body: Record<string, unknown>) {
  return client.request('POST', `${base}/records/groups`, { body: { field: f.handler, ...body } });
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '看板团队');
  alice = await joinTeam(server, team, '艾丽');
  bob = await joinTeam(server, team, '鲍勃');
  carol = await joinTeam(server, team, '卡罗');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '工单' } })).json.data.code;
  const userId = (await alice.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role: 'member' } });
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '工单' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  f.name = await field('标题', 'text');
  f.region = await field('区域', 'text');
  f.handler = await field('处理人', 'member', { multiple: true });
  f.status = await field('状态', 'singleSelect', {
    options: [
      { id: 'open', label: '待处理', color: 'blue' },
      { id: 'done', label: '已完成', color: 'green' },
      { id: 'held', label: '搁置', color: 'gray' },
    ],
  });
  f.secret = await field('内部', 'singleSelect', { options: [{ id: 'x', label: '是', color: 'red' }] });
  // The oldest cards belong to Bob and Carol: a first page (newest first) never reaches them.
  const rows = [
    { handler: [bob.memberId, alice.memberId], status: 'done', region: '华东' },
    { handler: [carol.memberId], status: 'open', region: '华北' },
    ...Array.from({ length: 60 }, () => ({ handler: [team.memberId], status: 'open', region: '华东' })),
    { handler: [], status: 'open', region: '华东' },
  ];
  for (const r of rows) {
    const data = {
      [f.name as string]: 'x',
      [f.handler as string]: r.handler,
      [f.status as string]: r.status,
      [f.region as string]: r.region,
    };
    const res = await team.owner.request('POST', `${base}/records`, { body: { data } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
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
  expect((await team.owner.request('PUT', base, { body: { permissions } })).status).toBe(200);
});
afterAll(async () => server?.close());

describe('the values a grouping field holds', () => {
  it('lists every member who heads a card, however deep in the list', async () => {
    const page = await team.owner.request('POST', `${base}/records/query`, { body: { limit: 50 } });
    const onFirstPage = new Set(
      page.json.data.resultList.flatMap((r: { data: Record<string, string[]> }) => r.data[f.handler as string]),
    );
    expect(onFirstPage.has(bob.memberId)).toBe(false);
    const res = await groups(team.owner, {});
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toEqual({
      values: [bob.memberId, carol.memberId, team.memberId].sort(),
      capped: false,
    });
  });

  it("keeps to the member's row rule and the view's filter and search", async () => {
    expect((await groups(alice.client, {})).json.data.values).toEqual([bob.memberId, team.memberId].sort());
    const done = { op: 'and', conditions: [{ field: f.status, operator: 'eq', value: 'done' }] };
    expect((await groups(alice.client, { filter: done })).json.data.values).toEqual([bob.memberId]);
    expect((await groups(team.owner, { search: '没有这样的标题' })).json.data.values).toEqual([]);
    const statuses = await groups(team.owner, { field: f.status });
    expect(statuses.json.data.values).toEqual(['done', 'open']);
  });

  it('refuses fields that are hidden from the member or cannot group a board', async () => {
    expect((await groups(alice.client, { field: f.secret })).status).toBe(400);
    expect((await groups(team.owner, { field: f.name })).status).toBe(400);
    expect((await groups(team.owner, { field: 'nope' })).status).toBe(400);
  });
});
