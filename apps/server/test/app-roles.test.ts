import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportView } from './export-helpers.js';
import { startPeer, startTestServer, type TestClient, type TestServer } from './harness.js';
import { bearer, createToken } from './open-api-helpers.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Issue 27: any number of app roles, granted to members, departments, team roles and everyone; a
 * member's rights on a table are the union of their roles' — on every path, and no more.
 *
 * 销售 (granted to Wang by name): views, adds, edits, deletes, exports and prints their own records;
 * 成本 and 工资 hidden. 财务 (granted to the 财务部 department with sub-departments, Wang's through
 * 结算组): views, exports and prints 华东's records; 备注 and 工资 hidden; no edit, no delete.
 * Wang holds both: sees his own records and 华东's, 成本 and 备注 but never 工资; edits and deletes
 * only his own.
 */
let server: TestServer;
let peer: { app: FastifyInstance; baseUrl: string };
let team: TeamFixture;
let wang: { client: TestClient; memberId: string };
let li: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let base: string;
let board: string;
let finance: string;
let settle: string;
let sales: string;
const f: Record<string, string> = {};
const ids: Record<string, string> = {};
const roles: Record<string, string> = {};

const ok = <T>(res: { status: number; json: { data: T } }) => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};
const rolesUrl = () => `/v1/apps/${appCode}/roles`;
const rights = (key: string, body: Record<string, unknown>) =>
  team.owner.request('PUT', `${rolesUrl()}/${key}/tables/${schemaCode}`, { body: { rights: body } });

async function list(client: TestClient) {
  const data = ok<{ resultList: { id: string; data: Record<string, unknown> }[] }>(
    await client.request('POST', `${base}/records/query`, { body: {} }),
  );
  return data.resultList;
}
const names = async (client: TestClient) => (await list(client)).map((r) => r.data[f.name as string]).sort();

async function setDepartments(memberId: string, departmentIds: string[]) {
  ok(await team.owner.request('PUT', '/v1/org/member/departments', { body: { memberId, departmentIds } }));
}

beforeAll(async () => {
  server = await startTestServer();
  peer = await startPeer(server);
  team = await createTeam(server, '角色团队');
  wang = await joinTeam(server, team, '小王');
  li = await joinTeam(server, team, '小李');
  appCode = ok<{ code: string }>(
    await team.owner.request('POST', '/v1/apps', { body: { displayName: '订单管理' } }),
  ).code;
  const node = async (type: string, displayName: string) =>
    ok<{ code: string }>(await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type, displayName } }))
      .code;
  schemaCode = await node('Schema', '订单');
  board = await node('Dashboard', '看板');
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const field = async (name: string, type: string) =>
    ok<{ code: string }>(await team.owner.request('POST', `${base}/fields`, { body: { name, type } })).code;
  f.name = await field('名称', 'text');
  f.region = await field('区域', 'text');
  f.cost = await field('成本', 'number');
  f.note = await field('备注', 'text');
  f.salary = await field('工资', 'number');

  const rootId = ok<{ objectId: string }>(await team.owner.request('GET', '/v1/org/department/root')).objectId;
  const dept = async (parentId: string, name: string) =>
    ok<{ objectId: string }>(await team.owner.request('POST', '/v1/org/department', { body: { parentId, name } }))
      .objectId;
  finance = await dept(rootId, '财务部');
  settle = await dept(finance, '结算组');
  sales = await dept(rootId, '销售部');
  await setDepartments(wang.memberId, [settle]);

  roles.sales = ok<{ key: string }>(await team.owner.request('POST', rolesUrl(), { body: { name: '销售' } })).key;
  roles.finance = ok<{ key: string }>(
    await team.owner.request('POST', rolesUrl(), { body: { name: '财务', description: '看华东的金额' } }),
  ).key;
  ok(
    await rights(roles.sales, {
      actions: ['view', 'add', 'edit', 'delete', 'export', 'print'],
      fields: { [f.cost as string]: 'hidden', [f.salary as string]: 'hidden' },
      newFields: 'editable',
      rows: { scope: 'mine' },
    }),
  );
  ok(
    await rights(roles.finance, {
      actions: ['view', 'export', 'print'],
      fields: { [f.note as string]: 'hidden', [f.salary as string]: 'hidden' },
      newFields: 'readonly',
      rows: {
        scope: 'filter',
        filter: { op: 'and', conditions: [{ field: f.region, operator: 'eq', value: '华东' }] },
      },
    }),
  );
  ok(
    await team.owner.request('PUT', `${rolesUrl()}/${roles.sales}/grants`, {
      body: { grants: [{ kind: 'member', target: wang.memberId }] },
    }),
  );
  ok(
    await team.owner.request('PUT', `${rolesUrl()}/${roles.finance}/grants`, {
      body: { grants: [{ kind: 'departmentTree', target: finance }] },
    }),
  );

  const create = async (client: TestClient, name: string, data: Record<string, unknown>) => {
    ids[name] = ok<{ id: string }>(
      await client.request('POST', `${base}/records`, { body: { data: { [f.name as string]: name, ...data } } }),
    ).id;
  };
  await create(team.owner, '华东单', {
    [f.region as string]: '华东',
    [f.cost as string]: 10,
    [f.note as string]: '备注甲',
    [f.salary as string]: 9100,
  });
  await create(team.owner, '华北单', {
    [f.region as string]: '华北',
    [f.cost as string]: 20,
    [f.salary as string]: 9200,
  });
  await create(wang.client, '小王的单', { [f.region as string]: '华北', [f.note as string]: '备注乙' });
});
afterAll(async () => {
  await peer?.app.close();
  await server?.close();
});

describe('a member in two roles gets the union of their rights, and no more', () => {
  it('lists: the rows of either role, the fields either shows, never one both hide', async () => {
    expect(await names(wang.client)).toEqual(['华东单', '小王的单']);
    const rows = await list(wang.client);
    const east = rows.find((r) => r.id === ids.华东单)?.data ?? {};
    expect(east[f.cost as string]).toBe(10);
    expect(east[f.note as string]).toBe('备注甲');
    for (const r of rows) expect(Object.keys(r.data)).not.toContain(f.salary);
    const access = ok<{ accessPermission: Record<string, boolean>; fieldAccess: Record<string, string> }>(
      await wang.client.request('GET', `${base}/permission`),
    );
    expect(access.accessPermission).toMatchObject({ view: true, add: true, edit: true, delete: true, import: false });
    expect(access.fieldAccess[f.salary as string]).toBe('hidden');
    // 成本 is seen through 财务 but may be written by no role of his: read-only.
    expect(access.fieldAccess[f.cost as string]).toBe('readonly');
  });

  it('reads, edits and deletes only what a role allowing that action reaches', async () => {
    expect((await wang.client.request('GET', `${base}/records/${ids.华东单}`)).status).toBe(200);
    expect((await wang.client.request('GET', `${base}/records/${ids.华北单}`)).status).toBe(403);
    const east = await wang.client.request('GET', `${base}/records/${ids.华东单}`);
    // 华东单 is reached through 财务 alone, which neither edits nor deletes.
    const edit = await wang.client.request('PATCH', `${base}/records/${ids.华东单}`, {
      body: { version: east.json.data.version, data: { [f.note as string]: '改' } },
    });
    expect(edit.status).toBe(403);
    expect((await wang.client.request('DELETE', `${base}/records/${ids.华东单}`)).status).toBe(403);
    const mine = await wang.client.request('GET', `${base}/records/${ids.小王的单}`);
    ok(
      await wang.client.request('PATCH', `${base}/records/${ids.小王的单}`, {
        body: { version: mine.json.data.version, data: { [f.note as string]: '备注丙' } },
      }),
    );
    // Filtering or sorting by a field both roles hide is refused.
    const bySalary = await wang.client.request('POST', `${base}/records/query`, {
      body: { filter: { op: 'and', conditions: [{ field: f.salary, operator: 'gt', value: 1 }] } },
    });
    expect(bySalary.status).toBe(400);
  });

  it('exports the same rows and columns', async () => {
    const exported = await exportView(wang.client, base, { format: 'csv' });
    if (!('file' in exported)) throw new Error(JSON.stringify(exported.json));
    const text = exported.file.bytes.toString('utf8');
    expect(text).toContain('华东单');
    expect(text).toContain('小王的单');
    expect(text).not.toContain('华北单');
    expect(text).toContain('成本');
    expect(text).not.toContain('工资');
    expect(text).not.toContain('9100');
  });

  it('prints within the union: hidden fields left out, other rows refused', async () => {
    const doc = ok<unknown>(
      await wang.client.request('POST', `${base}/print/document`, { body: { ids: [ids.华东单, ids.小王的单] } }),
    );
    const text = JSON.stringify(doc);
    expect(text).toContain('华东单');
    expect(text).not.toContain('9100');
    expect(text).not.toContain('工资');
    const refused = await wang.client.request('POST', `${base}/print/document`, { body: { ids: [ids.华北单] } });
    expect([403, 404]).toContain(refused.status);
  });

  it('dashboards count the union and refuse a field both roles hide', async () => {
    const url = `/v1/apps/${appCode}/dashboards/${board}/aggregate`;
    const counted = ok<{ rows: { values: number[] }[] }>(
      await wang.client.request('POST', url, { body: { schemaCode, measures: [{ aggregate: 'count' }] } }),
    );
    expect(counted.rows[0]?.values[0]).toBe(2);
    const summed = ok<{ rows: { values: number[] }[] }>(
      await wang.client.request('POST', url, { body: { schemaCode, measures: [{ aggregate: 'sum', field: f.cost }] } }),
    );
    // 成本 of the rows he reaches: 华东单's 10 (小王的单 has none).
    expect(summed.rows[0]?.values[0]).toBe(10);
    const salary = await wang.client.request('POST', url, {
      body: { schemaCode, measures: [{ aggregate: 'sum', field: f.salary }] },
    });
    // "No permission" instead of figures.
    expect(ok<{ state: string; rows: unknown[] }>(salary)).toMatchObject({ state: 'noPermission', rows: [] });
  });

  it('the open API answers the same union', async () => {
    const { token } = await createToken(wang.client, { appCodes: [appCode], readOnly: true });
    const anon = wang.client.on(server.baseUrl);
    const res = await anon.request('GET', `/open/v1/apps/${appCode}/tables/${schemaCode}/records`, {
      headers: bearer(token),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const text = JSON.stringify(res.json.data);
    expect(text).toContain('华东单');
    expect(text).toContain('小王的单');
    expect(text).not.toContain('华北单');
    expect(text).not.toContain('9100');
  });
});

describe('grants', () => {
  it('a department grant follows a membership change at once, in this process and another', async () => {
    const here = wang.client;
    const there = wang.client.on(peer.baseUrl);
    expect(await names(here)).toEqual(['华东单', '小王的单']);
    expect(await names(there)).toEqual(['华东单', '小王的单']);
    await setDepartments(wang.memberId, [sales]);
    expect(await names(here)).toEqual(['小王的单']);
    expect(await names(there)).toEqual(['小王的单']);
    const rows = await list(there);
    expect(Object.keys(rows[0]?.data ?? {})).not.toContain(f.cost);
    await setDepartments(wang.memberId, [settle]);
    expect(await names(there)).toEqual(['华东单', '小王的单']);
    expect(await names(here)).toEqual(['华东单', '小王的单']);
  });

  it('a member holding no role does not see the app; everyone and team-role grants reach them', async () => {
    const apps = async (client: TestClient) =>
      ok<{ code: string }[]>(await client.request('GET', '/v1/apps')).map((a) => a.code);
    expect(await apps(li.client)).not.toContain(appCode);
    expect((await li.client.request('POST', `${base}/records/query`, { body: {} })).status).toBe(404);
    ok(
      await team.owner.request('PUT', `${rolesUrl()}/${roles.finance}/grants`, {
        body: {
          grants: [
            { kind: 'departmentTree', target: finance },
            { kind: 'everyone', target: '' },
          ],
        },
      }),
    );
    expect(await apps(li.client)).toContain(appCode);
    expect(await names(li.client)).toEqual(['华东单']);
    ok(
      await team.owner.request('PUT', `${rolesUrl()}/${roles.finance}/grants`, {
        body: { grants: [{ kind: 'departmentTree', target: finance }] },
      }),
    );
    expect(await apps(li.client)).not.toContain(appCode);
  });

  it('copies a role with its rights and visibility, and deletes one with its grants and rules', async () => {
    const copy = ok<{ key: string; name: string; grants: unknown[] }>(
      await team.owner.request('POST', `${rolesUrl()}/${roles.finance}/copy`, { body: { name: '财务副本' } }),
    );
    expect(copy.grants).toEqual([]);
    const matrix = async () =>
      ok<{ roles: { key: string }[]; tables: { schemaCode: string; rights: Record<string, unknown> }[] }>(
        await team.owner.request('GET', `${rolesUrl()}/matrix`),
      );
    const table = (await matrix()).tables.find((t) => t.schemaCode === schemaCode);
    expect(table?.rights[copy.key]).toEqual(table?.rights[roles.finance as string]);
    const taken = await team.owner.request('POST', `${rolesUrl()}/${roles.finance}/copy`, { body: { name: '财务' } });
    expect(taken.status).toBe(400);
    ok(await team.owner.request('DELETE', `${rolesUrl()}/${copy.key}`));
    const after = await matrix();
    expect(after.roles.map((r) => r.key)).not.toContain(copy.key);
    expect(Object.keys(after.tables.find((t) => t.schemaCode === schemaCode)?.rights ?? {})).not.toContain(copy.key);
    // 管理员 is fixed.
    expect((await team.owner.request('DELETE', `${rolesUrl()}/manager`)).status).toBe(400);
  });

  it('refuses grantees of another team, and roles beyond the limit', async () => {
    const other = await createTeam(server, '别的团队');
    const otherMember = ok<{ memberId: string }>(await other.owner.request('GET', '/v1/org/member/info')).memberId;
    const res = await team.owner.request('PUT', `${rolesUrl()}/${roles.sales}/grants`, {
      body: { grants: [{ kind: 'member', target: otherMember }] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('grants.0.target');
    const matrix = ok<{ roles: { key: string }[] }>(await team.owner.request('GET', `${rolesUrl()}/matrix`));
    for (let i = matrix.roles.length; i < 50; i++)
      ok(await team.owner.request('POST', rolesUrl(), { body: { name: `角色${i}` } }));
    const over = await team.owner.request('POST', rolesUrl(), { body: { name: '第五十一个' } });
    expect(over.status).toBe(409);
    // A member cannot manage roles.
    expect((await wang.client.request('GET', `${rolesUrl()}/matrix`)).status).toBe(403);
  });
});
