import type { AliasNode, IdentifierNode, KyselyPlugin, RootOperationNode } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * Issue 15: a filtered, sorted list walks its order's index first when the filter is broad (the
 * page fills after a few rows read in order), reads a selective filter's hits and sorts them, and
 * a list that pins columns (status = open) reads the composite index of those columns and its
 * order, built in the background as a saved view's is. Each plan's pages are checked against what
 * the rows hold, on both databases.
 */

/** Which list plans ran: `walk` (the ordered walk), `count` (the hits counted up to the budget), `page` (ids first). */
class PlanLog implements KyselyPlugin {
  readonly plans: string[] = [];
  transformQuery(args: { node: RootOperationNode }): RootOperationNode {
    const node = args.node;
    if (node.kind === 'SelectQueryNode') {
      const from = node.from?.froms[0];
      if (from?.kind === 'AliasNode') {
        const alias = ((from as AliasNode).alias as IdentifierNode).name;
        if (alias === 'w') this.plans.push('walk');
        if (alias === 'capped') this.plans.push('count');
      }
      if (node.with) this.plans.push('page');
    }
    return node;
  }
  async transformResult<T>(args: { result: T }): Promise<T> {
    return args.result;
  }
}

const log = new PlanLog();
let server: TestServer;
let team: TeamFixture;
let base: string;
let table: string;
const f: Record<string, string> = {};

interface Row {
  id: string;
  createdAt: number;
  state: 'a' | 'b';
  mark: string;
  amount: number | null;
}
const rows: Row[] = [];
/** More rows than the walk's smallest budget (1,000), so "broad" and "selective" differ. */
const ROWS = 2_400;

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [log] });
  team = await createTeam(server, '走序团队');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '走序' } })).json.data.code;
  const schema = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '订单' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schema}`;
  table = `d_${schema}`;
  const add = async (name: string, type: string, settings?: unknown) => {
    const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.code as string;
  };
  f.state = await add('状态', 'singleSelect', {
    options: [
      { id: 'a', label: '进行中', color: 'blue' },
      { id: 'b', label: '已完成', color: 'green' },
    ],
  });
  f.mark = await add('标记', 'text');
  f.amount = await add('金额', 'number');
  for (let start = 0; start < ROWS; start += 480) {
    const batch = Array.from({ length: 480 }, (_, k) => {
      const i = start + k;
      return {
        state: (i % 10 < 7 ? 'a' : 'b') as Row['state'],
        mark: i % 800 === 5 ? 'rare' : `common ${i % 7}`,
        // Ties (the same amount on many rows) and empty values: the order's id and null rules count.
        amount: i % 13 === 0 ? null : (i * 37) % 101,
      };
    });
    const res = await team.owner.request('POST', `${base}/records/batch`, {
      body: {
        create: batch.map((r) => ({
          data: { [f.state as string]: r.state, [f.mark as string]: r.mark, [f.amount as string]: r.amount },
        })),
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const created = res.json.data.created as { id: string; createdAt: number }[];
    created.forEach((item, k) => {
      rows.push({ id: item.id, createdAt: item.createdAt, ...(batch[k] as Omit<Row, 'id' | 'createdAt'>) });
    });
  }
});
afterAll(async () => server?.close());

type Body = Record<string, unknown>;
const cond = (field: string, operator: string, value: unknown) => ({
  op: 'and',
  conditions: [{ field: f[field], operator, value }],
});
const byAmount = (direction: 'asc' | 'desc') => [{ field: f.amount, direction }];

/** The rows in the list order: empty amounts last in both directions, then id (byte order). */
function ordered(pred: (r: Row) => boolean, direction: 'asc' | 'desc' | null): string[] {
  const idOrder = (x: Row, y: Row) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  return rows
    .filter(pred)
    .sort((x, y) => {
      if (!direction) return y.createdAt - x.createdAt || -idOrder(x, y);
      if ((x.amount === null) !== (y.amount === null)) return x.amount === null ? 1 : -1;
      const d = (x.amount ?? 0) - (y.amount ?? 0);
      return (direction === 'desc' ? -d : d) || idOrder(x, y);
    })
    .map((r) => r.id);
}

/** The first `pages` pages of a list, `limit` at a time, by its cursors, with the plans each used. */
async function pages(body: Body, limit: number, count: number): Promise<{ ids: string[]; plans: string[][] }> {
  const ids: string[] = [];
  const plans: string[][] = [];
  let cursor = '';
  for (let n = 0; n < count; n++) {
    log.plans.length = 0;
    const res = await team.owner.request('POST', `${base}/records/query`, {
      body: { ...body, limit, ...(cursor ? { cursor } : {}) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    plans.push([...log.plans]);
    ids.push(...res.json.data.resultList.map((r: { id: string }) => r.id));
    cursor = res.json.data.nextCursor;
    if (!cursor) break;
  }
  return { ids, plans };
}

/** Waits until the table's indexes the lists asked for are built. */
async function indexesReady(): Promise<void> {
  const h = server.database.handle;
  await expect
    .poll(
      async () =>
        (
          await sql<{ state: string }>`select state from record_indexes where table_name = ${table}`.execute(h.db)
        ).rows.filter((r) => r.state !== 'ready').length,
      { timeout: 60_000 },
    )
    .toBe(0);
}

describe('filtered lists walk their order when the filter is broad', () => {
  it('walks the order for a broad filter that pins nothing, and pages it right before and after its indexes', async () => {
    const body = { filter: cond('state', 'neq', 'b'), sorts: byAmount('desc') };
    const want = ordered((r) => r.state === 'a', 'desc').slice(0, 20);
    // Before any index: the plan as before (no order index to walk), the same answer.
    expect((await pages(body, 5, 4)).ids).toEqual(want);
    await indexesReady();
    const after = await pages(body, 5, 4);
    expect(after.ids).toEqual(want);
    // 70 % of the rows match: the hits counted past the budget, then the walk fills each page.
    for (const p of after.plans) expect(p).toEqual(['count', 'walk']);
  });

  it('reads a selective filter hits and sorts them, without walking', async () => {
    const body = { filter: cond('amount', 'gt', 99), sorts: byAmount('asc') };
    await pages(body, 5, 1);
    await indexesReady();
    const { ids, plans } = await pages(body, 4, 3);
    const want = ordered((r) => (r.amount ?? 0) > 99, 'asc');
    expect(want.length).toBeGreaterThan(12);
    expect(ids).toEqual(want.slice(0, 12));
    for (const p of plans) expect(p).toEqual(['count', 'page']);
  });

  it('walks the newest-first order for a broad filter without sorts', async () => {
    const body = { filter: cond('state', 'eq', 'b') };
    await pages(body, 5, 1);
    await indexesReady();
    const { ids, plans } = await pages(body, 7, 3);
    expect(ids).toEqual(ordered((r) => r.state === 'b', null).slice(0, 21));
    // 30 % match (720 of 2,400): under the budget of 1,000, so no walk — the hits are read.
    for (const p of plans) expect(p).toEqual(['count', 'page']);
    const broad = await pages({ filter: cond('state', 'eq', 'a') }, 7, 3);
    expect(broad.ids).toEqual(ordered((r) => r.state === 'a', null).slice(0, 21));
    for (const p of broad.plans) expect(p).toEqual(['count', 'walk']);
  });

  it('reads a list that pins columns through their composite with its order, as a saved view does', async () => {
    const adHoc = { filter: cond('mark', 'eq', 'common 3'), sorts: byAmount('desc') };
    await pages(adHoc, 5, 1);
    await indexesReady();
    const composite = (
      await sql<{ definition: string }>`select definition from record_indexes
        where table_name = ${table} and kind = 'view'`.execute(server.database.handle.db)
    ).rows.map((r) => JSON.parse(r.definition) as { equal: string[] });
    expect(composite.some((d) => d.equal.join() === `f_${f.mark}`)).toBe(true);
    const own = await pages(adHoc, 5, 3);
    expect(own.ids).toEqual(ordered((r) => r.mark === 'common 3', 'desc').slice(0, 15));
    for (const p of own.plans) expect(p).toEqual(['page']);

    const config = {
      columns: [{ field: f.amount, hidden: false }],
      sorts: byAmount('asc'),
      filter: cond('state', 'eq', 'a'),
      rowHeight: 'short',
      pageSize: 50,
    };
    const view = await team.owner.request('POST', `${base}/views`, {
      body: { name: '进行中按金额', kind: 'grid', config },
    });
    expect(view.status, JSON.stringify(view.json)).toBe(200);
    await indexesReady();
    const want = ordered((r) => r.state === 'a', 'asc').slice(0, 12);
    for (const body of [{ view: view.json.data.code }, { filter: config.filter, sorts: config.sorts }]) {
      const { ids, plans } = await pages(body, 4, 3);
      expect(ids).toEqual(want);
      for (const p of plans) expect(p).toEqual(['page']);
    }
  });
});
