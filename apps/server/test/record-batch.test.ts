import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';
import { StatementLog } from './statements.js';

/** Batch updates: one UPDATE and one history insert however many records, with every check still holding. */
let server: TestServer;
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let base: string;
let table: string;
const log = new StatementLog();
const f: Record<string, string> = {};

interface Item {
  id: string;
  version: number;
  data: Record<string, unknown>;
}

async function field(name: string, type: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, ...extra } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

async function createMany(client: TestClient, names: string[]): Promise<Item[]> {
  const res = await client.request('POST', `${base}/records/batch`, {
    body: { create: names.map((name) => ({ data: { [f.name as string]: name, [f.qty as string]: 1 } })) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.created;
}

async function read(id: string): Promise<Item> {
  return (await team.owner.request('GET', `${base}/records/${id}`)).json.data;
}

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [log] });
  team = await createTeam(server, '批量团队');
  member = await joinTeam(server, team, '批量成员');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '库存' } })).json.data.code;
  const userId = (await member.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role: 'member' } });
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '货品' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  table = `d_${schemaCode}`;
  f.name = await field('名称', 'text');
  f.qty = await field('数量', 'number');
  f.code = await field('编码', 'text', { unique: true });
  f.double = await field('两倍', 'formula', { settings: { expression: '{数量} * 2' } });
  const all = ['manager', 'member'];
  const permissions = { add: all, view: all, edit: all, delete: all, rows: { member: { scope: 'mine' } } };
  expect((await team.owner.request('PUT', base, { body: { permissions } })).status).toBe(200);
});
afterAll(async () => server?.close());

describe('batch updates', () => {
  it('write every record with one UPDATE and one history insert, answering like single updates', async () => {
    const items = await createMany(
      team.owner,
      Array.from({ length: 30 }, (_, i) => `货品${i}`),
    );
    const update = items.map((item, i) => ({
      id: item.id,
      version: item.version,
      data: i % 2 ? { [f.qty as string]: i } : { [f.name as string]: `改名${i}`, [f.qty as string]: i },
    }));
    log.clear();
    const res = await team.owner.request('POST', `${base}/records/batch`, { body: { update } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(log.count('update', table)).toBe(1);
    expect(log.count('insert', 'record_history')).toBe(1);
    expect(log.count('select', table)).toBeLessThanOrEqual(3);

    const updated: Item[] = res.json.data.updated;
    expect(updated.map((u) => u.id)).toEqual(items.map((i) => i.id));
    for (const [i, u] of updated.entries()) {
      expect(u.version).toBe(2);
      expect(u.data[f.qty as string]).toBe(i);
      expect(u.data[f.double as string]).toBe(i * 2);
      expect(u.data[f.name as string]).toBe(i % 2 ? `货品${i}` : `改名${i}`);
      expect(await read(u.id)).toMatchObject({ version: 2, data: u.data });
    }
    const history = (await team.owner.request('GET', `${base}/records/${items[2]?.id}/history`)).json.data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['create', 'update']);
    expect(history[1].changes).toEqual([
      { field: f.name, from: '货品2', to: '改名2' },
      { field: f.qty, from: 1, to: 2 },
    ]);
  });

  it('answers 409 for one stale version and writes nothing', async () => {
    const items = await createMany(team.owner, ['冲突一', '冲突二', '冲突三']);
    const [a, b, c] = items as [Item, Item, Item];
    const moved = await team.owner.request('PATCH', `${base}/records/${b.id}`, {
      body: { version: b.version, data: { [f.qty as string]: 9 } },
    });
    expect(moved.status).toBe(200);
    const res = await team.owner.request('POST', `${base}/records/batch`, {
      body: {
        update: [a, b, c].map((x) => ({ id: x.id, version: x.version, data: { [f.qty as string]: 5 } })),
      },
    });
    expect([res.status, res.json.errorMessage]).toEqual([409, expect.any(String)]);
    expect((await read(a.id)).version).toBe(1);
    expect((await read(b.id)).data[f.qty as string]).toBe(9);
    expect((await read(c.id)).data[f.qty as string]).toBe(1);
    // The same record twice is stale the second time.
    const twice = await team.owner.request('POST', `${base}/records/batch`, {
      body: { update: [a, a].map((x) => ({ id: x.id, version: x.version, data: { [f.qty as string]: 3 } })) },
    });
    expect(twice.status).toBe(409);
    expect((await read(a.id)).version).toBe(1);
  });

  it('keeps row rules, field errors and unique values, all or nothing', async () => {
    const own = await createMany(member.client, ['成员的一', '成员的二']);
    const [others] = await createMany(team.owner, ['负责人的']);
    const outside = await member.client.request('POST', `${base}/records/batch`, {
      body: {
        update: [...own, others as Item].map((x) => ({ id: x.id, version: x.version, data: { [f.qty as string]: 7 } })),
      },
    });
    expect([outside.status, outside.json.errorMessage]).toEqual([403, '无编辑数据权限']);
    for (const x of own) expect((await read(x.id)).version).toBe(1);

    const invalid = await member.client.request('POST', `${base}/records/batch`, {
      body: {
        update: [
          { id: own[0]?.id, version: 1, data: { [f.qty as string]: 2 } },
          { id: own[1]?.id, version: 1, data: { [f.qty as string]: 'many' } },
        ],
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([f.qty]);
    expect((await read(own[0]?.id as string)).version).toBe(1);

    const same = await member.client.request('POST', `${base}/records/batch`, {
      body: {
        update: own.map((x) => ({ id: x.id, version: x.version, data: { [f.code as string]: 'SKU-1' } })),
      },
    });
    expect(same.status).toBe(400);
    expect(same.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([f.code]);
    const ok = await member.client.request('POST', `${base}/records/batch`, {
      body: {
        update: own.map((x, i) => ({ id: x.id, version: x.version, data: { [f.code as string]: `SKU-${i}` } })),
      },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const taken = await team.owner.request('POST', `${base}/records/batch`, {
      body: { update: [{ id: others?.id, version: others?.version, data: { [f.code as string]: 'SKU-0' } }] },
    });
    expect(taken.status).toBe(400);
    expect(taken.json.fieldErrors.map((e: { field: string }) => e.field)).toEqual([f.code]);

    const gone = own[0] as Item;
    expect((await member.client.request('DELETE', `${base}/records/${gone.id}`)).status).toBe(200);
    const deleted = await member.client.request('POST', `${base}/records/batch`, {
      body: { update: [{ id: gone.id, version: 2, data: { [f.qty as string]: 1 } }] },
    });
    expect([deleted.status, deleted.json.errorMessage]).toEqual([404, '数据已被删除']);
  });

  it('edits under the "my departments" rule (its departments are looked up before the transaction)', async () => {
    const all = ['manager', 'member'];
    const permissions = { add: all, view: all, edit: all, delete: all, rows: { member: { scope: 'myDepartments' } } };
    expect((await team.owner.request('PUT', base, { body: { permissions } })).status).toBe(200);
    const [mine] = await createMany(member.client, ['部门的']);
    const single = await member.client.request('PATCH', `${base}/records/${mine?.id}`, {
      body: { version: 1, data: { [f.qty as string]: 4 } },
    });
    expect(single.status, JSON.stringify(single.json)).toBe(200);
    const batch = await member.client.request('POST', `${base}/records/batch`, {
      body: { update: [{ id: mine?.id, version: 2, data: { [f.qty as string]: 5 } }] },
    });
    expect(batch.status, JSON.stringify(batch.json)).toBe(200);
    expect((await member.client.request('DELETE', `${base}/records/${mine?.id}`)).status).toBe(200);
  });
});
