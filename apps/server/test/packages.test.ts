import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { testDialect } from './database.js';
import { registeredClient, startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';
import { exportPackage, finishedTask, installPackage, rawZip, uploadPackage } from './package-helpers.js';

/**
 * App packages (issue 12): an app with every field type, a flow, a dashboard, a view, rules and
 * records goes out as a zip and comes back in — into another team and twice into its own — equal
 * but for its ids; unsafe zips are refused with their reasons; only designers export.
 */
let server: TestServer;
let teamA: TeamFixture;
let teamB: TeamFixture;
let alice: { client: TestClient; memberId: string };
let appCode: string;
let customers: string;
let orders: string;
let board: string;
let portal: string;
const f: Record<string, string> = {};
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const ok = async <T extends { status: number; json: unknown }>(p: Promise<T>): Promise<T> => {
  const res = await p;
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
};

beforeAll(async () => {
  server = await startTestServer();
  teamA = await createTeam(server, '出口团队');
  teamB = await createTeam(server, '入口团队');
  alice = await joinTeam(server, teamA, '艾丽');
  const owner = teamA.owner;
  appCode = (await ok(owner.request('POST', '/v1/apps', { body: { displayName: '销售管理', color: 3, icon: 'shop' } })))
    .json.data.code;
  const aliceUser = (await alice.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await ok(owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [aliceUser], role: 'member' } }));
  const node = async (type: string, displayName: string, parentCode?: string) =>
    (await ok(owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type, displayName, parentCode } }))).json
      .data.code as string;
  const group = await node('Group', '业务');
  customers = await node('Schema', '客户', group);
  orders = await node('Schema', '订单', group);
  board = await node('Dashboard', '销售看板');
  portal = await node('UserModule', '销售门户');
  const field = async (schema: string, name: string, type: string, settings?: object, extra: object = {}) =>
    (
      await ok(
        owner.request('POST', `/v1/apps/${appCode}/schemas/${schema}/fields`, {
          body: { name, type, ...(settings ? { settings } : {}), ...extra },
        }),
      )
    ).json.data.code as string;
  f.cName = await field(customers, '客户名称', 'text');
  f.cCity = await field(customers, '城市', 'text');
  f.title = await field(orders, '标题', 'text', undefined, { required: true });
  f.textarea = await field(orders, '说明', 'textarea');
  f.rich = await field(orders, '正文', 'richText');
  f.amount = await field(orders, '金额', 'money', { precision: 2 });
  f.qty = await field(orders, '数量', 'number');
  f.rate = await field(orders, '税率', 'percent');
  f.day = await field(orders, '日期', 'date');
  f.at = await field(orders, '时间', 'datetime');
  f.status = await field(orders, '状态', 'singleSelect', {
    options: [
      { id: 'open', label: '进行中', color: 'blue' },
      { id: 'won', label: '赢单', color: 'green' },
    ],
  });
  f.tags = await field(orders, '标签', 'multiSelect', {
    options: [
      { id: 'vip', label: '重要', color: 'red' },
      { id: 'new', label: '新客', color: 'blue' },
    ],
  });
  f.paid = await field(orders, '已付款', 'checkbox');
  f.phone = await field(orders, '电话', 'phone');
  f.email = await field(orders, '邮箱', 'email', undefined, { unique: true });
  f.site = await field(orders, '网址', 'url');
  f.owner = await field(orders, '负责人', 'member');
  f.dept = await field(orders, '部门', 'department');
  f.place = await field(orders, '地址', 'location');
  f.file = await field(orders, '附件', 'attachment');
  f.photo = await field(orders, '照片', 'image');
  f.customer = await field(orders, '客户', 'relation', { schemaCode: customers, multiple: false });
  f.total = await field(orders, '小计', 'formula', { expression: '{金额} * {数量}', resultType: 'number' });
  f.city = await field(orders, '客户城市', 'lookup', { relationFieldCode: f.customer, targetFieldCode: f.cCity });
  f.no = await field(orders, '编号', 'autoNumber', { prefix: 'DD-', digits: 4 });
  f.items = await field(orders, '明细', 'subTable', {
    fields: [
      { code: 'name', name: '品名', type: 'text' },
      { code: 'cost', name: '费用', type: 'number' },
    ],
  });
  f.creator = await field(orders, '创建人', 'createdBy');
  f.created = await field(orders, '创建时间', 'createdAt');
  f.modifier = await field(orders, '修改人', 'modifiedBy');
  f.modified = await field(orders, '修改时间', 'modifiedAt');
  const ordersBase = `/v1/apps/${appCode}/schemas/${orders}`;
  // Rules: members do not see the amount and reach only rows of one status; the title is the 标题.
  await ok(
    owner.request('PUT', ordersBase, {
      body: {
        titleFieldCode: f.title,
        permissions: {
          add: ['manager', 'member'],
          view: ['manager', 'member'],
          edit: ['manager'],
          delete: ['manager'],
          fields: { [f.amount as string]: { member: 'hidden' } },
          rows: {
            manager: { scope: 'all' },
            member: {
              scope: 'filter',
              filter: { op: 'and', conditions: [{ field: f.status, operator: 'eq', value: 'won' }] },
            },
          },
        },
      },
    }),
  );
  await ok(
    owner.request('POST', `${ordersBase}/views`, {
      body: {
        name: '赢单',
        kind: 'grid',
        config: {
          columns: [],
          sorts: [{ field: f.amount, direction: 'desc' }],
          filter: { op: 'and', conditions: [{ field: f.status, operator: 'eq', value: 'won' }] },
          rowHeight: 'short',
          pageSize: 50,
        },
      },
    }),
  );
  await ok(
    owner.request('PUT', `${ordersBase}/workflow`, {
      body: {
        definition: {
          nodes: [
            {
              id: 'start',
              type: 'start',
              name: '发起',
              next: 'a1',
              settings: { fieldRules: { [f.amount as string]: 'readonly' } },
            },
            {
              id: 'a1',
              type: 'approve',
              name: '审批',
              settings: {
                participants: [{ kind: 'members', ids: [teamA.memberId] }],
                mode: 'any',
                whenEmpty: 'error',
                fieldRules: {},
                comment: {
                  approve: { enableComment: true, required: false },
                  reject: { enableComment: true, required: false },
                },
                actions: ['comment'],
                closeRevert: false,
                closeTerminate: false,
                rejectTo: 'end',
              },
            },
          ],
        },
      },
    }),
  );
  await ok(owner.request('POST', `${ordersBase}/workflow/publish`));
  await ok(
    owner.request('PUT', `/v1/apps/${appCode}/dashboards/${board}`, {
      body: {
        widgets: [
          {
            id: 'w1',
            kind: 'bar',
            title: '按状态',
            query: {
              schemaCode: orders,
              dimension: { field: f.status },
              measures: [{ aggregate: 'sum', field: f.amount }],
            },
            place: { x: 0, y: 0, w: 6, h: 4 },
          },
        ],
      },
    }),
  );
  await ok(
    owner.request('POST', '/v1/dashboard/nodes/batch', { body: { nodes: [{ appCode, schemaCode: orders, type: 2 }] } }),
  );
  // A custom page whose blocks point at a table, a chart of the dashboard and an image of its own.
  const logo = (await ok(owner.upload('/v1/files?kind=image', 'logo.png', PNG, { 'x-app-name': 'canopy' }))).json.data;
  await ok(
    owner.request('PUT', `/v1/apps/${appCode}/pages/${portal}`, {
      body: {
        roles: ['manager'],
        blocks: [
          { id: 'b1', kind: 'text', title: '欢迎', place: { x: 0, y: 0, w: 6, h: 2 }, roles: [], html: '<p>你好</p>' },
          { id: 'b2', kind: 'view', title: '订单', place: { x: 0, y: 2, w: 12, h: 6 }, roles: [], schemaCode: orders },
          {
            id: 'b3',
            kind: 'widget',
            title: '图表',
            place: { x: 6, y: 0, w: 6, h: 2 },
            roles: ['member'],
            dashboardCode: board,
            widgetId: 'w1',
          },
          { id: 'b4', kind: 'image', title: '标志', place: { x: 0, y: 8, w: 3, h: 3 }, roles: [], fileId: logo.id },
        ],
      },
    }),
  );
  // A print template of the orders: a field, a sub-table and the same image.
  await ok(
    owner.request('POST', `/v1/apps/${appCode}/schemas/${orders}/print-templates`, {
      body: {
        name: '订单打印',
        page: { size: 'A4', orientation: 'portrait', margins: { top: 15, right: 12, bottom: 15, left: 12 } },
        header: '{title}',
        footer: '第 {page} 页',
        blocks: [
          { kind: 'image', fileId: logo.id, width: 30, align: 'left' },
          { kind: 'field', field: f.title, width: 'full' },
          { kind: 'subTable', field: f.items },
        ],
      },
    }),
  );

  const cBase = `/v1/apps/${appCode}/schemas/${customers}`;
  const c1 = (
    await ok(
      owner.request('POST', `${cBase}/records`, {
        body: { data: { [f.cName as string]: '华为', [f.cCity as string]: '深圳' } },
      }),
    )
  ).json.data.id;
  await ok(
    owner.request('POST', `${cBase}/records`, {
      body: { data: { [f.cName as string]: '腾讯', [f.cCity as string]: '深圳' } },
    }),
  );
  const file = (await ok(owner.upload('/v1/files', '合同.txt', Buffer.from('合同正文'), { 'x-app-name': 'canopy' })))
    .json.data;
  const photo = (await ok(owner.upload('/v1/files?kind=image', 'a.png', PNG, { 'x-app-name': 'canopy' }))).json.data;
  const rootId = (await owner.request('GET', '/v1/org/department/root')).json.data.objectId;
  for (let i = 1; i <= 3; i += 1) {
    await ok(
      owner.request('POST', `${ordersBase}/records`, {
        body: {
          data: {
            [f.title as string]: `订单${i}`,
            [f.textarea as string]: '第一行\n第二行',
            [f.rich as string]: '<p>正文</p>',
            [f.amount as string]: 100 * i,
            [f.qty as string]: i,
            [f.rate as string]: 0.13,
            [f.day as string]: `2026-11-2${i}`,
            [f.at as string]: '2026-11-22T10:00:00.000Z',
            [f.status as string]: i === 1 ? 'open' : 'won',
            [f.tags as string]: ['vip'],
            [f.paid as string]: i % 2 === 0,
            [f.phone as string]: '13800138000',
            [f.email as string]: `o${i}@example.com`,
            [f.site as string]: 'https://example.com',
            [f.owner as string]: [teamA.memberId],
            [f.dept as string]: [rootId],
            [f.place as string]: { address: '深圳市南山区', lng: 113.9, lat: 22.5 },
            [f.file as string]: i === 1 ? [file.id] : null,
            [f.photo as string]: i === 1 ? [photo.id] : null,
            [f.customer as string]: [c1],
            [f.items as string]: [{ name: '螺丝', cost: 2 }],
          },
        },
      }),
    );
  }
});
afterAll(async () => server?.close());

/** An app as data with its codes, ids and times replaced by names: two installs compare equal. */
async function describeApp(client: TestClient, code: string) {
  const tree = (await ok(client.request('GET', `/v1/apps/${code}/nodes`))).json.data as {
    code: string;
    displayName: string;
    type: string;
    children?: unknown[];
  }[];
  const names = new Map<string, string>();
  const walk = (nodes: { code: string; displayName: string; children?: unknown[] }[]) => {
    for (const n of nodes) {
      names.set(n.code, `<node ${n.displayName}>`);
      walk((n.children ?? []) as typeof nodes);
    }
  };
  walk(tree);
  names.set(code, '<app>');
  const tables: Record<string, unknown> = {};
  const schemaCodes = [...names.keys()].filter((c) => c !== code);
  const db = server.database.handle.db;
  const app = await db
    .selectFrom('apps')
    .select(['display_name', 'color', 'icon', 'description'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const fields = await db
    .selectFrom('fields')
    .selectAll()
    .where('schema_code', 'in', schemaCodes)
    .where('deleted_at', 'is', null)
    .execute();
  for (const fl of fields) names.set(fl.code, `<field ${names.get(fl.schema_code)}.${fl.name}>`);
  const views = await db
    .selectFrom('views')
    .selectAll()
    .where('schema_code', 'in', schemaCodes)
    .where('owner_member_id', '=', '')
    .execute();
  for (const v of views) names.set(v.code, `<view ${v.name}>`);
  const flows = await db.selectFrom('workflows').selectAll().where('app_code', '=', code).execute();
  for (const w of flows) names.set(w.code, `<flow ${w.name}>`);
  const named = (text: string) =>
    text.replace(/(?<![A-Za-z0-9])[a-z][0-9a-f]{8,16}(?![A-Za-z0-9])/g, (c) => names.get(c) ?? c);
  const schemas = await db
    .selectFrom('schemas')
    .selectAll()
    .where('code', 'in', schemaCodes)
    .orderBy('table_name')
    .execute();
  for (const s of schemas) {
    const base = `/v1/apps/${code}/schemas/${s.code}`;
    const info = (await ok(client.request('GET', base))).json.data;
    const query = (await ok(client.request('POST', `${base}/records/query`, { body: { limit: 100 } }))).json.data;
    tables[names.get(s.code) as string] = JSON.parse(
      named(
        JSON.stringify({
          info: { ...info, code: undefined, appCode: undefined },
          permissions: s.permissions,
          layout: s.form_layout,
          records: query.resultList
            .map((r: { data: Record<string, unknown> }) => r.data)
            .sort((a: Record<string, unknown>, b: Record<string, unknown>) =>
              JSON.stringify(a[f.title as string] ?? a).localeCompare(JSON.stringify(b[f.title as string] ?? b)),
            ),
        }),
      )
        // Record and file ids, times of this install and people are not the package's.
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>'),
    );
  }
  const boards = await db
    .selectFrom('dashboards')
    .select(['node_code', 'widgets'])
    .where('node_code', 'in', schemaCodes)
    .execute();
  const pages = await db
    .selectFrom('custom_pages')
    .select(['node_code', 'roles', 'blocks'])
    .where('node_code', 'in', schemaCodes)
    .execute();
  const prints = await db
    .selectFrom('print_templates')
    .select(['schema_code', 'name', 'layout'])
    .where('schema_code', 'in', schemaCodes)
    .execute();
  return {
    app,
    tree: JSON.parse(named(JSON.stringify(tree))),
    // Print templates travel with their layout; the image is the package's, under this install's id.
    prints: prints.map((p) =>
      named(JSON.stringify(p)).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>'),
    ),
    // The image is the package's, under this install's own id.
    pages: pages.map((p) =>
      named(JSON.stringify(p)).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>'),
    ),
    tables,
    views: views.map((v) => named(JSON.stringify({ s: v.schema_code, n: v.name, k: v.kind, c: v.config }))).sort(),
    flows: await Promise.all(
      flows.map(async (w) => {
        const v = await db
          .selectFrom('workflow_versions')
          .select('definition')
          .where('workflow_code', '=', w.code)
          .executeTakeFirst();
        return named(JSON.stringify({ s: w.schema_code, n: w.name, d: w.draft, p: v?.definition ?? '' }));
      }),
    ),
    boards: boards.map((b) => named(JSON.stringify(b))),
  };
}

/** Values that cannot be equal across teams (people, creation times, this install's times). */
function withoutPeopleAndTimes(d: Awaited<ReturnType<typeof describeApp>>) {
  const text = JSON.stringify(d.tables).replace(/"\d{4}-\d\d-\d\dT[^"]*Z"/g, '"<time>"');
  return { ...d, tables: JSON.parse(text) };
}

describe('export and install', () => {
  it('installs into another team equal but for ids, with its records and files', async () => {
    const bytes = await exportPackage(teamA.owner, appCode);
    const { taskId, appCode: installed } = await installPackage(teamB.owner, bytes);
    const task = await finishedTask(teamB.owner, taskId);
    expect(task).toMatchObject({ state: 'done', isCompleted: true, progress: 100, appCode: installed });
    expect(installed).not.toBe(appCode);
    // The task keeps what the install called each of the package's codes.
    const row = await server.database.handle.db
      .selectFrom('install_tasks')
      .select('code_map')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    const map = JSON.parse(row.code_map) as Record<string, string>;
    expect(map[appCode]).toBe(installed);
    expect(map[orders]).toBe((await codesOf(installed)).orders);
    const source = await describeApp(teamA.owner, appCode);
    const copy = await describeApp(teamB.owner, installed);
    // People of team A are not in team B: those values are empty there, the creator is the installer.
    const orderTable = Object.entries(copy.tables).find(([k]) => k.includes('订单'))?.[1] as {
      records: Record<string, unknown>[];
    };
    expect(orderTable.records).toHaveLength(3);
    for (const r of orderTable.records) {
      expect(r['<field <node 订单>.负责人>']).toBeNull();
      expect(r['<field <node 订单>.部门>']).toBeNull();
    }
    const blank = (d: typeof source) => {
      const t = JSON.parse(JSON.stringify(withoutPeopleAndTimes(d))) as typeof source;
      for (const table of Object.values(t.tables) as { records: Record<string, unknown>[] }[])
        for (const r of table.records)
          for (const k of Object.keys(r)) if (/负责人|部门|创建人|修改人/.test(k)) r[k] = '<person>';
      return t;
    };
    expect(blank(copy)).toEqual(blank(source));
    // The file came along: readable in team B under its new id, with the same bytes.
    const first = orderTable.records.find((r) => r['<field <node 订单>.标题>'] === '订单1') as Record<string, unknown>;
    expect(first['<field <node 订单>.附件>']).toEqual([expect.objectContaining({ name: '合同.txt' })]);
    const newRecords = await ok(
      teamB.owner.request('POST', `/v1/apps/${installed}/schemas/${(await codesOf(installed)).orders}/records/query`, {
        body: { limit: 10 },
      }),
    );
    const withFile = newRecords.json.data.resultList.find((r: { data: Record<string, unknown[]> }) =>
      Object.values(r.data).some((v) => Array.isArray(v) && (v[0] as { name?: string })?.name === '合同.txt'),
    );
    const ref = Object.values(withFile.data as Record<string, { name?: string; url?: string }[]>).find(
      (v) => Array.isArray(v) && v[0]?.name === '合同.txt',
    )?.[0];
    const download = await teamB.owner.download(ref?.url as string);
    expect(download.status).toBe(200);
    expect(download.bytes.toString()).toBe('合同正文');
    // Team A cannot read team B's copy of the file.
    expect((await teamA.owner.download(ref?.url as string)).status).toBe(404);
    // The shortcut came along to team B's workbench.
    const shortcuts = (await ok(teamB.owner.request('GET', '/v1/dashboard/nodes'))).json.data;
    expect(JSON.stringify(shortcuts)).toContain(installed);
  });

  it('installs twice side by side in its own team, with physical tables of new codes', async () => {
    const bytes = await exportPackage(teamA.owner, appCode);
    const one = await installPackage(teamA.owner, bytes);
    const two = await installPackage(teamA.owner, bytes);
    expect((await finishedTask(teamA.owner, one.taskId)).state).toBe('done');
    expect((await finishedTask(teamA.owner, two.taskId)).state).toBe('done');
    const source = await describeApp(teamA.owner, appCode);
    const a = await describeApp(teamA.owner, one.appCode);
    const b = await describeApp(teamA.owner, two.appCode);
    // Same team: people stay; only ids and this install's times differ.
    expect(withoutPeopleAndTimes(a)).toEqual(withoutPeopleAndTimes(source));
    expect(withoutPeopleAndTimes(b)).toEqual(withoutPeopleAndTimes(source));
    const tables = (await server.database.handle.db.introspection.getTables()).map((t) => t.name);
    const codesA = await codesOf(one.appCode);
    const codesB = await codesOf(two.appCode);
    expect(codesA.orders).not.toBe(codesB.orders);
    expect(tables).toEqual(expect.arrayContaining([`d_${codesA.orders}`, `d_${codesB.orders}`, `d_${orders}`]));
    // The relation of the copy points at the copy's customers, and writes there work.
    const rel = await server.database.handle.db
      .selectFrom('fields')
      .select('settings')
      .where('schema_code', '=', codesA.orders)
      .where('type', '=', 'relation')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(rel.settings).schemaCode).toBe(codesA.customers);
    // The auto number goes on after the installed records.
    const created = await ok(
      teamA.owner.request('POST', `/v1/apps/${one.appCode}/schemas/${codesA.orders}/records`, {
        body: {
          data: {
            [await fieldCode(codesA.orders, '标题')]: '新订单',
            [await fieldCode(codesA.orders, '邮箱')]: 'o9@example.com',
          },
        },
      }),
    );
    expect(created.json.data.data[await fieldCode(codesA.orders, '编号')]).toBe('DD-0004');
    // The flow runs in the copy.
    const started = await teamA.owner.request('POST', '/v1/workflow/start', {
      body: {
        appCode: one.appCode,
        schemaCode: codesA.orders,
        data: { [await fieldCode(codesA.orders, '标题')]: '走流程' },
      },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
  });

  it('installs the design only without the business data', async () => {
    const bytes = await exportPackage(teamA.owner, appCode, false);
    const { taskId, appCode: installed } = await installPackage(teamB.owner, bytes, true);
    expect((await finishedTask(teamB.owner, taskId)).state).toBe('done');
    const codes = await codesOf(installed);
    const count = await ok(
      teamB.owner.request('POST', `/v1/apps/${installed}/schemas/${codes.orders}/records/query`, { body: {} }),
    );
    expect(count.json.data.resultList).toHaveLength(0);
    // The custom page comes with its image (configuration, not data), served under its new id.
    const page = (
      await ok(teamB.owner.request('GET', `/v1/apps/${installed}/pages/${await nodeCode(installed, '销售门户')}`))
    ).json.data as { blocks: { kind: string; fileId?: string; schemaCode?: string }[] };
    expect(page.blocks.map((b) => b.kind)).toEqual(['text', 'view', 'widget', 'image']);
    expect(page.blocks[1]?.schemaCode).toBe(codes.orders);
    const image = page.blocks[3]?.fileId ?? '';
    const served = await teamB.owner.request('GET', `/v1/files/${image}`);
    expect(served.status).toBe(200);
    const withData = await exportPackage(teamA.owner, appCode, true);
    const second = await installPackage(teamB.owner, withData, false);
    expect((await finishedTask(teamB.owner, second.taskId)).state).toBe('done');
    const codes2 = await codesOf(second.appCode);
    const none = await ok(
      teamB.owner.request('POST', `/v1/apps/${second.appCode}/schemas/${codes2.orders}/records/query`, { body: {} }),
    );
    expect(none.json.data.resultList).toHaveLength(0);
  });
});

async function nodeCode(app: string, name: string): Promise<string> {
  const row = await server.database.handle.db
    .selectFrom('function_nodes')
    .select('code')
    .where('app_code', '=', app)
    .where('display_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.code;
}

async function codesOf(app: string): Promise<{ orders: string; customers: string }> {
  const rows = await server.database.handle.db
    .selectFrom('function_nodes')
    .select(['code', 'display_name'])
    .where('app_code', '=', app)
    .where('type', '=', 'Schema')
    .execute();
  return {
    orders: rows.find((r) => r.display_name === '订单')?.code as string,
    customers: rows.find((r) => r.display_name === '客户')?.code as string,
  };
}

async function fieldCode(schema: string, name: string): Promise<string> {
  const row = await server.database.handle.db
    .selectFrom('fields')
    .select('code')
    .where('schema_code', '=', schema)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.code;
}

describe('a relation to a table of another app', () => {
  it('installs where that table is, and is refused by a team without it', async () => {
    const owner = teamA.owner;
    const create = async (name: string) =>
      (await ok(owner.request('POST', '/v1/apps', { body: { displayName: name } }))).json.data.code as string;
    const basics = await create('基础资料');
    const cities = (
      await ok(owner.request('POST', `/v1/apps/${basics}/nodes`, { body: { type: 'Schema', displayName: '城市' } }))
    ).json.data.code as string;
    const visits = await create('拜访记录');
    const table = (
      await ok(owner.request('POST', `/v1/apps/${visits}/nodes`, { body: { type: 'Schema', displayName: '拜访' } }))
    ).json.data.code as string;
    await ok(
      owner.request('POST', `/v1/apps/${visits}/schemas/${table}/fields`, {
        body: { name: '城市', type: 'relation', settings: { schemaCode: cities } },
      }),
    );
    const bytes = await exportPackage(owner, visits);
    const elsewhere = await installPackage(teamB.owner, bytes);
    expect(await finishedTask(teamB.owner, elsewhere.taskId)).toMatchObject({
      state: 'failed',
      message: '安装包关联了本团队没有的数据表，无法安装',
    });
    const here = await installPackage(owner, bytes);
    expect((await finishedTask(owner, here.taskId)).state).toBe('done');
    const copy = await server.database.handle.db
      .selectFrom('fields')
      .innerJoin('schemas', 'schemas.code', 'fields.schema_code')
      .select('fields.settings')
      .where('schemas.app_code', '=', here.appCode)
      .where('fields.type', '=', 'relation')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(copy.settings).schemaCode).toBe(cities);
  });
});

describe('a task whose process died', () => {
  /** A running task and its queue job as a process that died left them: the job's lease run out. */
  async function orphan(id: string, state: 'running' | 'done', staged: string[]) {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const now = Date.now();
    const db = server.database.handle.db;
    const memberId = (await teamB.owner.request('GET', '/v1/org/member/info')).json.data.memberId;
    await db
      .insertInto('install_tasks')
      .values({
        id,
        engine_code: teamB.engineCode,
        member_id: memberId,
        app_code: 'a000000000000',
        source: 3,
        package_ref: 'gone',
        with_biz_data: 1,
        state,
        progress: 0,
        message: '',
        code_map: '',
        created_at: now - 60_000,
        updated_at: now - 60_000,
      })
      .execute();
    const jobId = crypto.randomUUID();
    await db
      .insertInto('jobs')
      .values({
        id: jobId,
        kind: 'packages.install',
        payload: JSON.stringify({
          taskId: id,
          spec: { source: 3, packageRef: 'gone', zipPath: '/nowhere.zip', withBizData: true, removeZip: true },
        }),
        state: 'running',
        attempts: 1,
        max_attempts: 1,
        run_at: now - 60_000,
        lease_until: now - 1,
        locked_by: 'a process that died',
        last_error: null,
        created_at: now - 60_000,
        updated_at: now - 60_000,
      })
      .execute();
    const dir = path.join(server.dataDir, 'packages', 'staging', id, 'files');
    fs.mkdirSync(dir, { recursive: true });
    for (const name of staged) fs.writeFileSync(path.join(dir, name), name);
    return { jobId, staging: path.dirname(dir) };
  }

  it('is given up by the queue once the job’s lease passed: failed as interrupted, its staged files gone', async () => {
    const fs = await import('node:fs');
    const id = '11111111-2222-4333-8444-555555555555';
    const { jobId, staging } = await orphan(id, 'running', ['x']);
    // Nobody runs it: the status still says running until the queue takes the job up.
    expect((await teamB.owner.request('GET', `/v2/app/installtask/${id}`)).json.data.state).toBe('running');
    await server.app.jobs.tick();
    const task = await finishedTask(teamB.owner, id);
    expect(task).toMatchObject({
      isCompleted: true,
      state: 'failed',
      message: '安装被中断，未留下任何数据，请重新安装',
    });
    expect(fs.existsSync(staging)).toBe(false);
    // One attempt: given up, never run again.
    const given = await server.app.jobs.find(jobId);
    expect([given?.state, Number(given?.attempts)]).toEqual(['failed', 2]);
  });

  it('that had committed keeps its install: the queue moves the staged files in', async () => {
    const fs = await import('node:fs');
    const id = '11111111-2222-4333-8444-666666666666';
    const { jobId, staging } = await orphan(id, 'done', ['f1']);
    await server.app.jobs.tick();
    await expect.poll(async () => (await server.app.jobs.find(jobId))?.state, { timeout: 60_000 }).toBe('failed');
    await expect.poll(() => fs.existsSync(staging), { timeout: 60_000 }).toBe(false);
    expect((await teamB.owner.request('GET', `/v2/app/installtask/${id}`)).json.data).toMatchObject({ state: 'done' });
    const path = await import('node:path');
    const { derivedId } = await import('../src/modules/packages/remap.js');
    const stored = path.join(server.dataDir, 'files', teamB.engineCode, derivedId(id, 'f1'));
    expect(fs.readFileSync(stored, 'utf8')).toBe('f1');
  });

  it('holds its queue job inside the install’s transaction: one attempt, done with the task', async () => {
    const bytes = await exportPackage(teamA.owner, appCode, false);
    const { taskId } = await installPackage(teamB.owner, bytes, false);
    expect((await finishedTask(teamB.owner, taskId)).state).toBe('done');
    const job = await server.database.handle.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'packages.install')
      .where('payload', 'like', `%${taskId}%`)
      .executeTakeFirstOrThrow();
    await expect.poll(async () => (await server.app.jobs.find(job.id))?.state, { timeout: 60_000 }).toBe('done');
    expect([Number(job.max_attempts), Number(job.attempts)]).toEqual([1, 1]);
  });
});

describe('who may export and install', () => {
  it('lets only the app designers export', async () => {
    expect((await alice.client.download(`/v1/apps/${appCode}/package`)).status).toBe(403);
    expect((await teamB.owner.download(`/v1/apps/${appCode}/package`)).status).toBe(404);
    const anonymous = await registeredClient(server, '路人');
    expect((await anonymous.client.download(`/v1/apps/${appCode}/package`)).status).toBe(403);
  });

  it('asks for a session, then validates the install body', async () => {
    const { TestClient: Client } = await import('./harness.js');
    const stranger = new Client(server.baseUrl);
    expect((await stranger.request('POST', '/v2/app/installpackage', { body: {} })).status).toBe(401);
    const bad = await teamB.owner.request('POST', '/v2/app/installpackage', {
      body: { packagePath: 'x', withBizData: true, source: 2 },
    });
    expect(bad.status).toBe(400);
    const missing = await teamB.owner.request('POST', '/v2/app/installpackage', {
      body: { packagePath: '00000000-0000-4000-8000-000000000000', withBizData: true, source: 3 },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.errorMessage).toBe('安装包不存在或已失效，请重新上传');
  });

  it('keeps one team from installing another team’s upload or reading its task', async () => {
    const bytes = await exportPackage(teamA.owner, appCode, false);
    const up = await uploadPackage(teamA.owner, bytes);
    const res = await teamB.owner.request('POST', '/v2/app/installpackage', {
      body: { packagePath: up.json.data.packagePath, withBizData: false, source: 3 },
    });
    expect(res.status).toBe(404);
    const mine = await installPackage(teamA.owner, bytes, false);
    expect((await teamB.owner.request('GET', `/v2/app/installtask/${mine.taskId}`)).status).toBe(404);
    await finishedTask(teamA.owner, mine.taskId);
  });

  it('refuses installs in a team without the feature', async () => {
    await server.database.handle.db
      .deleteFrom('engine_features')
      .where('engine_code', '=', teamB.engineCode)
      .where('feature_code', '=', 'TemplateInstallByUpload')
      .execute();
    try {
      const up = await uploadPackage(teamB.owner, Buffer.from('PK\u0003\u0004'));
      expect(up.status).toBe(403);
      expect(up.json.errorMessage).toBe('本团队未开启上传安装包功能');
    } finally {
      await server.database.handle.db
        .insertInto('engine_features')
        .values({ engine_code: teamB.engineCode, feature_code: 'TemplateInstallByUpload' })
        .execute();
    }
  });
});

describe('the upload', () => {
  it('is the spec’s file upload: formData with storageKey ug_app_template; answers filePath', async () => {
    const bytes = await exportPackage(teamA.owner, appCode, false);
    const up = await uploadPackage(teamA.owner, bytes);
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.data).toMatchObject({ storageKey: 'ug_app_template', filePath: up.json.data.packagePath });
    // Without the key (our own earlier form) it is taken as well; another key is refused by field.
    expect((await uploadPackage(teamA.owner, bytes, 'app.zip', null)).json.data.storageKey).toBe('ug_app_template');
    const other = await uploadPackage(teamA.owner, bytes, 'app.zip', 'ug_avatar');
    expect(other.status).toBe(400);
    expect(other.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['storageKey']);
  });

  it('takes zip files only, at most 50 MB', async () => {
    const text = await uploadPackage(teamB.owner, Buffer.from('hello'), 'notes.txt');
    expect(text.status).toBe(400);
    expect(text.json.errorMessage).toBe('请上传压缩包');
    const disguised = await uploadPackage(teamB.owner, Buffer.from('hello'), 'notes.zip');
    expect(disguised.json.errorMessage).toBe('请上传压缩包');
    const big = Buffer.alloc(50 * 1024 * 1024 + 1);
    big.write('PK\u0003\u0004');
    const tooBig = await uploadPackage(teamB.owner, big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.errorMessage).toBe('单个文件不可超过50MB');
  });
});

/** Installs a crafted zip and answers the failed task's message; the team gains no app, table or file. */
async function refused(zip: Buffer): Promise<string> {
  const db = server.database.handle.db;
  const count = async () => ({
    apps: (await db.selectFrom('apps').select('code').where('engine_code', '=', teamB.engineCode).execute()).length,
    tables: await ownTables(),
    files: (await db.selectFrom('files').select('id').where('engine_code', '=', teamB.engineCode).execute()).length,
  });
  const before = await count();
  const { taskId } = await installPackage(teamB.owner, zip);
  const task = await finishedTask(teamB.owner, taskId);
  expect(task.state).toBe('failed');
  expect(await count()).toEqual(before);
  const fs = await import('node:fs');
  const path = await import('node:path');
  expect(fs.existsSync(path.join(server.dataDir, 'packages', 'staging', taskId))).toBe(false);
  return task.message;
}

/**
 * Tables of this test's own database (PostgreSQL: its schema only; other files run beside it), but
 * not dashboards' roll-ups (`<table>_r_<hash>`): the job queue builds those in the background for
 * dashboards saved earlier in the file, whenever it gets to them.
 */
async function ownTables(): Promise<number> {
  const query =
    testDialect() === 'postgres'
      ? sql<{
          n: number;
        }>`select count(*)::int as n from information_schema.tables
           where table_schema = current_schema() and table_name !~ '_r_[0-9a-f]{10}$'`
      : sql<{
          n: number;
        }>`select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_stat%' and name not glob ${`*_r_${'[0-9a-f]'.repeat(10)}`}`;
  const { rows } = await query.execute(server.database.handle.db);
  return Number(rows[0]?.n);
}

async function goodManifest(): Promise<Buffer> {
  const bytes = await exportPackage(teamA.owner, appCode, false);
  const yauzl = (await import('yauzl')).default;
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: false }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: import('yauzl').Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      });
    });
  });
}

function yazlZip(add: (zip: yazl.ZipFile) => void): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  add(zip);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('zip safety', () => {
  it('refuses a path leaving the target', async () => {
    const manifest = await goodManifest();
    const zip = rawZip([
      { name: 'manifest.json', data: manifest },
      { name: '../../evil.txt', data: Buffer.from('x') },
    ]);
    expect(await refused(zip)).toBe('安装包内有不安全的路径：../../evil.txt');
    const back = rawZip([
      { name: 'manifest.json', data: manifest },
      { name: 'files\\..\\..\\evil', data: Buffer.from('x') },
    ]);
    expect(await refused(back)).toMatch(/^安装包内有不安全的路径：/);
  });

  it('refuses an absolute path', async () => {
    const zip = rawZip([
      { name: '/etc/cron.d/evil', data: Buffer.from('x') },
      { name: 'manifest.json', data: await goodManifest() },
    ]);
    expect(await refused(zip)).toBe('安装包内有不安全的路径：/etc/cron.d/evil');
  });

  it('refuses a link', async () => {
    const zip = rawZip([
      { name: 'manifest.json', data: await goodManifest() },
      { name: 'files/00000000-0000-4000-8000-000000000000', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
    ]);
    expect(await refused(zip)).toBe('安装包内不能有链接：files/00000000-0000-4000-8000-000000000000');
  });

  it('refuses 10,000 entries', async () => {
    const zip = await yazlZip((z) => {
      z.addBuffer(Buffer.from('{}'), 'manifest.json');
      for (let i = 0; i < 10_000; i += 1) z.addBuffer(Buffer.from('x'), `files/f${i}`, { compress: false });
    });
    expect(await refused(zip)).toBe('安装包内的文件过多（最多5000个）');
  });

  it('refuses a bomb whose headers claim a few bytes', async () => {
    const zip = rawZip([
      { name: 'manifest.json', data: await goodManifest() },
      { name: 'data/t0.jsonl', data: Buffer.alloc(300 * 1024 * 1024), deflate: true, claim: 1000 },
    ]);
    expect(zip.length).toBeLessThan(1024 * 1024);
    expect(await refused(zip)).toBe('安装包解压后过大');
  });

  it('refuses archives inside', async () => {
    const inner = await yazlZip((z) => z.addBuffer(Buffer.from('x'), 'a.txt'));
    const named = rawZip([
      { name: 'manifest.json', data: await goodManifest() },
      { name: 'inner.zip', data: inner },
    ]);
    expect(await refused(named)).toBe('安装包内不能再有压缩包：inner.zip');
    const hidden = rawZip([
      { name: 'manifest.json', data: await goodManifest() },
      { name: 'data/t0.jsonl', data: inner, deflate: true },
    ]);
    expect(await refused(hidden)).toBe('安装包内不能再有压缩包：data/t0.jsonl');
  });

  it('refuses a package without a manifest, a broken zip, and a bad entry half-way leaves nothing', async () => {
    expect(await refused(rawZip([{ name: 'data/t0.jsonl', data: Buffer.from('{}') }]))).toBe(
      '不是有效的应用安装包：manifest.json',
    );
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 7)]);
    expect(await refused(broken)).toBe('安装包已损坏，无法读取');
    // Tables are created, then the second table's records hold a broken line: all rolled back.
    const bytes = await exportPackage(teamA.owner, appCode, true);
    const entries = await unzipAll(bytes);
    const data = [...entries.keys()].filter((n) => n.startsWith('data/')).sort();
    const last = data.at(-1) as string;
    entries.set(last, Buffer.concat([entries.get(last) as Buffer, Buffer.from('{"id": 5, not json\n')]));
    const zip = await yazlZip((z) => {
      for (const [name, body] of entries) z.addBuffer(body, name);
    });
    expect(await refused(zip)).toBe(`不是有效的应用安装包：${last}`);
  });
});

async function unzipAll(bytes: Buffer): Promise<Map<string, Buffer>> {
  const yauzl = (await import('yauzl')).default;
  const out = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: import('yauzl').Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}
