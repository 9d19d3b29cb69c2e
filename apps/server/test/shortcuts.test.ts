import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Workbench shortcuts (issue 12; spec §3 dashboard nodes, §4 order, §5 rules, §6 permissions):
 * the creation tree, batch add, rename/recolour/re-icon, delete, reorder, the team owner's rights,
 * what a member may do with each target, a deleted app and isolation between teams.
 */
let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let outsider: { client: TestClient; memberId: string };
let other: TeamFixture;
let appCode: string;
const n: Record<string, string> = {};

interface TreeLeaf {
  code: string;
  type: string;
  tag: string;
  displayName: string;
  add: string;
  view: string;
  children?: TreeLeaf[];
}

async function userId(client: TestClient): Promise<string> {
  return (await client.request('GET', '/v1/user/information/basic')).json.data.id;
}

async function node(body: Record<string, unknown>, app = appCode): Promise<string> {
  const res = await team.owner.request('POST', `/v1/apps/${app}/nodes`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

async function list(client: TestClient) {
  const res = await client.request('GET', '/v1/dashboard/nodes');
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

/** The root's order: its `properties` are JSON text, as the spec shows them (§3). */
const layoutOf = (data: { root: { properties: string } }): string[] => JSON.parse(data.root.properties).layout;

async function add(client: TestClient, nodes: Record<string, unknown>[]) {
  return client.request('POST', '/v1/dashboard/nodes/batch', { body: { nodes } });
}

async function tree(): Promise<TreeLeaf[]> {
  const res = await team.owner.request('GET', '/v1/dashboard/nodes/tree');
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.find((a: { appCode: string }) => a.appCode === appCode).children;
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '快捷团队');
  member = await joinTeam(server, team, '成员甲');
  outsider = await joinTeam(server, team, '局外人');
  other = await createTeam(server, '别的团队', '别人');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '订单管理' } })).json.data.code;
  await team.owner.request('POST', '/v1/apps/role/add', {
    body: { appCode, userIds: [await userId(member.client)], role: 'member' },
  });
  n.group = await node({ type: 'Group', displayName: '销售' });
  n.orders = await node({ type: 'Schema', displayName: '订单', parentCode: n.group });
  n.customers = await node({ type: 'Schema', displayName: '客户' });
  n.sync = await node({ type: 'Schema', displayName: '同步表', tag: 'SyncSchema' });
  n.board = await node({ type: 'Dashboard', displayName: '销售看板' });
  n.module = await node({ type: 'UserModule', displayName: '自定义页面' });
  // Members may view and add orders, but only view customers.
  const rights = (add: string[]) => ({ add, view: ['manager', 'member'], edit: [], delete: [] });
  for (const [code, addRoles] of [
    [n.orders, ['manager', 'member']],
    [n.customers, []],
  ] as const) {
    const res = await team.owner.request('PUT', `/v1/apps/${appCode}/schemas/${code}`, {
      body: { permissions: rights([...addRoles]) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
});

afterAll(async () => {
  await server?.close();
});

describe('the creation tree', () => {
  it('lists apps → groups → tables with boxes; no UserModule, no add box for dashboards and sync tables', async () => {
    const children = await tree();
    const names = children.map((c) => c.displayName);
    expect(names).toEqual(['销售', '客户', '同步表', '销售看板']);
    const byName = (name: string) => children.find((c) => c.displayName === name) as TreeLeaf;
    expect(byName('销售')).toMatchObject({ type: 'Group', add: 'none', view: 'none' });
    expect(byName('销售').children?.map((c) => [c.displayName, c.add, c.view])).toEqual([['订单', 'open', 'open']]);
    expect(byName('同步表')).toMatchObject({ tag: 'SyncSchema', add: 'none', view: 'open' });
    expect(byName('销售看板')).toMatchObject({ type: 'Dashboard', add: 'none', view: 'open' });
  });

  it('shows a member the apps they see (for their private shortcuts), each app with its own box', async () => {
    const mine = await member.client.request('GET', '/v1/dashboard/nodes/tree');
    expect(mine.status).toBe(200);
    expect(mine.json.data.map((a: { appCode: string; box: string }) => [a.appCode, a.box])).toEqual([
      [appCode, 'open'],
    ]);
    // No role in the app: not even its name.
    const none = await outsider.client.request('GET', '/v1/dashboard/nodes/tree');
    expect(none.json.data).toEqual([]);
  });
});

describe('creating shortcuts', () => {
  it('needs at least one box: "没有选中具体数据！"', async () => {
    const res = await add(team.owner, []);
    expect(res.status).toBe(400);
    expect(res.json.errorMessage).toBe('没有选中具体数据！');
  });

  it('checks names: 2 to 32 characters ("请输入2到32个字符") and writes nothing on a failure', async () => {
    for (const displayName of ['新', ' 新 ', '新'.repeat(33)]) {
      const res = await add(team.owner, [
        { appCode, schemaCode: n.customers, type: 3 },
        { appCode, schemaCode: n.orders, type: 2, displayName },
      ]);
      expect(res.status).toBe(400);
      expect(res.json.fieldErrors).toEqual([{ field: 'displayName', message: '请输入2到32个字符' }]);
    }
    expect((await list(team.owner)).nodes).toEqual([]);
  });

  it('refuses quick add on a dashboard or a sync table, a UserModule and tables of other teams', async () => {
    for (const schemaCode of [n.board, n.sync]) {
      const res = await add(team.owner, [{ appCode, schemaCode, type: 2 }]);
      expect(res.status).toBe(400);
      expect(res.json.errorMessage).toBe('仪表盘和同步表不能快速新增');
    }
    const module = await add(team.owner, [{ appCode, schemaCode: n.module, type: 3 }]);
    expect(module.status).toBe(404);
    const foreign = await add(other.owner, [{ appCode, schemaCode: n.orders, type: 3 }]);
    expect(foreign.status).toBe(404);
    expect(foreign.json.errorMessage).toBe('应用不存在');
  });

  it('team shortcuts (public, locked) are for the team owner only', async () => {
    for (const mode of [1, 3]) {
      const res = await member.client.request('POST', '/v1/dashboard/nodes/batch', {
        body: { nodes: [{ appCode, schemaCode: n.orders, type: 2 }], mode },
      });
      expect(res.status).toBe(403);
      expect(res.json.errorMessage).toBe('只有团队所有者可以管理快捷方式');
    }
    expect((await list(team.owner)).nodes).toEqual([]);
    expect((await list(member.client)).nodes).toEqual([]);
  });

  it('adds quick add and quick view with the spec prefixes; the tree then shows "added" boxes', async () => {
    const res = await add(team.owner, [
      { appCode, schemaCode: n.orders, type: 2 },
      { appCode, schemaCode: n.customers, type: 3 },
      // The spec's JSON text (§3); the object form is accepted too (below).
      { appCode, schemaCode: n.board, type: 3, displayName: '看板', properties: '{"color":2,"icon":"rocket"}' },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { nodes, root, canManage } = res.json.data;
    expect(canManage).toBe(true);
    expect(nodes.map((x: { displayName: string }) => x.displayName)).toEqual(['新增-订单', '查看-客户', '看板']);
    expect(root).toMatchObject({
      type: 10,
      properties: JSON.stringify({ layout: nodes.map((x: { code: string }) => x.code) }),
    });
    // Spec §3: properties and frontExtraData are JSON text.
    expect(nodes[0]).toMatchObject({
      parentCode: root.code,
      reference: { appCode, schemaCode: n.orders },
      type: 2,
      mode: 1,
      frontExtraData: '{"type":"Schema","tag":"Normal"}',
    });
    expect(nodes[2]).toMatchObject({ type: 3, properties: '{"color":2,"icon":"rocket"}' });
    const children = await tree();
    const orders = children[0]?.children?.[0];
    expect([orders?.add, orders?.view]).toEqual(['added', 'open']);
    expect(children.find((c) => c.code === n.customers)).toMatchObject({ add: 'open', view: 'added' });
  });

  it('refuses a box already on the workbench: "已添加至工作台", nothing written', async () => {
    const before = (await list(team.owner)).nodes.length;
    const res = await add(team.owner, [
      { appCode, schemaCode: n.orders, type: 3 },
      { appCode, schemaCode: n.orders, type: 2 },
    ]);
    expect(res.status).toBe(409);
    expect(res.json.errorMessage).toBe('已添加至工作台');
    const twice = await add(team.owner, [
      { appCode, schemaCode: n.sync, type: 3 },
      { appCode, schemaCode: n.sync, type: 3 },
    ]);
    expect(twice.status).toBe(409);
    expect((await list(team.owner)).nodes.length).toBe(before);
  });
});

describe('what each member sees', () => {
  it('members see every shortcut with their rights on its target, and cannot manage', async () => {
    const data = await list(member.client);
    expect(data.canManage).toBe(false);
    expect(data.nodes.map((x: { displayName: string; reach: unknown }) => [x.displayName, x.reach])).toEqual([
      ['新增-订单', { app: true, add: true, view: true }],
      ['查看-客户', { app: true, add: false, view: true }],
      ['看板', { app: true, add: false, view: true }],
    ]);
    // A member without a role in the app has no right there ("无新增数据权限" / "无查看数据权限" on the web).
    const none = await list(outsider.client);
    expect(none.nodes.map((x: { reach: unknown }) => x.reach)).toEqual([
      { app: true, add: false, view: false },
      { app: true, add: false, view: false },
      { app: true, add: false, view: false },
    ]);
  });

  it('other teams see none of them and cannot touch them', async () => {
    expect((await list(other.owner)).nodes).toEqual([]);
    const code = (await list(team.owner)).nodes[0].code;
    const rename = await other.owner.request('PUT', `/v1/dashboard/nodes/${code}`, { body: { displayName: '偷改' } });
    expect(rename.status).toBe(404);
    const remove = await other.owner.request('DELETE', `/v1/dashboard/nodes/${code}`);
    expect(remove.status).toBe(404);
    expect((await list(team.owner)).nodes[0].displayName).toBe('新增-订单');
  });
});

describe('managing shortcuts', () => {
  it('the owner renames, recolours and re-icons; names keep the 2–32 rule', async () => {
    const code = (await list(team.owner)).nodes[1].code;
    const bad = await team.owner.request('PUT', `/v1/dashboard/nodes/${code}`, { body: { displayName: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual([{ field: 'displayName', message: '请输入2到32个字符' }]);
    const icon = await team.owner.request('PUT', `/v1/dashboard/nodes/${code}`, {
      body: { properties: { icon: 'javascript:alert(1)' } },
    });
    expect(icon.status).toBe(400);
    // The JSON text gets the object's rules: the icon list, the palette, nothing else, readable JSON.
    for (const [properties, field] of [
      ['{"icon":"javascript:alert(1)"}', 'icon'],
      ['{"color":99}', 'color'],
      ['{"color":1.5}', 'color'],
      ['{"color":1,"owner":"x"}', 'properties'],
      ['{color', 'properties'],
      ['[1]', 'properties'],
    ]) {
      const text = await team.owner.request('PUT', `/v1/dashboard/nodes/${code}`, { body: { properties } });
      expect(text.status, properties).toBe(400);
      expect(text.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    const res = await team.owner.request('PUT', `/v1/dashboard/nodes/${code}`, {
      body: { displayName: ' 客户列表 ', properties: { color: 4, icon: 'team' } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const changed = res.json.data.nodes.find((x: { code: string }) => x.code === code);
    expect(changed).toMatchObject({ displayName: '客户列表', properties: '{"color":4,"icon":"team"}' });
    const text = await team.owner.request('PUT', `/v1/dashboard/nodes/${code}`, {
      body: { properties: '{"icon":"rocket"}' },
    });
    expect(text.status, JSON.stringify(text.json)).toBe(200);
    expect(text.json.data.nodes.find((x: { code: string }) => x.code === code).properties).toBe(
      '{"color":4,"icon":"rocket"}',
    );
  });

  it('members cannot rename, delete or reorder', async () => {
    const data = await list(team.owner);
    const code = data.nodes[0].code;
    const rename = await member.client.request('PUT', `/v1/dashboard/nodes/${code}`, { body: { displayName: '改名' } });
    expect(rename.status).toBe(403);
    expect(rename.json.errorMessage).toBe('只有团队所有者可以管理快捷方式');
    expect((await member.client.request('DELETE', `/v1/dashboard/nodes/${code}`)).status).toBe(403);
    const layout = [...layoutOf(data)].reverse();
    const reorder = await member.client.request('PUT', '/v1/dashboard/nodes/layout', { body: { layout } });
    expect(reorder.status).toBe(403);
    expect(layoutOf(await list(team.owner))).toEqual(layoutOf(data));
  });

  it('reordering saves the root layout; it must name every shortcut exactly once', async () => {
    const data = await list(team.owner);
    const codes = layoutOf(data);
    for (const layout of [codes.slice(1), [...codes, codes[0]], [...codes.slice(1), 'dnothere']]) {
      const res = await team.owner.request('PUT', '/v1/dashboard/nodes/layout', { body: { layout } });
      expect(res.status).toBe(400);
      expect(res.json.errorMessage).toBe('排序需包含全部快捷方式且不能重复');
    }
    const layout = [codes[2], codes[0], codes[1]];
    const res = await team.owner.request('PUT', '/v1/dashboard/nodes/layout', { body: { layout } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.nodes.map((x: { code: string }) => x.code)).toEqual(layout);
    expect((await list(member.client)).nodes.map((x: { code: string }) => x.code)).toEqual(layout);
  });

  it('the owner deletes one; it leaves the layout and its box is free again', async () => {
    const data = await list(team.owner);
    const target = data.nodes.find((x: { type: number }) => x.type === 2);
    const res = await team.owner.request('DELETE', `/v1/dashboard/nodes/${target.code}`);
    expect(res.status).toBe(200);
    expect(layoutOf(res.json.data)).not.toContain(target.code);
    expect(res.json.data.nodes).toHaveLength(data.nodes.length - 1);
    expect((await team.owner.request('DELETE', `/v1/dashboard/nodes/${target.code}`)).status).toBe(404);
    const orders = (await tree())[0]?.children?.[0];
    expect(orders?.add).toBe('open');
  });
});

describe('a deleted app', () => {
  it('keeps its shortcuts, marked so the web says "应用不存在"; the tree leaves the app out', async () => {
    const gone = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '将删除' } })).json.data.code;
    const table = await node({ type: 'Schema', displayName: '记录' }, gone);
    const created = await add(team.owner, [{ appCode: gone, schemaCode: table, type: 3 }]);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect((await team.owner.request('DELETE', `/v1/apps/${gone}`)).status).toBe(200);
    const shortcut = (await list(member.client)).nodes.find(
      (x: { reference: { appCode: string } }) => x.reference.appCode === gone,
    );
    expect(shortcut.reach).toEqual({ app: false, add: false, view: false });
    const apps = (await team.owner.request('GET', '/v1/dashboard/nodes/tree')).json.data;
    expect(apps.map((a: { appCode: string }) => a.appCode)).not.toContain(gone);
  });
});

describe('input', () => {
  it('unknown properties and types are refused without a 500', async () => {
    const extra = await team.owner.request('POST', '/v1/dashboard/nodes/batch', {
      body: { nodes: [{ appCode, schemaCode: n.customers, type: 2, owner: 'x' }] },
    });
    expect(extra.status).toBe(400);
    const type = await add(team.owner, [{ appCode, schemaCode: n.customers, type: 10 }]);
    expect(type.status).toBe(400);
    const anonymous = await new TestClient(server.baseUrl).request('GET', '/v1/dashboard/nodes');
    expect(anonymous.status).toBe(401);
  });
});

describe('app shortcuts and modes', () => {
  it('an app shortcut (type 1) opens the app: its name, colour and icon; the tree boxes the app', async () => {
    const app = (await team.owner.request('GET', `/v1/apps/${appCode}`)).json.data;
    const res = await add(team.owner, [{ appCode, type: 1 }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const made = res.json.data.nodes.find((x: { type: number }) => x.type === 1);
    expect(made).toMatchObject({
      displayName: '订单管理',
      mode: 1,
      reference: { appCode, schemaCode: '' },
      properties: JSON.stringify({ color: app.color, icon: app.icon }),
      frontExtraData: '{"type":"App","tag":""}',
      canManage: true,
    });
    const apps = (await team.owner.request('GET', '/v1/dashboard/nodes/tree')).json.data;
    expect(apps.find((a: { appCode: string }) => a.appCode === appCode).box).toBe('added');
    expect((await add(team.owner, [{ appCode, type: 1 }])).status).toBe(409);
    // Reach: who may open the app.
    const seen = (client: TestClient) =>
      list(client).then((d) => d.nodes.find((x: { code: string }) => x.code === made.code)?.reach);
    expect(await seen(member.client)).toEqual({ app: true, add: false, view: true });
    expect(await seen(outsider.client)).toEqual({ app: true, add: false, view: false });
  });

  it('an app shortcut names no table, the others must', async () => {
    const app = await add(team.owner, [{ appCode, schemaCode: n.orders, type: 1 }]);
    expect(app.status).toBe(400);
    expect(app.json.fieldErrors?.[0]?.field).toBe('schemaCode');
    const table = await add(team.owner, [{ appCode, type: 3 }]);
    expect(table.status).toBe(400);
    expect(table.json.fieldErrors?.[0]?.field).toBe('schemaCode');
  });

  it('any member adds private shortcuts that only they see and manage', async () => {
    const ownerBefore = (await list(team.owner)).nodes.map((x: { code: string }) => x.code);
    // The team has a quick view of customers already: a private one of the same is the member's own.
    const res = await add(member.client, [
      { appCode, schemaCode: n.customers, type: 3 },
      { appCode, type: 1 },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const mine = res.json.data.nodes.filter((x: { mode: number }) => x.mode === 2);
    // (Added together: in no particular order between them.)
    expect(mine.map((x: { displayName: string; canManage: boolean }) => [x.displayName, x.canManage]).sort()).toEqual([
      ['查看-客户', true],
      ['订单管理', true],
    ]);
    // After the team's, which the member cannot manage.
    expect(res.json.data.nodes.slice(-2)).toEqual(mine);
    expect(res.json.data.nodes.slice(0, -2).every((x: { canManage: boolean }) => !x.canManage)).toBe(true);
    expect((await list(team.owner)).nodes.map((x: { code: string }) => x.code)).toEqual(ownerBefore);
    expect((await list(outsider.client)).nodes.some((x: { mode: number }) => x.mode === 2)).toBe(false);
    const boxes = (await member.client.request('GET', '/v1/dashboard/nodes/tree')).json.data[0];
    expect(boxes.box).toBe('added');
    expect((await add(member.client, [{ appCode, type: 1 }])).status).toBe(409);
    // The owner cannot see or touch it; the member renames and deletes it.
    const code = mine[0].code;
    expect(
      (await team.owner.request('PUT', `/v1/dashboard/nodes/${code}`, { body: { displayName: '偷改' } })).status,
    ).toBe(404);
    expect((await team.owner.request('DELETE', `/v1/dashboard/nodes/${code}`)).status).toBe(404);
    const lockMine = await member.client.request('PUT', `/v1/dashboard/nodes/${code}`, { body: { mode: 3 } });
    expect(lockMine.status).toBe(400);
    const renamed = await member.client.request('PUT', `/v1/dashboard/nodes/${code}`, {
      body: { displayName: '我的客户' },
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.data.nodes.find((x: { code: string }) => x.code === code).displayName).toBe('我的客户');
    const removed = await member.client.request('DELETE', `/v1/dashboard/nodes/${code}`);
    expect(removed.status).toBe(200);
    expect(removed.json.data.nodes.some((x: { code: string }) => x.code === code)).toBe(false);
    // A private shortcut to an app the member does not see is refused.
    const hidden = await add(outsider.client, [{ appCode, type: 1 }]);
    expect(hidden.status).toBe(404);
    expect(hidden.json.errorMessage).toBe('应用不存在');
  });

  it('a locked shortcut comes first for everyone and changes only once the team owner unlocks it', async () => {
    const data = await list(team.owner);
    const last = data.nodes.at(-1);
    const locked = await team.owner.request('PUT', `/v1/dashboard/nodes/${last.code}`, { body: { mode: 3 } });
    expect(locked.status, JSON.stringify(locked.json)).toBe(200);
    for (const client of [team.owner, member.client]) {
      const first = (await list(client)).nodes[0];
      expect(first).toMatchObject({ code: last.code, mode: 3, canManage: false });
    }
    const rename = await team.owner.request('PUT', `/v1/dashboard/nodes/${last.code}`, {
      body: { displayName: '改名' },
    });
    expect(rename.status).toBe(400);
    expect(rename.json.errorMessage).toBe('快捷方式已锁定，请先解锁');
    expect((await team.owner.request('DELETE', `/v1/dashboard/nodes/${last.code}`)).status).toBe(400);
    expect((await member.client.request('PUT', `/v1/dashboard/nodes/${last.code}`, { body: { mode: 1 } })).status).toBe(
      403,
    );
    const unlocked = await team.owner.request('PUT', `/v1/dashboard/nodes/${last.code}`, {
      body: { mode: 1, displayName: '解锁后' },
    });
    expect(unlocked.status, JSON.stringify(unlocked.json)).toBe(200);
    expect(unlocked.json.data.nodes.find((x: { code: string }) => x.code === last.code)).toMatchObject({
      mode: 1,
      displayName: '解锁后',
      canManage: true,
    });
    // Created locked straight away by the owner.
    const direct = await team.owner.request('POST', '/v1/dashboard/nodes/batch', {
      body: { nodes: [{ appCode, schemaCode: n.sync, type: 3 }], mode: 3 },
    });
    expect(direct.status, JSON.stringify(direct.json)).toBe(200);
    expect(direct.json.data.nodes[0]).toMatchObject({ displayName: '查看-同步表', mode: 3 });
  });
});
