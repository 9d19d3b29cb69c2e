import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexName } from '../src/modules/records/indexes.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

let server: TestServer;
let team: TeamFixture;
let base: string;
let other: { memberId: string };
const f: Record<string, string> = {};
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '查询团队');
  other = await joinTeam(server, team, '同事');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '查询' } })).json.data.code;
  const schema = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '任务' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schema}`;
  const add = async (name: string, type: string, settings?: unknown) => {
    const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
    return res.json.data.code as string;
  };
  const options = [
    { id: 'hi', label: '高', color: 'red' },
    { id: 'lo', label: '低', color: 'blue' },
  ];
  f.name = await add('名称', 'text');
  f.points = await add('分值', 'number');
  f.due = await add('截止', 'date');
  f.at = await add('时间', 'datetime');
  f.level = await add('级别', 'singleSelect', { options });
  f.tags = await add('标签', 'multiSelect', { options });
  f.done = await add('完成', 'checkbox');
  f.owner = await add('负责人', 'member', { multiple: true });
  const rows = [
    { n: 'Alpha 报告', p: 10, d: today, l: 'hi', t: ['hi'], x: true, o: [team.memberId] },
    { n: 'beta 计划', p: 20, d: '2020-01-01', l: 'lo', t: ['lo', 'hi'], x: false, o: [other.memberId] },
    { n: '100%_完成', p: 30, d: '2030-12-31', l: 'hi', t: [], x: false, o: [] },
    { n: '', p: null, d: null, l: null, t: null, x: null, o: null },
  ];
  for (const r of rows) {
    const data = {
      [f.name as string]: r.n,
      [f.points as string]: r.p,
      [f.due as string]: r.d,
      [f.level as string]: r.l,
      [f.tags as string]: r.t,
      [f.done as string]: r.x,
      [f.owner as string]: r.o,
      [f.at as string]: r.d ? `${r.d}T10:00:00+08:00` : null,
    };
    expect((await team.owner.request('POST', `${base}/records`, { body: { data } })).status).toBe(200);
  }
});
afterAll(async () => server?.close());

async function names(body: Record<string, unknown>): Promise<string[]> {
  const res = await team.owner.request('POST', `${base}/records/query`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList.map(
    (r: { data: Record<string, unknown> }) => (r.data[f.name as string] as string) ?? '',
  );
}

const where = (field: string, operator: string, value?: unknown) => ({
  filter: { op: 'and', conditions: [{ field, operator, value }] },
  sorts: [{ field: f.points, direction: 'asc' }],
});

describe('filters by field type', () => {
  it.each([
    ['text contains, case-insensitive', () => where(f.name as string, 'contains', 'ALPHA'), ['Alpha 报告']],
    [
      'text contains with LIKE wildcards taken literally',
      () => where(f.name as string, 'contains', '%_'),
      ['100%_完成'],
    ],
    ['text startsWith', () => where(f.name as string, 'startsWith', 'be'), ['beta 计划']],
    ['text empty', () => where(f.name as string, 'empty'), ['']],
    ['number between', () => where(f.points as string, 'between', [15, 30]), ['beta 计划', '100%_完成']],
    ['number gt', () => where(f.points as string, 'gt', 10), ['beta 计划', '100%_完成']],
    ['number empty', () => where(f.points as string, 'empty'), ['']],
    ['date today (relative)', () => where(f.due as string, 'eq', 'today'), ['Alpha 报告']],
    ['date before', () => where(f.due as string, 'before', today), ['beta 计划']],
    ['date after', () => where(f.due as string, 'after', today), ['100%_完成']],
    ['datetime this year', () => where(f.at as string, 'eq', 'thisYear'), ['Alpha 报告']],
    ['single select in', () => where(f.level as string, 'in', ['hi']), ['Alpha 报告', '100%_完成']],
    ['single select neq keeps empty', () => where(f.level as string, 'neq', 'hi'), ['beta 计划', '']],
    ['multi select contains', () => where(f.tags as string, 'contains', 'hi'), ['Alpha 报告', 'beta 计划']],
    ['multi select empty', () => where(f.tags as string, 'empty'), ['100%_完成', '']],
    ['checkbox true', () => where(f.done as string, 'isTrue'), ['Alpha 报告']],
    ['checkbox false includes empty', () => where(f.done as string, 'isFalse'), ['beta 计划', '100%_完成', '']],
    ['member is me', () => where(f.owner as string, 'isMe'), ['Alpha 报告']],
    ['created by me', () => where('createdBy', 'isMe'), ['Alpha 报告', 'beta 计划', '100%_完成', '']],
  ])('%s', async (_, body, expected) => {
    expect(await names(body())).toEqual(expected);
  });

  it('combines AND/OR groups', async () => {
    const body = {
      filter: {
        op: 'or',
        conditions: [
          {
            op: 'and',
            conditions: [
              { field: f.level, operator: 'eq', value: 'hi' },
              { field: f.points, operator: 'gte', value: 20 },
            ],
          },
          { field: f.name, operator: 'startsWith', value: 'beta' },
        ],
      },
      sorts: [{ field: f.points, direction: 'desc' }],
    };
    expect(await names(body)).toEqual(['100%_完成', 'beta 计划']);
  });

  it('searches text fields and sorts with empty values last in both directions', async () => {
    expect(await names({ search: '计划' })).toEqual(['beta 计划']);
    expect(await names({ sorts: [{ field: f.points, direction: 'desc' }] })).toEqual([
      '100%_完成',
      'beta 计划',
      'Alpha 报告',
      '',
    ]);
    expect(await names({ sorts: [{ field: f.points, direction: 'asc' }] })).toEqual([
      'Alpha 报告',
      'beta 计划',
      '100%_完成',
      '',
    ]);
  });

  it('pages sorted results by cursor', async () => {
    const first = (
      await team.owner.request('POST', `${base}/records/query`, {
        body: { limit: 3, sorts: [{ field: f.points, direction: 'asc' }] },
      })
    ).json.data;
    expect(first.resultList).toHaveLength(3);
    const second = (
      await team.owner.request('POST', `${base}/records/query`, {
        body: { limit: 3, cursor: first.nextCursor, sorts: [{ field: f.points, direction: 'asc' }] },
      })
    ).json.data;
    expect(second.resultList).toHaveLength(1);
    expect(second.nextCursor).toBe('');
  });

  it.each([
    ['unknown field', { field: 'f_nope', operator: 'eq', value: 1 }],
    ['operator of another type', { field: 'FIELD:points', operator: 'contains', value: 'x' }],
    ['SQL in a value stays a value', { field: 'FIELD:name', operator: 'eq', value: "x' or '1'='1" }],
  ])('refuses or neutralises %s', async (name, raw) => {
    const cond = { ...raw, field: raw.field.startsWith('FIELD:') ? f[raw.field.slice(6)] : raw.field };
    const res = await team.owner.request('POST', `${base}/records/query`, {
      body: { filter: { op: 'and', conditions: [cond] } },
    });
    if (name.startsWith('SQL')) {
      expect(res.status).toBe(200);
      expect(res.json.data.resultList).toEqual([]);
    } else {
      expect(res.status).toBe(400);
      expect(res.json.errorMessage).toMatch(/^筛选条件不正确/);
    }
  });
});

describe('saved views', () => {
  it('starts with a public default grid, lets members keep personal views and editors public ones', async () => {
    const colleague = (await joinTeam(server, team, '看客')).client;
    const appCode = base.split('/')[3];
    const userId = (await colleague.request('GET', '/v1/user/information/basic')).json.data.id;
    await team.owner.request('POST', '/v1/apps/role/add', { body: { appCode, userIds: [userId], role: 'member' } });
    const views = (await colleague.request('GET', `${base}/views`)).json.data;
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ name: '全部数据', kind: 'grid', personal: false });
    const config = {
      ...views[0].config,
      sorts: [{ field: f.points, direction: 'desc' }],
      filter: { op: 'and', conditions: [{ field: f.level, operator: 'eq', value: 'hi' }] },
    };
    const mine = await colleague.request('POST', `${base}/views`, {
      body: { name: '我的高优先', kind: 'grid', personal: true, config },
    });
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    expect(
      (await colleague.request('POST', `${base}/views`, { body: { name: '公共', kind: 'grid', config } })).status,
    ).toBe(403);
    expect((await team.owner.request('GET', `${base}/views`)).json.data.map((v: { name: string }) => v.name)).toEqual([
      '全部数据',
    ]);
    const bad = await colleague.request('POST', `${base}/views`, {
      body: {
        name: '坏视图',
        kind: 'grid',
        personal: true,
        config: { ...config, filter: { op: 'and', conditions: [{ field: f.points, operator: 'contains', value: 1 }] } },
      },
    });
    expect(bad.status).toBe(400);
    // The columns the saved view sorts and filters by get indexes, built by a job after the save.
    const db = server.database.handle;
    const indexNames = async () =>
      (db.dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db.db)).rows
        : (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db.db)
          ).rows
      ).map((r) => r.name);
    // …and one composite index (level, points is null, points desc, id) answers its first page in order
    // (other `_v_` indexes are sorted text lists' order indexes, without the level).
    const table = `d_${base.split('/').pop()}`;
    const composite = indexName(table, {
      kind: 'view',
      equal: [`f_${f.level}`],
      sorts: [{ name: `f_${f.points}`, direction: 'desc' }],
    });
    await expect
      .poll(
        async () => {
          const all = await indexNames();
          return [`${table}_f_${f.points}_ix`, `${table}_f_${f.level}_ix`, composite].every((n) => all.includes(n));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const names = await indexNames();
    expect(names).toContain(composite);
    if (db.dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan select * from ${sql.table(table)}
        where engine_code = ${team.engineCode} and ${sql.ref(`f_${f.level}`)} = 'hi'
        order by ${sql.ref(`f_${f.points}`)} is null, ${sql.ref(`f_${f.points}`)} desc, id limit 51`.execute(db.db);
      const details = plan.rows.map((r) => r.detail).join(' | ');
      expect(details).toContain(composite);
      expect(details).not.toContain('TEMP B-TREE');
    }
    const onlyPublic = (await team.owner.request('GET', `${base}/views`)).json.data[0].code;
    expect((await team.owner.request('DELETE', `${base}/views/${onlyPublic}`)).json.errorMessage).toBe(
      '至少保留一个视图',
    );
  });
});
