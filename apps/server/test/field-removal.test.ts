import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/** Deleting a field that a row rule names: the designer is told, and the rule keeps its meaning. */
let server: TestServer;
let team: TeamFixture;
let bob: { client: TestClient; memberId: string };
let base: string;
let appCode: string;
let schemaCode: string;
const f: Record<string, string> = {};
const ids: Record<string, string> = {};
const all = ['manager', 'member'];

async function field(name: string, type: string): Promise<string> {
  const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

async function create(name: string, region?: string) {
  const data: Record<string, unknown> = { [f.name as string]: name };
  if (region) data[f.region as string] = region;
  const res = await team.owner.request('POST', `${base}/records`, { body: { data } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  ids[name] = res.json.data.id;
}

async function bobSees(body: Record<string, unknown> = {}): Promise<string[]> {
  const res = await bob.client.request('POST', `${base}/records/query`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList.map((r: { data: Record<string, string> }) => r.data[f.name as string]).sort();
}

async function bobCounts(): Promise<number> {
  const res = await bob.client.request('POST', `${base}/records/count`, { body: {} });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.count;
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '规则团队');
  bob = await joinTeam(server, team, '鲍勃');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '销售' } })).json.data.code;
  const userId = (await bob.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role: 'member' } });
  schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '订单' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  f.name = await field('名称', 'text');
  f.region = await field('区域', 'text');
  f.note = await field('备注', 'text');
  await create('东一', '华东');
  await create('东二', '华东');
  await create('北一', '华北');
  await create('无区域');
  const permissions = {
    add: all,
    view: all,
    edit: all,
    delete: all,
    rows: {
      member: {
        scope: 'filter',
        filter: { op: 'or', conditions: [{ field: f.region, operator: 'eq', value: '华东' }] },
      },
    },
  };
  expect((await team.owner.request('PUT', base, { body: { permissions } })).status).toBe(200);
});
afterAll(async () => server?.close());

describe('deleting a field a row rule names', () => {
  it('reports the rules and deletes nothing until the designer confirms', async () => {
    const asked = await team.owner.request('DELETE', `${base}/fields/${f.region}`);
    expect(asked.json).toEqual({ data: { removed: false, rowRules: ['member'], rowRuleNames: ['成员'] } });
    const schema = (await team.owner.request('GET', base)).json.data;
    expect(schema.fields.find((x: { code: string }) => x.code === f.region).deleted).toBe(false);

    // A field no rule names goes at once.
    expect((await team.owner.request('DELETE', `${base}/fields/${f.note}`)).json).toEqual({
      data: { removed: true, rowRules: [], rowRuleNames: [] },
    });
  });

  it('names every app role whose rule names the field, a "mine" rule’s member field too (issue 27)', async () => {
    const owner = await field('负责人', 'member');
    const role = async (name: string, rows: unknown) => {
      const key = (await team.owner.request('POST', `/v1/apps/${appCode}/roles`, { body: { name } })).json.data.key;
      const set = await team.owner.request('PUT', `/v1/apps/${appCode}/roles/${key}/tables/${schemaCode}`, {
        body: { rights: { actions: ['view'], fields: {}, newFields: 'editable', rows } },
      });
      expect(set.status, JSON.stringify(set.json)).toBe(200);
      return key as string;
    };
    const sales = await role('销售', {
      scope: 'filter',
      filter: { op: 'and', conditions: [{ op: 'or', conditions: [{ field: owner, operator: 'isMe' }] }] },
    });
    const own = await role('跟进人', { scope: 'mine', memberField: owner });
    await role('财务', { scope: 'all' });
    const asked = await team.owner.request('DELETE', `${base}/fields/${owner}`);
    expect(asked.json).toEqual({ data: { removed: false, rowRules: [sales, own], rowRuleNames: ['销售', '跟进人'] } });
    const confirmed = await team.owner.request('DELETE', `${base}/fields/${owner}?force=true`);
    expect(confirmed.json.data.removed).toBe(true);
  });

  it('keeps the role’s queries working and exactly as narrow after the deletion', async () => {
    const before = await bobSees();
    expect(before).toEqual(['东一', '东二']);
    const confirmed = await team.owner.request('DELETE', `${base}/fields/${f.region}?force=true`);
    expect(confirmed.json).toEqual({ data: { removed: true, rowRules: ['member'], rowRuleNames: ['成员'] } });

    expect(await bobSees()).toEqual(before);
    expect(await bobCounts()).toBe(2);
    expect(await bobSees({ search: '东', sorts: [{ field: f.name, direction: 'asc' }] })).toEqual(before);
    const outside = await bob.client.request('GET', `${base}/records/${ids.北一}`);
    expect(outside.status).toBe(403);
    const edit = await bob.client.request('PATCH', `${base}/records/${ids.无区域}`, {
      body: { version: 1, data: { [f.name as string]: '改' } },
    });
    expect(edit.status).toBe(403);

    // Records written after the deletion have no value in the kept column: the rule does not reach them.
    await create('新单');
    expect(await bobSees()).toEqual(before);
    expect(await bobCounts()).toBe(2);
  });

  it('saves the table’s permissions again with the rule as it was, and restoring the field changes nothing', async () => {
    const schema = (await team.owner.request('GET', base)).json.data;
    const again = await team.owner.request('PUT', base, { body: { permissions: schema.permissions } });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data.permissions.roles.member.rows).toEqual(schema.permissions.roles.member.rows);
    expect(await bobSees()).toEqual(['东一', '东二']);

    expect((await team.owner.request('POST', `${base}/fields/${f.region}/restore`)).status).toBe(200);
    expect(await bobSees()).toEqual(['东一', '东二']);
  });
});
