import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/** Links between tables as one member may make them: within their row rule on the related table. */
let server: TestServer;
let team: TeamFixture;
let alice: { client: TestClient; memberId: string };
let appCode: string;
let customers: string;
let orders: string;
const f: Record<string, string> = {};
const ids: Record<string, string> = {};
const all = ['manager', 'member'];
const FULL = { add: all, view: all, edit: all, delete: all };

const path = (schemaCode: string) => `/v1/apps/${appCode}/schemas/${schemaCode}`;

async function table(name: string): Promise<string> {
  const res = await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, {
    body: { type: 'Schema', displayName: name },
  });
  return res.json.data.code;
}

async function field(schemaCode: string, name: string, type: string, settings?: Record<string, unknown>) {
  const res = await team.owner.request('POST', `${path(schemaCode)}/fields`, { body: { name, type, settings } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code as string;
}

async function create(client: TestClient, schemaCode: string, data: Record<string, unknown>) {
  return client.request('POST', `${path(schemaCode)}/records`, { body: { data } });
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '关联团队');
  alice = await joinTeam(server, team, '艾丽');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '客户管理' } })).json.data.code;
  const userId = (await alice.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role: 'member' } });
  customers = await table('客户');
  orders = await table('订单');
  f.customerName = await field(customers, '客户名称', 'text');
  f.orderName = await field(orders, '订单名称', 'text');
  f.customer = await field(orders, '客户', 'relation', { schemaCode: customers, multiple: true });
  for (const code of [customers, orders])
    expect((await team.owner.request('PUT', path(code), { body: { permissions: FULL } })).status).toBe(200);
  ids.owners = (await create(team.owner, customers, { [f.customerName as string]: '负责人的客户' })).json.data.id;
  ids.alices = (await create(alice.client, customers, { [f.customerName as string]: '艾丽的客户' })).json.data.id;
  // Alice reaches only the customers she created.
  const permissions = { ...FULL, rows: { member: { scope: 'mine' } } };
  expect((await team.owner.request('PUT', path(customers), { body: { permissions } })).status).toBe(200);
});
afterAll(async () => server?.close());

describe('linking to a related table', () => {
  it('refuses a record outside the member’s row rule there exactly like an unknown one', async () => {
    const ok = await create(alice.client, orders, {
      [f.orderName as string]: '一',
      [f.customer as string]: [ids.alices],
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);

    const unknown = await create(alice.client, orders, { [f.customer as string]: ['no-such-record'] });
    const outside = await create(alice.client, orders, { [f.customer as string]: [ids.owners] });
    expect(outside.status).toBe(400);
    expect(outside.json).toEqual(unknown.json);
    expect(outside.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([f.customer]);

    const update = await alice.client.request('PATCH', `${path(orders)}/records/${ok.json.data.id}`, {
      body: { version: 1, data: { [f.customer as string]: [ids.alices, ids.owners] } },
    });
    expect(update.status).toBe(400);
    const batch = await alice.client.request('POST', `${path(orders)}/records/batch`, {
      body: { create: [{ data: { [f.customer as string]: [ids.owners] } }] },
    });
    expect(batch.status).toBe(400);
    // The owner, whose rule is "all", links anything of the team.
    expect((await create(team.owner, orders, { [f.customer as string]: [ids.owners] })).status).toBe(200);
  });

  it('keeps links a record already had when the member saves it again', async () => {
    const linked = (
      await create(team.owner, orders, { [f.orderName as string]: '负责人建的', [f.customer as string]: [ids.owners] })
    ).json.data;
    const edit = await alice.client.request('PATCH', `${path(orders)}/records/${linked.id}`, {
      body: {
        version: linked.version,
        data: { [f.orderName as string]: '艾丽改的', [f.customer as string]: [ids.owners] },
      },
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect(edit.json.data.data[f.customer as string]).toEqual([ids.owners]);
  });

  it('links nothing of a table the member may not view', async () => {
    const permissions = { ...FULL, view: ['manager'] };
    expect((await team.owner.request('PUT', path(customers), { body: { permissions } })).status).toBe(200);
    const res = await create(alice.client, orders, { [f.customer as string]: [ids.alices] });
    expect(res.status).toBe(400);
    const restore = { ...FULL, rows: { member: { scope: 'mine' } } };
    expect((await team.owner.request('PUT', path(customers), { body: { permissions: restore } })).status).toBe(200);
  });
});

describe('the relation picker', () => {
  const pick = (client: TestClient, body: Record<string, unknown>) =>
    client.request('POST', `${path(customers)}/records/pick`, { body });

  it('searches every record on the server and pages through all of them', async () => {
    const names = Array.from({ length: 75 }, (_, i) => `批量客户${String(i).padStart(2, '0')}`);
    const batch = await team.owner.request('POST', `${path(customers)}/records/batch`, {
      body: { create: names.map((n) => ({ data: { [f.customerName as string]: n } })) },
    });
    expect(batch.status).toBe(200);
    // The first record created is the last the plain list reaches; search finds it at once.
    const found = await pick(team.owner, { search: '批量客户00' });
    expect(found.status, JSON.stringify(found.json)).toBe(200);
    expect(found.json.data.resultList).toEqual([{ id: batch.json.data.created[0].id, title: '批量客户00' }]);
    expect((await pick(team.owner, { search: '批量客户' })).json.data.resultList).toHaveLength(30);

    const seen: string[] = [];
    let cursor = '';
    do {
      const page = (await pick(team.owner, { search: '批量', ...(cursor ? { cursor } : {}) })).json.data;
      seen.push(...page.resultList.map((r: { title: string }) => r.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(names);
    expect((await pick(team.owner, { search: '没有这个客户' })).json.data).toEqual({ resultList: [], nextCursor: '' });
  });

  it("keeps to the member's row rule and hidden fields, and tells titles of chosen ids", async () => {
    expect((await pick(alice.client, { search: '批量客户' })).json.data.resultList).toEqual([]);
    expect((await pick(alice.client, {})).json.data.resultList.map((r: { title: string }) => r.title)).toEqual([
      '艾丽的客户',
    ]);
    const chosen = await pick(alice.client, { ids: [ids.alices as string, ids.owners] });
    expect(chosen.json.data.resultList).toEqual([{ id: ids.alices, title: '艾丽的客户' }]);

    const note = await field(customers, '内部备注', 'text');
    const permissions = {
      ...FULL,
      fields: { [note]: { member: 'hidden' } },
      rows: { member: { scope: 'mine' } },
    };
    expect((await team.owner.request('PUT', path(customers), { body: { permissions } })).status).toBe(200);
    const mine = await alice.client.request('GET', `${path(customers)}/records/${ids.alices}`);
    const noted = await team.owner.request('PATCH', `${path(customers)}/records/${ids.alices}`, {
      body: { version: mine.json.data.version, data: { [note]: '暗号' } },
    });
    expect(noted.status).toBe(200);
    expect((await pick(alice.client, { search: '暗号' })).json.data.resultList).toEqual([]);
    expect((await pick(team.owner, { search: '暗号' })).json.data.resultList).toHaveLength(1);
  });

  it('finds records by an auto-number title', async () => {
    const number = await field(customers, '客户编号', 'autoNumber', { prefix: 'KH-', digits: 4 });
    expect((await team.owner.request('PUT', path(customers), { body: { titleFieldCode: number } })).status).toBe(200);
    const created = await create(team.owner, customers, { [f.customerName as string]: '编号客户' });
    const no = created.json.data.data[number] as string;
    expect(created.json.data.title).toBe(no);
    const res = await pick(team.owner, { search: no });
    expect(res.json.data.resultList).toEqual([{ id: created.json.data.id, title: no }]);
  });
});
