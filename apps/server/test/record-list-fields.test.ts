import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/**
 * Issue 15, payload and the ordered walk under rules: a list carries only the fields it asks for
 * (the member's visible ones; any other code dropped, malformed input refused), and a text search answered by
 * walking the list's order keeps the member's row rule and hidden fields as the full-text plan does.
 */
let server: TestServer;
let team: TeamFixture;
let alice: { client: TestClient; memberId: string };
let base: string;
let table: string;
const f: Record<string, string> = {};
const all = ['manager', 'member'];

interface Item {
  id: string;
  title: string;
  data: Record<string, unknown>;
}

async function field(name: string, type: string, settings?: Record<string, unknown>): Promise<string> {
  const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.code;
}

async function list(client: TestClient, body: Record<string, unknown>): Promise<Item[]> {
  const res = await client.request('POST', `${base}/records/query`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList;
}

/** Every row of a list by its cursors, `limit` at a time. */
async function walk(client: TestClient, body: Record<string, unknown>, limit: number): Promise<Item[]> {
  const out: Item[] = [];
  let cursor = '';
  for (let n = 0; n < 100; n++) {
    const res = await client.request('POST', `${base}/records/query`, {
      body: { ...body, limit, ...(cursor ? { cursor } : {}) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    out.push(...res.json.data.resultList);
    cursor = res.json.data.nextCursor;
    if (!cursor) break;
  }
  return out;
}

const regions = ['华东', '华北', '华东', '华南', '华东', '华北'];

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '字段团队');
  alice = await joinTeam(server, team, '艾丽');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '订单' } })).json.data.code;
  const userId = (await alice.client.request('GET', '/v1/user/information/basic')).json.data.id;
  await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role: 'member' } });
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '订单' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  table = `d_${schemaCode}`;
  f.name = await field('名称', 'text');
  f.region = await field('区域', 'text');
  f.amount = await field('金额', 'number');
  f.secret = await field('内部备注', 'text');
  for (let i = 0; i < 30; i++) {
    const data = {
      [f.name as string]: `服务合同 ${i}`,
      [f.region as string]: regions[i % regions.length],
      [f.amount as string]: (i * 37) % 11,
      [f.secret as string]: `服务合同 机密 ${i}`,
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

describe('a list carries the fields it asks for', () => {
  it('answers only the asked fields, with the same rows and titles as the whole list', async () => {
    const whole = await list(team.owner, { limit: 100 });
    expect(whole).toHaveLength(30);
    expect(Object.keys(whole[0]?.data ?? {}).sort()).toEqual([f.name, f.region, f.amount, f.secret].map(String).sort());
    const narrow = await list(team.owner, { limit: 100, fields: [f.amount] });
    expect(narrow.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    expect(narrow.map((r) => r.title)).toEqual(whole.map((r) => r.title));
    for (const [n, r] of narrow.entries())
      expect(r.data).toEqual({ [f.amount as string]: whole[n]?.data[f.amount as string] });
    const none = await list(team.owner, { limit: 5, fields: [] });
    expect(none.every((r) => Object.keys(r.data).length === 0)).toBe(true);
  });

  it('drops a code that is not in the table or is hidden from the member, never carrying its values', async () => {
    for (const [client, code] of [
      [team.owner, 'nope'],
      [alice.client, f.secret as string],
    ] as const) {
      const rows = await list(client, { limit: 100, fields: [f.name, code] });
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(Object.keys(r.data)).toEqual([f.name]);
    }
    // Only the hidden field asked for: rows without data, not a word about the field.
    const hidden = await alice.client.request('POST', `${base}/records/query`, { body: { fields: [f.secret] } });
    expect(hidden.status).toBe(200);
    expect(JSON.stringify(hidden.json)).not.toContain(f.secret as string);
    expect(JSON.stringify(hidden.json)).not.toContain('机密');
    for (const r of hidden.json.data.resultList as Item[]) expect(r.data).toEqual({});
  });

  it('answers a grid whose shown field was deleted meanwhile, without it', async () => {
    const gone = await field('临时', 'text');
    const del = await team.owner.request('DELETE', `${base}/fields/${gone}`);
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    const rows = await list(team.owner, { limit: 5, fields: [f.amount, gone] });
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(Object.keys(r.data)).toEqual([f.amount]);
  });

  it('still refuses malformed fields: not strings, too many, too long', async () => {
    for (const fields of [[1], 'x', Array.from({ length: 501 }, (_, i) => `f${i}`), ['x'.repeat(65)], ['']]) {
      const res = await team.owner.request('POST', `${base}/records/query`, { body: { fields } });
      expect(res.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
    }
  });

  it('keeps the member to their rows and visible fields, by default and with fields', async () => {
    const mine = await list(alice.client, { limit: 100 });
    expect(mine).toHaveLength(15);
    for (const r of mine) {
      expect(r.data[f.region as string]).toBe('华东');
      expect(r.data).not.toHaveProperty(f.secret as string);
    }
    const named = await list(alice.client, { limit: 100, fields: [f.name] });
    expect(named.map((r) => r.id)).toEqual(mine.map((r) => r.id));
  });
});

describe('a text search walked in the list order', () => {
  const contains = (code: string, value: string) => ({
    op: 'and',
    conditions: [{ field: code, operator: 'contains', value }],
  });
  const sorts = () => [{ field: f.amount, direction: 'desc' }];

  it('pages a broad needle within the row rule, as the one-page list does', async () => {
    // The sorted lists walk their order's index once it is built (the first list asks for it).
    await list(alice.client, { filter: contains(f.name as string, '服务合同'), sorts: sorts() });
    const orderIndexes = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from record_indexes
            where table_name = ${table} and kind = 'view' and state = 'ready'`.execute(server.database.handle.db)
        ).rows[0]?.n,
      );
    await expect.poll(orderIndexes, { timeout: 60_000 }).toBe(1);
    for (const body of [
      { filter: contains(f.name as string, '服务合同') },
      { filter: contains(f.name as string, '服务合同'), sorts: sorts() },
      { search: '服务合同', sorts: sorts() },
    ]) {
      const whole = (await list(alice.client, { ...body, limit: 500 })).map((r) => r.id);
      expect(whole).toHaveLength(15);
      // Pages of two: the walk fills each from a few rows of the order.
      const paged = await walk(alice.client, body, 2);
      expect(paged.map((r) => r.id)).toEqual(whole);
      for (const r of paged) {
        expect(r.data[f.region as string]).toBe('华东');
        expect(r.data).not.toHaveProperty(f.secret as string);
      }
    }
  });

  it('never searches a field hidden from the member', async () => {
    // Only the hidden field holds "机密": the member finds nothing, the owner every row.
    expect(await list(alice.client, { search: '机密', limit: 2 })).toEqual([]);
    expect(await list(alice.client, { search: '机密', sorts: sorts(), limit: 2 })).toEqual([]);
    expect(await list(team.owner, { search: '机密', limit: 2 })).toHaveLength(2);
  });
});
