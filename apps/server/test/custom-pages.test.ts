import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Custom pages (UserModule nodes): blocks saved by the app's designers, each checked against what it
 * points at; the page and its blocks limited to app roles; what a block shows read through the
 * viewer's own rules.
 */
let server: TestServer;
let team: TeamFixture;
let manager: { client: TestClient; memberId: string };
let member: { client: TestClient; memberId: string };
let appCode: string;
let schemaCode: string;
let page: string;
let board: string;
let widgetId: string;
let publicView: string;
let personalView: string;
let region: string;
let imageId: string;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const webApp = { 'x-app-name': 'canopy-web' };
const url = () => `/v1/apps/${appCode}/pages/${page}`;
const place = (y: number) => ({ x: 0, y, w: 6, h: 3 });

async function userId(client: TestClient): Promise<string> {
  return (await client.request('GET', '/v1/user/information/basic')).json.data.id;
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '门户团队');
  manager = await joinTeam(server, team, '经理');
  member = await joinTeam(server, team, '成员');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '客户' } })).json.data.code;
  for (const [who, role] of [
    [manager, 'manager'],
    [member, 'member'],
  ] as const) {
    const res = await team.owner.request('POST', '/v1/apps/role/add', {
      body: { appCode, userIds: [await userId(who.client)], role },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
  const node = (type: string, displayName: string) =>
    team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type, displayName } });
  schemaCode = (await node('Schema', '客户表')).json.data.code;
  page = (await node('UserModule', '客户门户')).json.data.code;
  board = (await node('Dashboard', '看板')).json.data.code;
  const base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  region = (await team.owner.request('POST', `${base}/fields`, { body: { name: '区域', type: 'text' } })).json.data
    .code;
  const created = await team.owner.request('POST', `${base}/records/batch`, {
    body: { create: ['华东', '华东', '华北'].map((v) => ({ data: { [region]: v } })) },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const views = (await team.owner.request('GET', `${base}/views`)).json.data as { code: string; personal: boolean }[];
  publicView = views.find((v) => !v.personal)?.code ?? '';
  personalView = (
    await team.owner.request('POST', `${base}/views`, {
      body: { name: '我的视图', kind: 'grid', personal: true },
    })
  ).json.data.code;
  widgetId = 'w1';
  const saved = await team.owner.request('PUT', `/v1/apps/${appCode}/dashboards/${board}`, {
    body: {
      widgets: [
        {
          id: widgetId,
          kind: 'number',
          title: '客户数',
          query: { schemaCode, measures: [{ aggregate: 'count' }] },
          place: { x: 0, y: 0, w: 3, h: 2 },
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  imageId = (await team.owner.upload('/v1/files?kind=image', 'logo.png', PNG, webApp)).json.data.id;
  // Members see only 华东 rows.
  const all = ['manager', 'member'];
  const put = await team.owner.request('PUT', base, {
    body: {
      permissions: {
        add: all,
        view: all,
        edit: all,
        delete: all,
        rows: {
          member: {
            scope: 'filter',
            filter: { op: 'and', conditions: [{ field: region, operator: 'eq', value: '华东' }] },
          },
        },
      },
    },
  });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
});
afterAll(async () => server?.close());

function blocks() {
  return [
    { id: 'b1', kind: 'text', title: '欢迎', place: place(0), roles: [], html: '<p>你好<script>alert(1)</script></p>' },
    { id: 'b2', kind: 'image', title: '标志', place: place(3), roles: [], fileId: imageId },
    { id: 'b3', kind: 'view', title: '客户', place: place(6), roles: [], schemaCode, viewCode: publicView, rows: 10 },
    { id: 'b4', kind: 'widget', title: '客户数', place: place(9), roles: [], dashboardCode: board, widgetId },
    { id: 'b5', kind: 'button', title: '新增客户', place: place(12), roles: [], action: 'add', schemaCode },
    { id: 'b6', kind: 'todos', title: '我的待办', place: place(15), roles: [] },
    {
      id: 'b7',
      kind: 'links',
      title: '常用链接',
      place: place(18),
      roles: ['manager'],
      links: [
        { title: '官网', url: 'https://example.com' },
        { title: '待办', url: '/todos/todo', openIn: 'modal' },
      ],
    },
    { id: 'b8', kind: 'embed', title: '地图', place: place(21), roles: ['manager'], url: 'https://example.com/map' },
  ];
}

describe('custom pages', () => {
  it('starts empty, saves every kind of block for the designers and sanitizes rich text', async () => {
    const empty = (await member.client.request('GET', url())).json.data;
    expect(empty).toMatchObject({ code: page, displayName: '客户门户', roles: [], blocks: [], canDesign: false });
    const res = await team.owner.request('PUT', url(), { body: { roles: [], blocks: blocks() } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.canDesign).toBe(true);
    expect(res.json.data.blocks).toHaveLength(8);
    const text = res.json.data.blocks[0];
    expect(text.html).toBe('<p>你好</p>');
    // Settings of another kind are dropped.
    const withStray = blocks()
      .slice(5, 6)
      .map((b) => ({ ...b, url: 'https://example.com' }));
    const stray = await team.owner.request('PUT', url(), {
      body: { roles: [], blocks: [...blocks().slice(0, 5), ...withStray, ...blocks().slice(6)] },
    });
    expect(stray.status).toBe(200);
    expect(stray.json.data.blocks[5]).not.toHaveProperty('url');
  });

  it('shows each viewer the blocks meant for their app role; the designers see all', async () => {
    const forMember = (await member.client.request('GET', url())).json.data;
    expect(forMember.blocks.map((b: { id: string }) => b.id)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
    expect(forMember.canDesign).toBe(false);
    const forManager = (await manager.client.request('GET', url())).json.data;
    expect(forManager.blocks).toHaveLength(8);
    expect(forManager.canDesign).toBe(true);
  });

  it('limits the whole page to app roles', async () => {
    const res = await team.owner.request('PUT', url(), { body: { roles: ['manager'], blocks: blocks() } });
    expect(res.status).toBe(200);
    const refused = await member.client.request('GET', url(), { headers: { 'accept-language': 'zh-CN' } });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessage).toBe('你没有查看此页面的权限，请联系应用管理员');
    expect((await manager.client.request('GET', url())).status).toBe(200);
    expect((await team.owner.request('PUT', url(), { body: { roles: [], blocks: blocks() } })).status).toBe(200);
    expect((await member.client.request('GET', url())).status).toBe(200);
  });

  it("leaves a page refused to a member's role out of their menu", async () => {
    const menuCodes = async (client: TestClient) => {
      const res = await client.request('GET', `/v1/apps/${appCode}/nodes`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const codes: string[] = [];
      const walk = (nodes: { code: string; children: unknown[] }[]) => {
        for (const n of nodes) {
          codes.push(n.code);
          walk(n.children as { code: string; children: unknown[] }[]);
        }
      };
      walk(res.json.data);
      return codes;
    };
    expect(await menuCodes(member.client)).toContain(page);
    expect((await team.owner.request('PUT', url(), { body: { roles: ['manager'], blocks: blocks() } })).status).toBe(
      200,
    );
    expect(await menuCodes(member.client)).not.toContain(page);
    // The other items stay, and the designers still see the page.
    expect(await menuCodes(member.client)).toEqual(expect.arrayContaining([schemaCode, board]));
    expect(await menuCodes(manager.client)).toContain(page);
    expect(await menuCodes(team.owner)).toContain(page);
    // Limited to the member's own role: back in their menu.
    expect((await team.owner.request('PUT', url(), { body: { roles: ['member'], blocks: blocks() } })).status).toBe(
      200,
    );
    expect(await menuCodes(member.client)).toContain(page);
    expect((await team.owner.request('PUT', url(), { body: { roles: [], blocks: blocks() } })).status).toBe(200);
  });

  it('lets only the designers save, and keeps the page as it was', async () => {
    const before = (await team.owner.request('GET', url())).json.data;
    const refused = await member.client.request('PUT', url(), { body: { roles: [], blocks: [] } });
    expect(refused.status).toBe(403);
    expect((await team.owner.request('GET', url())).json.data).toEqual(before);
  });

  it('names every setting that is missing or points elsewhere, and saves nothing', async () => {
    const before = (await team.owner.request('GET', url())).json.data;
    const otherApp = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '别的应用' } })).json.data
      .code;
    const otherTable = (
      await team.owner.request('POST', `/v1/apps/${otherApp}/nodes`, { body: { type: 'Schema', displayName: '表' } })
    ).json.data.code;
    const doc = await team.owner.upload('/v1/files', 'a.txt', Buffer.from('text'), webApp);
    expect(doc.status, JSON.stringify(doc.json)).toBe(200);
    const res = await team.owner.request('PUT', url(), {
      body: {
        roles: [],
        blocks: [
          { id: 'a', kind: 'text', title: '', place: place(0), roles: [] },
          { id: 'b', kind: 'view', title: '', place: place(1), roles: [], schemaCode: otherTable },
          { id: 'c', kind: 'view', title: '', place: place(2), roles: [], schemaCode, viewCode: personalView },
          { id: 'd', kind: 'widget', title: '', place: place(3), roles: [], dashboardCode: board, widgetId: 'nope' },
          { id: 'e', kind: 'image', title: '', place: place(4), roles: [], fileId: doc.json.data.id },
          { id: 'f', kind: 'embed', title: '', place: place(5), roles: [], url: 'javascript:alert(1)' },
          {
            id: 'g',
            kind: 'links',
            title: '',
            place: place(6),
            roles: [],
            links: [{ title: 'x', url: '//evil.example' }],
          },
          { id: 'g', kind: 'todos', title: '', place: { x: 8, y: 7, w: 6, h: 2 }, roles: [] },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual([
      'blocks[0].html',
      'blocks[1].schemaCode',
      'blocks[2].viewCode',
      'blocks[3].widgetId',
      'blocks[4].fileId',
      'blocks[5].url',
      'blocks[6].links[0].url',
      'blocks[7].id',
      'blocks[7].place',
    ]);
    expect((await team.owner.request('GET', url())).json.data).toEqual(before);
  });

  it('answers "not found" for another node type, another app or another team', async () => {
    expect((await team.owner.request('GET', `/v1/apps/${appCode}/pages/${schemaCode}`)).status).toBe(404);
    const other = await createTeam(server, '外人团队');
    expect((await other.owner.request('GET', url())).status).toBe(404);
    const put = await other.owner.request('PUT', url(), { body: { roles: [], blocks: [] } });
    expect([403, 404]).toContain(put.status);
  });

  it("reads a view block's records through the viewer's row rule, and refuses a table the viewer may not see", async () => {
    const query = (client: TestClient) =>
      client.request('POST', `/v1/apps/${appCode}/schemas/${schemaCode}/records/query`, {
        body: { view: publicView, limit: 10 },
      });
    const mine = (await query(member.client)).json.data.resultList as { data: Record<string, unknown> }[];
    expect(mine.map((r) => r.data[region])).toEqual(['华东', '华东']);
    expect((await query(team.owner)).json.data.resultList).toHaveLength(3);
    const put = await team.owner.request('PUT', `/v1/apps/${appCode}/schemas/${schemaCode}`, {
      body: { permissions: { add: ['manager'], view: ['manager'], edit: ['manager'], delete: ['manager'] } },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect((await query(member.client)).status).toBe(403);
    // The page itself still opens: the block says it cannot show the table.
    expect((await member.client.request('GET', url())).status).toBe(200);
  });

  it('goes with its menu item', async () => {
    expect((await team.owner.request('DELETE', `/v1/apps/${appCode}/nodes/${page}`)).status).toBe(200);
    expect((await team.owner.request('GET', url())).status).toBe(404);
  });
});
