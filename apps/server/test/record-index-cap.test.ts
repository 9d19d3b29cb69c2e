import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_DEMAND_PER_TABLE } from '../src/modules/records/indexes.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * Indexes lists ask for on their own are capped a table (records/indexes.ts ON_DEMAND_PER_TABLE):
 * a client sending ever new sorts or filters gets a few indexes, then plain scans — with the same
 * answers. Saved views' indexes are outside the cap.
 */
let server: TestServer;
let team: TeamFixture;
let base: string;
let table: string;
let name: string;
const numbers: string[] = [];
const FIELDS = ON_DEMAND_PER_TABLE.field + 4;
const ROWS = 6;

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '索引上限');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '上限' } })).json.data.code;
  const schema = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '数据' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schema}`;
  table = `d_${schema}`;
  const add = async (label: string, type: string) => {
    const res = await team.owner.request('POST', `${base}/fields`, { body: { name: label, type } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.code as string;
  };
  name = await add('名称', 'text');
  for (let i = 0; i < FIELDS; i++) numbers.push(await add(`数${i}`, 'number'));
  for (let r = 0; r < ROWS; r++) {
    const data: Record<string, unknown> = { [name]: `abc ${r}` };
    // Each number column orders the rows differently.
    numbers.forEach((code, i) => {
      data[code] = (r * (i + 1)) % ROWS;
    });
    const res = await team.owner.request('POST', `${base}/records`, { body: { data } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
});
afterAll(async () => server?.close());

async function asked(origin: 'list' | 'view') {
  return (
    await sql<{ name: string; kind: string }>`select name, kind from record_indexes
      where table_name = ${table} and origin = ${origin}`.execute(server.database.handle.db)
  ).rows;
}

async function list(body: Record<string, unknown>): Promise<{ id: string; data: Record<string, unknown> }[]> {
  const res = await team.owner.request('POST', `${base}/records/query`, { body: { limit: 100, ...body } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList;
}

/** A column's values down a list. */
const valuesOf = (rows: { data: Record<string, unknown> }[], code: string) => rows.map((r) => Number(r.data[code]));

describe('indexes lists ask for on their own', () => {
  it('stop at the cap for searched sorts, and the lists past it answer the same by scanning', async () => {
    let lists = 0;
    for (const code of numbers.slice(0, 10))
      for (const direction of ['asc', 'desc'] as const) {
        const rows = await list({ search: 'abc', sorts: [{ field: code, direction }] });
        lists++;
        expect(rows).toHaveLength(ROWS);
        const values = valuesOf(rows, code);
        expect(values).toEqual([...values].sort((a, b) => (direction === 'asc' ? a - b : b - a)));
      }
    expect(lists).toBeGreaterThan(ON_DEMAND_PER_TABLE.order);
    const orders = (await asked('list')).filter((r) => r.kind === 'view');
    expect(orders).toHaveLength(ON_DEMAND_PER_TABLE.order);
    // Asking again, in new orders, adds nothing.
    await list({
      search: 'abc',
      sorts: [
        { field: numbers[11] as string, direction: 'asc' },
        { field: name, direction: 'desc' },
      ],
    });
    expect((await asked('list')).filter((r) => r.kind === 'view')).toHaveLength(ON_DEMAND_PER_TABLE.order);
  });

  it('stop at the cap for one-field indexes too, counted apart from the orders', async () => {
    for (const code of numbers) {
      const rows = await list({ filter: { op: 'and', conditions: [{ field: code, operator: 'gte', value: 0 }] } });
      expect(rows).toHaveLength(ROWS);
    }
    const mine = await asked('list');
    expect(mine.filter((r) => r.kind !== 'view')).toHaveLength(ON_DEMAND_PER_TABLE.field);
    expect(mine.filter((r) => r.kind === 'view')).toHaveLength(ON_DEMAND_PER_TABLE.order);
  });

  it('leaves saved views out of the cap: a view gets its indexes and takes over a list one', async () => {
    const save = async (sorts: { field: string; direction: string }[]) => {
      const res = await team.owner.request('POST', `${base}/views`, {
        body: { name: '视图', kind: 'grid', config: { columns: [], sorts, rowHeight: 'short', pageSize: 50 } },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    };
    const before = (await asked('list')).filter((r) => r.kind === 'view').map((r) => r.name);
    // An order no list asked for: a new index, the view's.
    await save([{ field: numbers[FIELDS - 1] as string, direction: 'desc' }]);
    // The order the first lists asked for: theirs becomes the view's, a list place freed.
    await save([{ field: numbers[0] as string, direction: 'asc' }]);
    const views = (await asked('view')).filter((r) => r.kind === 'view').map((r) => r.name);
    expect(views).toHaveLength(2);
    const lists = (await asked('list')).filter((r) => r.kind === 'view').map((r) => r.name);
    expect(lists).toHaveLength(ON_DEMAND_PER_TABLE.order - 1);
    expect(before.filter((n) => !lists.includes(n))).toEqual(views.filter((n) => before.includes(n)));
  });
});
