import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

let server: TestServer;
let team: TeamFixture;
let manager: { client: TestClient; memberId: string; userId: string };
let member: { client: TestClient; memberId: string; userId: string };
let outsider: { client: TestClient; memberId: string; userId: string };
let other: TeamFixture;

async function userIdOf(client: TestClient): Promise<string> {
  return (await client.request('GET', '/v1/user/information/basic')).json.data.id;
}

async function createApp(client: TestClient, displayName: string): Promise<string> {
  const res = await client.request('POST', '/v1/apps', { body: { displayName } });
  expect(res.status).toBe(200);
  return res.json.data.code;
}

async function auditActions(appCode: string): Promise<string[]> {
  const rows = await server.database.handle.db
    .selectFrom('audit_log')
    .select('action')
    .where('target_id', '=', appCode)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '应用团队', '应用主人');
  const m1 = await joinTeam(server, team, '经理');
  const m2 = await joinTeam(server, team, '成员');
  const m3 = await joinTeam(server, team, '旁观者');
  manager = { ...m1, userId: await userIdOf(m1.client) };
  member = { ...m2, userId: await userIdOf(m2.client) };
  outsider = { ...m3, userId: await userIdOf(m3.client) };
  other = await createTeam(server, '别的团队');
});
afterAll(async () => server?.close());

describe('creating and listing', () => {
  it('creates a blank app owned by its creator, and refuses empty or long names', async () => {
    const res = await member.client.request('POST', '/v1/apps', {
      body: { displayName: ' 客户管理 ', color: 2, icon: 'team' },
    });
    expect(res.json.data).toMatchObject({
      displayName: '客户管理',
      color: 2,
      icon: 'team',
      displayMode: 'list',
      roleName: 'owner',
      ownerName: '成员',
    });
    expect(res.json.data.code).toMatch(/^a[0-9a-f]{12}$/);
    const empty = await member.client.request('POST', '/v1/apps', { body: { displayName: '  ' } });
    expect(empty.json.fieldErrors).toEqual([{ field: 'displayName', message: '请输入应用名称' }]);
    const long = await member.client.request('POST', '/v1/apps', { body: { displayName: '长'.repeat(31) } });
    expect(long.json.fieldErrors).toEqual([{ field: 'displayName', message: '应用名称不能超过30个字符' }]);
  });

  it('lists only apps the member has a role in; team owners see every app', async () => {
    const code = await createApp(member.client, '仅成员可见');
    const own = (await member.client.request('GET', '/v1/apps')).json.data.map((a: { code: string }) => a.code);
    expect(own).toContain(code);
    expect(
      (await outsider.client.request('GET', '/v1/apps')).json.data.map((a: { code: string }) => a.code),
    ).not.toContain(code);
    expect((await team.owner.request('GET', '/v1/apps')).json.data.map((a: { code: string }) => a.code)).toContain(
      code,
    );
    expect((await other.owner.request('GET', `/v1/apps/${code}`)).status).toBe(404);
  });

  it('keeps the saved order with starred apps first, across devices', async () => {
    const a = await createApp(team.owner, '甲');
    const b = await createApp(team.owner, '乙');
    const c = await createApp(team.owner, '丙');
    const save = await team.owner.request('PUT', '/v1/apps/preference/mine', {
      body: { appSorts: [c, a, b], collectedApps: [b] },
    });
    expect(save.json).toEqual({ data: true });
    const list = (await team.owner.request('GET', '/v1/apps')).json.data.filter((x: { code: string }) =>
      [a, b, c].includes(x.code),
    );
    expect(list.map((x: { code: string }) => x.code)).toEqual([b, c, a]);
    expect(list.map((x: { isStoreUp: boolean }) => x.isStoreUp)).toEqual([true, false, false]);
    expect((await team.owner.request('GET', '/v1/apps/preference/mine')).json.data).toEqual({
      appSorts: [b, c, a],
      collectedApps: [b],
    });
  });
});

describe('settings and introduction', () => {
  it('lets the owner and managers edit; members get 无编辑权限 and nothing changes', async () => {
    const code = await createApp(team.owner, '审批中心');
    await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [manager.userId], role: 'manager' },
    });
    await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [member.userId], role: 'member' },
    });
    expect((await manager.client.request('PUT', `/v1/apps/${code}`, { body: { color: 3 } })).json.data.color).toBe(3);
    const denied = await member.client.request('PUT', `/v1/apps/${code}`, { body: { displayName: '改名' } });
    expect(denied.status).toBe(403);
    expect(denied.json.errorMessage).toBe('无编辑权限');
    expect((await member.client.request('GET', `/v1/apps/${code}`)).json.data.displayName).toBe('审批中心');
    expect((await member.client.request('GET', `/v1/apps/${code}/permission`)).json.data).toEqual({
      isAppOwner: false,
      roleName: 'member',
      app: { edit: false },
      adminMode: false,
    });
  });

  it('sanitizes the introduction and enforces not-empty and 2000 characters', async () => {
    const code = await createApp(team.owner, '介绍测试');
    const dirty =
      '<p onclick="x()">欢迎<script>alert(1)</script><a href="javascript:alert(1)">坏链接</a><a href="https://example.com">好链接</a></p><img src=x onerror=alert(1)>';
    const res = await team.owner.request('PUT', `/v1/apps/${code}/description`, { body: { description: dirty } });
    expect(res.status).toBe(200);
    const html = res.json.data.description;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">好链接</a>');
    const empty = await team.owner.request('PUT', `/v1/apps/${code}/description`, {
      body: { description: '<p>  </p><script>x</script>' },
    });
    expect(empty.json.fieldErrors).toEqual([{ field: 'description', message: '请输入应用介绍！' }]);
    const long = await team.owner.request('PUT', `/v1/apps/${code}/description`, {
      body: { description: `<p>${'字'.repeat(2001)}</p>` },
    });
    expect(long.json.fieldErrors).toEqual([{ field: 'description', message: '输入内容超过最大限制！' }]);
    const exact = await team.owner.request('PUT', `/v1/apps/${code}/description`, {
      body: { description: `<p><b>${'字'.repeat(2000)}</b></p>` },
    });
    expect(exact.status).toBe(200);
  });
});

describe('roles, transfer and exit', () => {
  it('transfers: the new owner owns, the former owner becomes manager, with an audit entry', async () => {
    const code = await createApp(team.owner, '转交应用');
    const res = await team.owner.request('PUT', '/v1/apps/owner', {
      body: { appCode: code, originalOwnerId: await userIdOf(team.owner), newOwnerId: member.userId },
    });
    expect(res.json).toEqual({ data: true });
    const roles = (await member.client.request('GET', `/v1/apps/${code}/roles`)).json.data;
    expect(Object.fromEntries(roles.map((r: { userName: string; role: string }) => [r.userName, r.role]))).toEqual({
      应用主人: 'manager',
      成员: 'owner',
    });
    expect(await auditActions(code)).toEqual(['app.create', 'app.transfer']);
  });

  it('lets a manager add members but not managers, and never touches the owner', async () => {
    const code = await createApp(team.owner, '角色应用');
    await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [manager.userId], role: 'manager' },
    });
    expect(
      (
        await manager.client.request('POST', '/v1/apps/role/add', {
          body: { appCode: code, userIds: [member.userId], role: 'member' },
        })
      ).status,
    ).toBe(200);
    const appoint = await manager.client.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [outsider.userId], role: 'manager' },
    });
    expect(appoint.status).toBe(403);
    const removeOwner = await manager.client.request('POST', '/v1/apps/role/remove', {
      body: { appCode: code, userIds: [await userIdOf(team.owner)] },
    });
    expect(removeOwner.status).toBe(400);
    const foreign = await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [await userIdOf(other.owner)], role: 'member' },
    });
    expect(foreign.json.fieldErrors).toEqual([{ field: 'userIds', message: '所选用户不是团队成员' }]);
    expect(
      (
        await member.client.request('POST', '/v1/apps/role/remove', {
          body: { appCode: code, userIds: [member.userId] },
        })
      ).status,
    ).toBe(403);
    expect(await auditActions(code)).toEqual(['app.create', 'app.role.add', 'app.role.add']);
  });

  it('lets members exit, but the owner only after transferring', async () => {
    const code = await createApp(team.owner, '退出应用');
    await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [member.userId], role: 'member' },
    });
    const ownerExit = await team.owner.request('POST', `/v1/apps/${code}/exit`);
    expect(ownerExit.status).toBe(400);
    expect(ownerExit.json.errorMessage).toBe('您是应用所有者，请先转交应用再退出');
    expect((await member.client.request('POST', `/v1/apps/${code}/exit`)).json).toEqual({ data: true });
    expect(
      (await member.client.request('GET', '/v1/apps')).json.data.map((a: { code: string }) => a.code),
    ).not.toContain(code);
  });
});

describe('recycle bin and access check', () => {
  it('moves a deleted app to the recycle bin, emits app.deleted, restores it and purges it', async () => {
    const code = await createApp(member.client, '回收应用');
    expect((await manager.client.request('DELETE', `/v1/apps/${code}`)).status).toBe(404);
    expect((await member.client.request('DELETE', `/v1/apps/${code}`)).json).toEqual({ data: true });
    expect((await member.client.request('GET', `/v1/apps/${code}/access-check`)).json.data).toEqual({
      okFlag: false,
      nextPageUrl: '/appNotFound',
    });
    expect((await member.client.request('GET', `/v1/apps/${code}`)).json.errorMessage).toBe('应用不存在');
    const bin = (await member.client.request('GET', '/v1/apps/recycle/list')).json.data;
    expect(bin.map((a: { code: string }) => a.code)).toContain(code);
    const events = await server.database.handle.db
      .selectFrom('outbox_events')
      .selectAll()
      .where('type', '=', 'app.deleted')
      .execute();
    expect(events.map((e) => JSON.parse(e.payload).appCode)).toContain(code);

    expect((await member.client.request('POST', `/v1/apps/${code}/restore`)).json.data.code).toBe(code);
    expect((await member.client.request('GET', `/v1/apps/${code}/access-check`)).json.data).toEqual({
      okFlag: true,
      nextPageUrl: '',
    });
    await member.client.request('DELETE', `/v1/apps/${code}`);
    expect((await member.client.request('DELETE', `/v1/apps/${code}/purge`)).json).toEqual({ data: true });
    expect(
      (await member.client.request('GET', '/v1/apps/recycle/list')).json.data.map((a: { code: string }) => a.code),
    ).not.toContain(code);
    expect(await auditActions(code)).toEqual(['app.create', 'app.delete', 'app.restore', 'app.delete', 'app.purge']);
    // Its roles and their grants go with it (issue 27; no foreign key ties them to the app).
    for (const table of ['app_roles', 'app_role_grants'] as const) {
      const left = await server.database.handle.db
        .selectFrom(table)
        .select('role_key')
        .where('app_code', '=', code)
        .execute();
      expect(left, table).toEqual([]);
    }
  });

  it('honours admin mode only for team owners and admins', async () => {
    const code = await createApp(member.client, '管理模式');
    const plain = await team.owner.request('PUT', `/v1/apps/${code}`, { body: { color: 5 } });
    expect(plain.status).toBe(403);
    const admin = await team.owner.request('PUT', `/v1/apps/${code}`, {
      body: { color: 5 },
      headers: { 'x-corp-admin': '1' },
    });
    expect(admin.json.data.color).toBe(5);
    const forged = await outsider.client.request('PUT', `/v1/apps/${code}`, {
      body: { color: 6 },
      headers: { 'x-corp-admin': '1' },
    });
    expect(forged.status).toBe(404);
  });
});

describe('menu tree', () => {
  it('adds groups and items, keeps order, moves items into groups and refuses nesting groups', async () => {
    const code = await createApp(team.owner, '菜单应用');
    const add = async (body: Record<string, string>) =>
      (await team.owner.request('POST', `/v1/apps/${code}/nodes`, { body })).json.data;
    const group = await add({ type: 'Group', displayName: '基础数据' });
    const orders = await add({ type: 'Schema', displayName: '订单', tag: 'Normal' });
    const board = await add({ type: 'Dashboard', displayName: '销售看板' });
    const nested = await team.owner.request('POST', `/v1/apps/${code}/nodes`, {
      body: { type: 'Group', displayName: '子分组', parentCode: group.code },
    });
    expect(nested.json.errorMessage).toBe('分组只能放在第一层，且只能包含表单、报表或自定义页面');
    const moved = (
      await team.owner.request('PUT', `/v1/apps/${code}/nodes/${orders.code}`, {
        body: { parentCode: group.code, index: 0 },
      })
    ).json.data;
    // The answer is the spec's tree: the group holds the table it received.
    expect(
      moved.find((n: { code: string }) => n.code === group.code).children.map((n: { code: string }) => n.code),
    ).toEqual([orders.code]);
    await team.owner.request('PUT', `/v1/apps/${code}/nodes/${board.code}`, { body: { index: 0 } });
    const top = (await member.client.request('GET', `/v1/apps/${code}/nodes`)).status;
    expect(top).toBe(404);
    const tree = (await team.owner.request('GET', `/v1/apps/${code}/nodes`)).json.data;
    const leaf = { appCode: code, hidden: false, url: '', children: [] };
    expect(tree).toEqual([
      { ...leaf, code: board.code, type: 'Dashboard', tag: '', displayName: '销售看板' },
      {
        ...leaf,
        code: group.code,
        type: 'Group',
        tag: '',
        displayName: '基础数据',
        children: [{ ...leaf, code: orders.code, type: 'Schema', tag: 'Normal', displayName: '订单' }],
      },
    ]);
    expect((await team.owner.request('DELETE', `/v1/apps/${code}/nodes/${group.code}`)).json.errorMessage).toBe(
      '分组中还有内容，请先移出或删除',
    );
    const app = (await team.owner.request('GET', `/v1/apps/${code}`)).json.data;
    expect(app.schemas).toEqual([{ code: orders.code, displayName: '订单', tag: 'Normal' }]);
  });
});

describe('custom menu', () => {
  type Node = { code: string; displayName: string; hidden: boolean; url: string; type: string; children: Node[] };
  const outline = (tree: Node[]): unknown[] =>
    tree.map((n) => [n.displayName, n.hidden, n.url, ...(n.children.length ? [outline(n.children)] : [])]);

  it('renames, hides, reorders and adds links for members; editors still see hidden items', async () => {
    const code = await createApp(team.owner, '定制菜单');
    const add = async (body: Record<string, string>) =>
      (await team.owner.request('POST', `/v1/apps/${code}/nodes`, { body })).json.data as Node;
    const group = await add({ type: 'Group', displayName: '业务' });
    const orders = await add({ type: 'Schema', displayName: '订单', parentCode: group.code });
    const secret = await add({ type: 'Schema', displayName: '成本', parentCode: group.code });
    const board = await add({ type: 'Dashboard', displayName: '看板' });
    await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [manager.userId], role: 'manager' },
    });
    await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [member.userId], role: 'member' },
    });

    const items = [
      { code: board.code, displayName: '经营看板', hidden: false },
      {
        code: group.code,
        displayName: '业务',
        hidden: false,
        children: [
          { code: secret.code, displayName: '成本', hidden: true },
          { code: orders.code, displayName: '订单', hidden: false },
          { displayName: '操作手册', hidden: false, url: ' https://example.com/manual ' },
        ],
      },
      { displayName: '内部链接', hidden: true, url: 'http://intranet.example.com/' },
    ];
    const saved = await team.owner.request('PUT', `/v1/apps/${code}/menu`, { body: { items } });
    expect(saved.status).toBe(200);
    const full = [
      ['经营看板', false, ''],
      [
        '业务',
        false,
        '',
        [
          ['成本', true, ''],
          ['订单', false, ''],
          ['操作手册', false, 'https://example.com/manual'],
        ],
      ],
      ['内部链接', true, 'http://intranet.example.com/'],
    ];
    expect(outline(saved.json.data)).toEqual(full);
    const link = saved.json.data[1].children[2];
    expect(link).toMatchObject({ type: 'Link', appCode: code });
    // Persisted: editors (the owner, a manager) see everything, hidden items marked.
    expect(outline((await team.owner.request('GET', `/v1/apps/${code}/nodes`)).json.data)).toEqual(full);
    expect(outline((await manager.client.request('GET', `/v1/apps/${code}/nodes`)).json.data)).toEqual(full);
    // Members without edit rights never receive hidden items.
    expect(outline((await member.client.request('GET', `/v1/apps/${code}/nodes`)).json.data)).toEqual([
      ['经营看板', false, ''],
      [
        '业务',
        false,
        '',
        [
          ['订单', false, ''],
          ['操作手册', false, 'https://example.com/manual'],
        ],
      ],
    ]);
    expect(await auditActions(code)).toContain('app.menu');

    // Hiding the group hides everything in it; dropping a link removes it.
    const next = [
      { code: board.code, displayName: '经营看板', hidden: false },
      {
        code: group.code,
        displayName: '业务',
        hidden: true,
        children: [
          { code: secret.code, displayName: '成本', hidden: false },
          { code: orders.code, displayName: '订单', hidden: false },
        ],
      },
    ];
    expect((await manager.client.request('PUT', `/v1/apps/${code}/menu`, { body: { items: next } })).status).toBe(200);
    expect(outline((await member.client.request('GET', `/v1/apps/${code}/nodes`)).json.data)).toEqual([
      ['经营看板', false, ''],
    ]);
    const rows = await server.database.handle.db
      .selectFrom('function_nodes')
      .select('type')
      .where('app_code', '=', code)
      .where('type', '=', 'Link')
      .execute();
    expect(rows).toEqual([]);
  });

  it('needs edit permission, accepts only http and https links, and refuses a menu that misses an item', async () => {
    const code = await createApp(team.owner, '菜单校验');
    const table = (
      await team.owner.request('POST', `/v1/apps/${code}/nodes`, { body: { type: 'Schema', displayName: '客户' } })
    ).json.data as Node;
    await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode: code, userIds: [member.userId], role: 'member' },
    });
    const keep = { code: table.code, displayName: '客户', hidden: false };
    const denied = await member.client.request('PUT', `/v1/apps/${code}/menu`, { body: { items: [keep] } });
    expect(denied.status).toBe(403);
    expect(denied.json.errorMessage).toBe('无编辑权限');

    for (const url of ['javascript:alert(1)', 'ftp://files.example.com', '/relative/path', 'data:text/html,x', '']) {
      const bad = await team.owner.request('PUT', `/v1/apps/${code}/menu`, {
        body: {
          items: [
            { ...keep, hidden: true },
            { displayName: '链接', hidden: false, url },
          ],
        },
      });
      expect(bad.status).toBe(400);
      expect(bad.json.fieldErrors).toEqual([{ field: 'url', message: '请输入以 http:// 或 https:// 开头的链接地址' }]);
    }
    // A failed save writes nothing (the table was not hidden).
    expect(outline((await member.client.request('GET', `/v1/apps/${code}/nodes`)).json.data)).toEqual([
      ['客户', false, ''],
    ]);
    const missing = await team.owner.request('PUT', `/v1/apps/${code}/menu`, { body: { items: [] } });
    expect(missing.status).toBe(409);
    expect(missing.json.errorMessage).toBe('菜单已被他人修改，请刷新后重试');
    const nested = await team.owner.request('PUT', `/v1/apps/${code}/menu`, {
      body: { items: [{ ...keep, children: [{ displayName: '链接', hidden: false, url: 'https://a.example' }] }] },
    });
    expect(nested.status).toBe(400);
    const empty = await team.owner.request('PUT', `/v1/apps/${code}/menu`, {
      body: { items: [{ ...keep, displayName: '  ' }] },
    });
    expect(empty.json.fieldErrors).toEqual([{ field: 'displayName', message: '请输入名称' }]);
  });
});
