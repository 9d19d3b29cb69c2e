import { RecordAction } from '@canopy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportView } from './export-helpers.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * The permission matrix of a data table: app role × table action, field rules (hidden, read-only)
 * and row rules (all, mine, my departments, filter), on every path that reaches records.
 */
let server: TestServer;
let team: TeamFixture;
let manager: { client: TestClient; memberId: string };
let alice: { client: TestClient; memberId: string };
let bob: { client: TestClient; memberId: string };
let carol: { client: TestClient; memberId: string };
let appCode: string;
let base: string;
const f: Record<string, string> = {};
const ids: Record<string, string> = {};

type Rules = Record<string, unknown>;
const FULL = {
  add: ['manager', 'member'],
  view: ['manager', 'member'],
  edit: ['manager', 'member'],
  delete: ['manager', 'member'],
};

async function setPermissions(permissions: Rules) {
  const res = await team.owner.request('PUT', base, { body: { permissions } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}

async function titles(client: TestClient, body: Record<string, unknown> = {}): Promise<string[]> {
  const res = await client.request('POST', `${base}/records/query`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList.map((r: { data: Record<string, string> }) => r.data[f.name as string]).sort();
}

async function userId(client: TestClient): Promise<string> {
  return (await client.request('GET', '/v1/user/information/basic')).json.data.id;
}

async function create(client: TestClient, name: string, extra: Record<string, unknown> = {}) {
  const res = await client.request('POST', `${base}/records`, {
    body: { data: { [f.name as string]: name, ...extra } },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  ids[name] = res.json.data.id;
  return res.json.data;
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '权限团队');
  manager = await joinTeam(server, team, '主管');
  alice = await joinTeam(server, team, '艾丽');
  bob = await joinTeam(server, team, '鲍勃');
  carol = await joinTeam(server, team, '卡罗');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '订单管理' } })).json.data.code;
  await team.owner.request('POST', '/v1/apps/role/add', {
    body: { appCode, userIds: [await userId(manager.client)], role: 'manager' },
  });
  await team.owner.request('POST', '/v1/apps/role/add', {
    body: {
      appCode,
      userIds: [await userId(alice.client), await userId(bob.client), await userId(carol.client)],
      role: 'member',
    },
  });
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '订单' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const field = async (name: string, type: string, extra: Record<string, unknown> = {}) =>
    (await team.owner.request('POST', `${base}/fields`, { body: { name, type, ...extra } })).json.data.code as string;
  f.name = await field('名称', 'text');
  f.region = await field('区域', 'text');
  f.cost = await field('成本', 'number');
  f.secret = await field('内部备注', 'text');
  f.status = await field('状态', 'singleSelect', {
    settings: {
      options: [
        { id: 'open', label: '进行中', color: 'blue' },
        { id: 'done', label: '已完成', color: 'green' },
      ],
    },
  });
  await setPermissions(FULL);

  // Alice and Carol share the sales department; Bob is elsewhere.
  const rootId = (await team.owner.request('GET', '/v1/org/department/root')).json.data.objectId;
  const sales = (await team.owner.request('POST', '/v1/org/department', { body: { parentId: rootId, name: '销售部' } }))
    .json.data;
  for (const m of [alice, carol]) {
    const res = await team.owner.request('PUT', '/v1/org/member/departments', {
      body: { memberId: m.memberId, departmentIds: [sales.objectId] },
    });
    expect(res.status).toBe(200);
  }
  await create(team.owner, '负责人的单', { [f.region as string]: '华东', [f.cost as string]: 10 });
  await create(alice.client, '艾丽一', { [f.region as string]: '华东', [f.cost as string]: 20 });
  await create(alice.client, '艾丽二', { [f.region as string]: '华南', [f.status as string]: 'open' });
  await create(bob.client, '鲍勃一', { [f.region as string]: '华北' });
  await create(carol.client, '卡罗一', { [f.region as string]: '华东' });
});
afterAll(async () => server?.close());

describe('table actions per app role', () => {
  it('grants each action to exactly the roles named, and the owner always', async () => {
    for (const action of RecordAction) {
      for (const roles of [[], ['manager'], ['member'], ['manager', 'member']]) {
        await setPermissions({ ...FULL, [action]: roles });
        for (const [client, role] of [
          [manager.client, 'manager'],
          [alice.client, 'member'],
          [team.owner, 'owner'],
        ] as const) {
          const access = (await client.request('GET', `${base}/permission`)).json.data.accessPermission;
          const expected = role === 'owner' || (roles as string[]).includes(role);
          expect(access[action], `${action} ${JSON.stringify(roles)} ${role}`).toBe(expected);
        }
      }
    }
    await setPermissions(FULL);
  });

  it('refuses each write the role lacks, in the service, with the action’s message', async () => {
    await setPermissions({ ...FULL, add: ['manager'], edit: ['manager'], delete: ['manager'], view: ['manager'] });
    const add = await alice.client.request('POST', `${base}/records`, { body: { data: { [f.name as string]: 'x' } } });
    expect([add.status, add.json.errorMessage]).toEqual([403, '无新增数据权限']);
    const view = await alice.client.request('POST', `${base}/records/query`, { body: {} });
    expect([view.status, view.json.errorMessage]).toEqual([403, '无查看数据权限']);
    const count = await alice.client.request('POST', `${base}/records/count`, { body: {} });
    expect(count.status).toBe(403);
    const edit = await alice.client.request('PATCH', `${base}/records/${ids.艾丽一}`, {
      body: { version: 1, data: { [f.region as string]: '西北' } },
    });
    expect([edit.status, edit.json.errorMessage]).toEqual([403, '无编辑数据权限']);
    const del = await alice.client.request('DELETE', `${base}/records/${ids.艾丽一}?version=1`);
    expect([del.status, del.json.errorMessage]).toEqual([403, '无删除数据权限']);
    const batch = await alice.client.request('POST', `${base}/records/batch`, {
      body: { delete: [{ id: ids.艾丽一, version: 1 }] },
    });
    expect(batch.status).toBe(403);
    expect((await manager.client.request('GET', `${base}/records/${ids.艾丽一}`)).status).toBe(200);
    await setPermissions(FULL);
  });
});

describe('field rules', () => {
  beforeAll(async () => {
    await setPermissions({
      ...FULL,
      fields: { [f.cost as string]: { member: 'hidden' }, [f.status as string]: { member: 'readonly' } },
    });
  });

  it('hides a field from the role everywhere it reads, and not from other roles', async () => {
    const access = (await alice.client.request('GET', `${base}/permission`)).json.data;
    expect(access.fieldAccess).toEqual({ [f.cost as string]: 'hidden', [f.status as string]: 'readonly' });
    const list = (await alice.client.request('POST', `${base}/records/query`, { body: {} })).json.data.resultList;
    expect(list.length).toBe(5);
    for (const r of list) expect(Object.keys(r.data)).not.toContain(f.cost);
    const one = (await alice.client.request('GET', `${base}/records/${ids.艾丽一}`)).json.data;
    expect(one.data).not.toHaveProperty(f.cost as string);
    expect(one.data[f.region as string]).toBe('华东');
    const seenByManager = (await manager.client.request('GET', `${base}/records/${ids.艾丽一}`)).json.data;
    expect(seenByManager.data[f.cost as string]).toBe(20);
    // Neither a filter nor a sort on the hidden field may probe its values.
    const probe = await alice.client.request('POST', `${base}/records/query`, {
      body: { filter: { op: 'and', conditions: [{ field: f.cost, operator: 'gt', value: 15 }] } },
    });
    expect(probe.status).toBe(400);
    const sort = await alice.client.request('POST', `${base}/records/query`, {
      body: { sorts: [{ field: f.cost, direction: 'desc' }] },
    });
    expect(sort.status).toBe(400);
    // The change history leaves the hidden field out too.
    const history = (await alice.client.request('GET', `${base}/records/${ids.艾丽一}/history`)).json.data;
    expect(history[0].changes.map((c: { field: string }) => c.field)).not.toContain(f.cost);
  });

  it('keeps quick search off hidden fields', async () => {
    await setPermissions({ ...FULL, fields: { [f.secret as string]: { member: 'hidden' } } });
    await team.owner.request('PATCH', `${base}/records/${ids.鲍勃一}`, {
      body: { version: 1, data: { [f.secret as string]: '暗号蓝鲸' } },
    });
    expect(await titles(alice.client, { search: '蓝鲸' })).toEqual([]);
    expect(await titles(manager.client, { search: '蓝鲸' })).toEqual(['鲍勃一']);
    await setPermissions({
      ...FULL,
      fields: { [f.cost as string]: { member: 'hidden' }, [f.status as string]: { member: 'readonly' } },
    });
  });

  it('refuses writing a hidden or a changed read-only field, and accepts an unchanged one', async () => {
    const hidden = await alice.client.request('POST', `${base}/records`, {
      body: { data: { [f.name as string]: '偷偷写', [f.cost as string]: 1 } },
    });
    expect(hidden.status).toBe(400);
    expect(hidden.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([f.cost]);
    const current = (await alice.client.request('GET', `${base}/records/${ids.艾丽二}`)).json.data;
    const locked = await alice.client.request('PATCH', `${base}/records/${ids.艾丽二}`, {
      body: { version: current.version, data: { [f.status as string]: 'done' } },
    });
    expect(locked.status).toBe(400);
    expect(locked.json.fieldErrors).toEqual([{ field: f.status, message: '状态为只读字段，不能修改' }]);
    const same = await alice.client.request('PATCH', `${base}/records/${ids.艾丽二}`, {
      body: { version: current.version, data: { [f.status as string]: 'open', [f.region as string]: '华南区' } },
    });
    expect(same.status, JSON.stringify(same.json)).toBe(200);
    const byManager = await manager.client.request('PATCH', `${base}/records/${ids.艾丽二}`, {
      body: { version: same.json.data.version, data: { [f.status as string]: 'done', [f.cost as string]: 5 } },
    });
    expect(byManager.status).toBe(200);
    expect((await team.owner.request('GET', `${base}/records/${ids.艾丽二}`)).json.data.data[f.cost as string]).toBe(5);
  });

  it('refuses rules naming fields the table does not have', async () => {
    const res = await team.owner.request('PUT', base, {
      body: { permissions: { ...FULL, fields: { nope: { member: 'hidden' } } } },
    });
    expect(res.status).toBe(400);
  });
});

describe('row rules', () => {
  afterAll(async () => setPermissions(FULL));

  it('mine: lists, counts, reads, updates and deletes reach only the member’s own records', async () => {
    await setPermissions({ ...FULL, rows: { member: { scope: 'mine' } } });
    expect((await alice.client.request('GET', `${base}/permission`)).json.data.rowScope).toBe('mine');
    expect(await titles(alice.client)).toEqual(['艾丽一', '艾丽二'].sort());
    expect((await alice.client.request('POST', `${base}/records/count`, { body: {} })).json.data).toEqual({
      count: 2,
      capped: false,
    });
    expect(await titles(bob.client)).toEqual(['鲍勃一']);
    expect((await titles(manager.client)).length).toBe(5);
    const read = await alice.client.request('GET', `${base}/records/${ids.鲍勃一}`);
    expect([read.status, read.json.errorMessage]).toEqual([403, '无查看数据权限']);
    const bobs = (await team.owner.request('GET', `${base}/records/${ids.鲍勃一}`)).json.data;
    const edit = await alice.client.request('PATCH', `${base}/records/${ids.鲍勃一}`, {
      body: { version: bobs.version, data: { [f.region as string]: '改' } },
    });
    expect([edit.status, edit.json.errorMessage]).toEqual([403, '无编辑数据权限']);
    const del = await alice.client.request('DELETE', `${base}/records/${ids.鲍勃一}`);
    expect([del.status, del.json.errorMessage]).toEqual([403, '无删除数据权限']);
    const batch = await alice.client.request('POST', `${base}/records/batch`, {
      body: { delete: [{ id: ids.鲍勃一, version: bobs.version }] },
    });
    expect(batch.status).toBe(403);
    expect((await team.owner.request('GET', `${base}/records/${ids.鲍勃一}`)).json.data.version).toBe(bobs.version);
    expect((await alice.client.request('GET', `${base}/records/${ids.鲍勃一}/history`)).status).toBe(403);
  });

  it('my departments: records created by anyone sharing a department with the member', async () => {
    await setPermissions({ ...FULL, rows: { member: { scope: 'myDepartments' } } });
    expect(await titles(alice.client)).toEqual(['卡罗一', '艾丽一', '艾丽二'].sort());
    expect(await titles(carol.client)).toEqual(['卡罗一', '艾丽一', '艾丽二'].sort());
    // Everyone starts in the root department, where Bob still is, with the owner.
    expect(await titles(bob.client)).toEqual(['负责人的单', '鲍勃一'].sort());
  });

  it('"in my department" on a member field means anyone sharing a department with the asker', async () => {
    await setPermissions(FULL);
    const handler = (await team.owner.request('POST', `${base}/fields`, { body: { name: '经办人', type: 'member' } }))
      .json.data.code as string;
    const set = async (name: string, memberId: string) => {
      const current = (await team.owner.request('GET', `${base}/records/${ids[name]}`)).json.data;
      const res = await team.owner.request('PATCH', `${base}/records/${ids[name]}`, {
        body: { version: current.version, data: { [handler]: [memberId] } },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    };
    await set('负责人的单', carol.memberId);
    await set('鲍勃一', bob.memberId);
    const mine = { filter: { op: 'and', conditions: [{ field: handler, operator: 'isMine' }] } };
    expect(await titles(alice.client, mine)).toEqual(['负责人的单']);
    expect(await titles(bob.client, mine)).toEqual(['鲍勃一']);
  });

  it('filter: records matching the designer’s filter, combined with the member’s own filter', async () => {
    await setPermissions({
      ...FULL,
      rows: {
        member: {
          scope: 'filter',
          filter: { op: 'and', conditions: [{ field: f.region, operator: 'eq', value: '华东' }] },
        },
      },
    });
    expect(await titles(bob.client)).toEqual(['卡罗一', '负责人的单', '艾丽一'].sort());
    expect(
      await titles(bob.client, {
        filter: { op: 'and', conditions: [{ field: 'createdBy', operator: 'isMe' }] },
      }),
    ).toEqual([]);
    expect(
      (await bob.client.request('POST', `${base}/records/count`, { body: { search: '艾丽' } })).json.data.count,
    ).toBe(1);
    const bad = await team.owner.request('PUT', base, {
      body: { permissions: { ...FULL, rows: { member: { scope: 'filter' } } } },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps a deleted record’s history from members under a narrower rule', async () => {
    await setPermissions({ ...FULL, rows: { member: { scope: 'mine' } } });
    const gone = await create(team.owner, '已删除的单');
    expect((await team.owner.request('DELETE', `${base}/records/${gone.id}`)).status).toBe(200);
    expect((await alice.client.request('GET', `${base}/records/${gone.id}/history`)).status).toBe(404);
    const seen = await manager.client.request('GET', `${base}/records/${gone.id}/history`);
    expect(seen.json.data.map((h: { action: string }) => h.action)).toEqual(['create', 'delete']);
  });

  it('never leaks a record through a relation or a lookup', async () => {
    await setPermissions({
      ...FULL,
      rows: { member: { scope: 'mine' } },
      fields: { [f.cost as string]: { member: 'hidden' } },
    });
    const follow = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '跟进' } })
    ).json.data.code;
    const fBase = `/v1/apps/${appCode}/schemas/${follow}`;
    const field = async (name: string, type: string, settings: Record<string, unknown> = {}) =>
      (await team.owner.request('POST', `${fBase}/fields`, { body: { name, type, settings } })).json.data
        .code as string;
    const topic = await field('主题', 'text');
    const orders = await field('订单', 'relation', { schemaCode: base.split('/').pop(), multiple: true });
    const names = await field('订单名称', 'lookup', { relationFieldCode: orders, targetFieldCode: f.name });
    const costs = await field('订单成本', 'lookup', { relationFieldCode: orders, targetFieldCode: f.cost });
    await team.owner.request('PUT', fBase, { body: { permissions: FULL } });
    const rec = (
      await team.owner.request('POST', `${fBase}/records`, {
        body: { data: { [topic]: '季度回顾', [orders]: [ids.艾丽一, ids.鲍勃一] } },
      })
    ).json.data;
    expect(rec.data[names]).toEqual(['艾丽一', '鲍勃一']);
    const seen = (await alice.client.request('GET', `${fBase}/records/${rec.id}`)).json.data;
    expect(seen.data[names]).toEqual(['艾丽一']);
    expect(seen.data[costs]).toBeNull();
    const listed = (await alice.client.request('POST', `${fBase}/records/query`, { body: {} })).json.data.resultList;
    expect(listed[0].data[names]).toEqual(['艾丽一']);
    // The related record itself, opened from the link, is out of reach too.
    expect((await alice.client.request('GET', `${base}/records/${ids.鲍勃一}`)).status).toBe(403);
  });
});

describe('derived fields', () => {
  afterAll(async () => setPermissions(FULL));
  it('hides a formula or lookup reading a hidden field, directly or through another, everywhere', async () => {
    const field = async (name: string, type: string, settings: Record<string, unknown>) => {
      const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data.code as string;
    };
    const current = (await team.owner.request('GET', `${base}/records/${ids.艾丽一}`)).json.data;
    await team.owner.request('PATCH', `${base}/records/${ids.艾丽一}`, {
      body: { version: current.version, data: { [f.secret as string]: '暗号蓝鲸甲乙丙丁戊' } },
    });
    const summary = await field('备注摘要', 'formula', { expression: 'LEFT({内部备注}, 9)' });
    const chained = await field('摘要再引', 'formula', { expression: 'CONCATENATE({备注摘要}, "!")' });
    const plain = await field('名称长度', 'formula', { expression: 'LEN({名称})' });
    const link = await field('关联单', 'relation', { schemaCode: base.split('/').pop(), multiple: true });
    const linked = await field('关联名称', 'lookup', { relationFieldCode: link, targetFieldCode: f.name });
    await setPermissions({
      ...FULL,
      export: ['manager', 'member'],
      // A derived field's own "read-only" does not open what it reads.
      fields: {
        [f.secret as string]: { member: 'hidden' },
        [link]: { member: 'hidden' },
        [chained]: { member: 'readonly' },
      },
    });
    const seenByManager = (await manager.client.request('GET', `${base}/records/${ids.艾丽一}`)).json.data;
    expect(seenByManager.data[summary]).toBe('暗号蓝鲸甲乙丙丁戊');

    const access = (await alice.client.request('GET', `${base}/permission`)).json.data.fieldAccess;
    for (const code of [summary, chained, linked]) expect(access[code], code).toBe('hidden');
    expect(access[plain]).toBeUndefined();
    const list = (await alice.client.request('POST', `${base}/records/query`, { body: {} })).json;
    const one = (await alice.client.request('GET', `${base}/records/${ids.艾丽一}`)).json.data;
    expect(one.data[plain]).toBe(3);
    for (const seen of [list, one]) {
      expect(JSON.stringify(seen)).not.toContain('暗号');
      for (const code of [summary, chained, linked]) expect(JSON.stringify(seen)).not.toContain(code);
    }
    // Neither a filter nor a sort on it may probe the hidden value.
    const probe = await alice.client.request('POST', `${base}/records/query`, {
      body: { filter: { op: 'and', conditions: [{ field: summary, operator: 'startsWith', value: '暗号' }] } },
    });
    expect([probe.status, probe.json.errorMessage]).toEqual([400, expect.stringContaining(summary)]);
    const sort = await alice.client.request('POST', `${base}/records/query`, {
      body: { sorts: [{ field: chained, direction: 'asc' }] },
    });
    expect(sort.status).toBe(400);
    const count = await alice.client.request('POST', `${base}/records/count`, {
      body: { filter: { op: 'and', conditions: [{ field: summary, operator: 'notEmpty' }] } },
    });
    expect(count.status).toBe(400);
    // Nor may a personal view save one.
    const view = await alice.client.request('POST', `${base}/views`, {
      body: {
        name: '我的',
        kind: 'grid',
        personal: true,
        config: { columns: [], sorts: [{ field: summary, direction: 'asc' }], rowHeight: 'short', pageSize: 50 },
      },
    });
    expect(view.status).toBe(400);
    // The export leaves them out.
    const exported = await exportView(alice.client, base, { format: 'csv' });
    if (!('file' in exported)) throw new Error(JSON.stringify(exported));
    const text = exported.file.bytes.toString('utf8');
    expect(text).toContain('名称长度');
    for (const name of ['备注摘要', '摘要再引', '关联名称', '暗号']) expect(text).not.toContain(name);
  });
});

describe('saved views naming hidden fields', () => {
  afterAll(async () => setPermissions(FULL));
  const grid = (extra: Record<string, unknown>) => ({
    columns: [],
    sorts: [],
    rowHeight: 'short',
    pageSize: 50,
    ...extra,
  });
  const csvNames = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);

  it('drops a public view’s filter and sorts on a field hidden from the member, in the grid, the export and the view list (issue 30)', async () => {
    await setPermissions({
      ...FULL,
      export: ['manager', 'member'],
      fields: { [f.cost as string]: { member: 'hidden' } },
    });
    const view = await team.owner.request('POST', `${base}/views`, {
      body: {
        name: '高成本',
        kind: 'grid',
        config: grid({
          filter: { op: 'and', conditions: [{ field: f.cost, operator: 'gte', value: 10 }] },
          sorts: [{ field: f.cost, direction: 'asc' }],
        }),
      },
    });
    expect(view.status, JSON.stringify(view.json)).toBe(200);
    const code = view.json.data.code;
    // The designer, who sees the field, gets the view's rows in the view's order.
    expect(await titlesInOrder(team.owner, { view: code })).toEqual(['负责人的单', '艾丽一']);
    // The member gets the rows as if the view named no hidden field: neither the threshold nor the order.
    const expected = await titlesInOrder(alice.client, {});
    expect(expected.length).toBeGreaterThan(2);

    const res = await alice.client.request('POST', `${base}/records/query`, { body: { view: code } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.resultList.map((r: { data: Record<string, string> }) => r.data[f.name as string])).toEqual(
      expected,
    );
    expect(JSON.stringify(res.json)).not.toContain(f.cost as string);
    const count = await alice.client.request('POST', `${base}/records/count`, { body: { view: code } });
    expect(count.json.data.count).toBe(expected.length);
    // Nor does the view list show the member the threshold or the sort; the designer's still does.
    const listed = (await alice.client.request('GET', `${base}/views`)).json.data.find(
      (v: { code: string }) => v.code === code,
    );
    expect(listed.config.filter).toBeUndefined();
    expect(listed.config.sorts).toEqual([]);
    expect(JSON.stringify(listed)).not.toContain(f.cost as string);
    const designed = (await team.owner.request('GET', `${base}/views`)).json.data.find(
      (v: { code: string }) => v.code === code,
    );
    expect(designed.config.sorts).toEqual([{ field: f.cost, direction: 'asc' }]);
    // The member's own conditions still apply; on the hidden field they are still refused.
    expect(await titlesInOrder(alice.client, { view: code, search: '艾丽一' })).toEqual(['艾丽一']);
    const probe = await alice.client.request('POST', `${base}/records/query`, {
      body: { view: code, filter: { op: 'and', conditions: [{ field: f.cost, operator: 'gt', value: 15 }] } },
    });
    expect(probe.status).toBe(400);

    // A condition or sort on a field deleted since is left out (as the web app leaves it out).
    const temp = (await team.owner.request('POST', `${base}/fields`, { body: { name: '临时', type: 'text' } })).json
      .data.code as string;
    const old = await team.owner.request('POST', `${base}/views`, {
      body: {
        name: '旧视图',
        kind: 'grid',
        config: grid({
          filter: { op: 'and', conditions: [{ field: temp, operator: 'notEmpty' }] },
          sorts: [{ field: temp, direction: 'asc' }],
        }),
      },
    });
    expect(await titlesInOrder(alice.client, { view: old.json.data.code })).toEqual([]);
    expect((await team.owner.request('DELETE', `${base}/fields/${temp}`)).status).toBe(200);
    expect((await titlesInOrder(alice.client, { view: old.json.data.code })).length).toBeGreaterThan(2);

    // The export of the view: the same rows, in the view's order, without the hidden column.
    const exported = await exportView(alice.client, base, { format: 'csv', view: code });
    if (!('file' in exported)) throw new Error(JSON.stringify(exported));
    const text = exported.file.bytes.toString('utf8');
    expect(text).not.toContain('成本');
    expect(csvNames(text)).toEqual(expected);
  });

  it('tells the designer saving a public view which fields members of a role will not get in it (issue 30)', async () => {
    await setPermissions({
      ...FULL,
      fields: {
        [f.cost as string]: { member: 'hidden' },
        [f.secret as string]: { manager: 'hidden', member: 'hidden' },
      },
    });
    const config = grid({
      filter: {
        op: 'and',
        conditions: [
          { field: f.region, operator: 'eq', value: '华东' },
          { op: 'or', conditions: [{ field: f.cost, operator: 'gte', value: 10 }] },
        ],
      },
      sorts: [
        { field: f.secret, direction: 'asc' },
        { field: f.cost, direction: 'desc' },
      ],
    });
    const made = await team.owner.request('POST', `${base}/views`, { body: { name: '提醒', kind: 'grid', config } });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.data.withheld).toEqual([
      { field: f.cost, name: '成本', roles: ['member'], roleNames: ['成员'], uses: ['filter', 'sort'] },
      {
        field: f.secret,
        name: '内部备注',
        roles: ['manager', 'member'],
        roleNames: ['管理员', '成员'],
        uses: ['sort'],
      },
    ]);
    expect(made.json.data.config).toEqual(config);
    const code = made.json.data.code;
    // Without the hidden fields the save warns of nothing.
    const plain = await team.owner.request('PUT', `${base}/views/${code}`, {
      body: { name: '提醒', kind: 'grid', config: grid({ sorts: [{ field: f.region, direction: 'asc' }] }) },
    });
    expect(plain.json.data.withheld).toEqual([]);
    // A role that may not open the table is no concern; nor is a personal view (its owner's alone).
    await setPermissions({ ...FULL, view: ['manager'], fields: { [f.cost as string]: { member: 'hidden' } } });
    const again = await team.owner.request('PUT', `${base}/views/${code}`, {
      body: { name: '提醒', kind: 'grid', config },
    });
    expect(again.json.data.withheld).toEqual([]);
    const personal = await team.owner.request('POST', `${base}/views`, {
      body: { name: '我的提醒', kind: 'grid', personal: true, config },
    });
    expect(personal.json.data.withheld).toEqual([]);
  });

  it('a kanban grouped by a field hidden from the member reaches them without its grouping (issue 30)', async () => {
    await setPermissions({ ...FULL, fields: { [f.status as string]: { member: 'hidden' } } });
    const made = await team.owner.request('POST', `${base}/views`, {
      body: { name: '按状态', kind: 'kanban', config: grid({ groupBy: f.status }) },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.data.withheld).toEqual([
      { field: f.status, name: '状态', roles: ['member'], roleNames: ['成员'], uses: ['groupBy'] },
    ]);
    const code = made.json.data.code;
    const listed = async (client: TestClient) =>
      (await client.request('GET', `${base}/views`)).json.data.find((v: { code: string }) => v.code === code);
    // The member's copy of the board has no grouping field (the web app says so); nothing names the field.
    const mine = await listed(alice.client);
    expect(mine.kind).toBe('kanban');
    expect(mine.config.groupBy).toBeUndefined();
    expect(JSON.stringify(mine)).not.toContain(f.status as string);
    // Asking for the board's columns by the hidden field is refused; the manager's board keeps them.
    const columns = await alice.client.request('POST', `${base}/records/groups`, {
      body: { field: f.status, view: code },
    });
    expect(columns.status).toBe(400);
    expect((await listed(manager.client)).config.groupBy).toBe(f.status);
    const managed = await manager.client.request('POST', `${base}/records/groups`, {
      body: { field: f.status, view: code },
    });
    expect(managed.status, JSON.stringify(managed.json)).toBe(200);
    expect(managed.json.data.values.length).toBeGreaterThan(0);
  });

  it('answers a clear error before the export starts for a personal view naming a field hidden since', async () => {
    await setPermissions({ ...FULL, export: ['manager', 'member'] });
    const view = await alice.client.request('POST', `${base}/views`, {
      body: {
        name: '按成本',
        kind: 'grid',
        personal: true,
        config: grid({ sorts: [{ field: f.cost, direction: 'desc' }] }),
      },
    });
    expect(view.status, JSON.stringify(view.json)).toBe(200);
    const code = view.json.data.code;
    await setPermissions({
      ...FULL,
      export: ['manager', 'member'],
      fields: { [f.cost as string]: { member: 'hidden' } },
    });
    const message = '该视图按你无权查看的字段筛选或排序，请改用其他视图或修改视图的筛选和排序';
    const refused = await exportView(alice.client, base, { format: 'csv', view: code });
    expect(refused.status).toBe(400);
    expect('json' in refused && refused.json.errorMessage).toBe(message);
    const query = await alice.client.request('POST', `${base}/records/query`, { body: { view: code } });
    expect([query.status, query.json.errorMessage]).toEqual([400, message]);
    // Someone else's personal view, or none at all, is not found.
    expect((await bob.client.request('POST', `${base}/records/query`, { body: { view: code } })).status).toBe(404);
    expect((await alice.client.request('POST', `${base}/records/query`, { body: { view: 'vnope' } })).status).toBe(404);
  });
});

async function titlesInOrder(client: TestClient, body: Record<string, unknown>): Promise<string[]> {
  const res = await client.request('POST', `${base}/records/query`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList.map((r: { data: Record<string, string> }) => r.data[f.name as string]);
}
