import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createTeam, type TeamFixture } from './org-helpers.js';

/**
 * Issue 15's scan paths against the real databases: ids-first lists, full-text "contains" and
 * search (FTS5 trigram / pg_trgm, kept in step by every write), keyset cursors on sorted lists, and
 * the background job that builds the indexes lists ask for. Every answer is checked against what
 * the rows hold (an oracle in the test), and paged answers against the same list in one page.
 */

let server: TestServer;
let team: TeamFixture;
let base: string;
let table: string;
const f: Record<string, string> = {};

interface Row {
  id: string;
  version: number;
  name: string | null;
  note: string | null;
  points: number | null;
  due: string | null;
  level: string | null;
  tags: string[] | null;
  done: boolean | null;
}
const rows: Row[] = [];

const seed: Omit<Row, 'id' | 'version'>[] = [
  { name: 'Alpha 报告', note: 'first note', points: 10, due: '2026-01-05', level: 'hi', tags: ['hi'], done: true },
  { name: 'alphabet soup', note: 'Second', points: 10, due: null, level: 'lo', tags: [], done: false },
  { name: 'beta 计划', note: null, points: 20, due: '2025-06-01', level: 'lo', tags: ['lo', 'hi'], done: null },
  { name: '中文数据测试', note: '数据库', points: null, due: '2026-01-05', level: null, tags: null, done: true },
  { name: '数据', note: null, points: 5, due: '2024-12-31', level: 'hi', tags: ['lo'], done: false },
  { name: null, note: null, points: null, due: null, level: null, tags: null, done: null },
  { name: 'GAMMA ray', note: 'ALPHA in note', points: 20, due: '2026-01-05', level: 'hi', tags: ['hi'], done: true },
  { name: '100%_完成', note: 'x', points: 30, due: '2030-12-31', level: 'lo', tags: [], done: false },
  { name: 'Delta 报告书', note: '报告', points: 10, due: null, level: null, tags: ['hi'], done: null },
  { name: 'ab', note: 'abc', points: -1, due: '2026-02-01', level: 'hi', tags: [], done: true },
  { name: 'alpha', note: null, points: 10, due: '2026-01-05', level: 'hi', tags: null, done: false },
];

const dataOf = (r: Omit<Row, 'id' | 'version'>) => ({
  [f.name as string]: r.name,
  [f.note as string]: r.note,
  [f.points as string]: r.points,
  [f.due as string]: r.due,
  [f.level as string]: r.level,
  [f.tags as string]: r.tags,
  [f.done as string]: r.done,
});

async function create(r: Omit<Row, 'id' | 'version'>): Promise<void> {
  const res = await team.owner.request('POST', `${base}/records`, { body: { data: dataOf(r) } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  rows.push({ ...r, id: res.json.data.id, version: res.json.data.version });
}

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '扫描团队');
  const appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '扫描' } })).json.data.code;
  const schema = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '数据' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schema}`;
  table = `d_${schema}`;
  const add = async (name: string, type: string, settings?: unknown) => {
    const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, settings } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.code as string;
  };
  const options = [
    { id: 'hi', label: '高', color: 'red' },
    { id: 'lo', label: '低', color: 'blue' },
  ];
  f.name = await add('名称', 'text');
  f.note = await add('备注', 'textarea');
  f.points = await add('分值', 'number');
  f.due = await add('截止', 'date');
  f.level = await add('级别', 'singleSelect', { options });
  f.tags = await add('标签', 'multiSelect', { options });
  f.done = await add('完成', 'checkbox');
  f.code = await add('编码', 'text');
  for (const r of seed) await create(r);
});
afterAll(async () => server?.close());

type Body = Record<string, unknown>;

async function page(body: Body): Promise<{ ids: string[]; next: string }> {
  const res = await team.owner.request('POST', `${base}/records/query`, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { ids: res.json.data.resultList.map((r: { id: string }) => r.id), next: res.json.data.nextCursor };
}

/** Every row of a list by following its cursors, `limit` at a time; no row twice. */
async function walk(body: Body, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (let n = 0; n < 100; n++) {
    const p = await page({ ...body, limit, ...(cursor ? { cursor } : {}) });
    ids.push(...p.ids);
    if (!p.next) break;
    cursor = p.next;
  }
  expect(new Set(ids).size).toBe(ids.length);
  return ids;
}

/** The same list paged by offsets (the cursors handed out before keysets: a bare number). */
async function byOffsets(body: Body, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; offset < 100; offset += limit) {
    const cursor = offset ? Buffer.from(JSON.stringify(offset)).toString('base64url') : undefined;
    const p = await page({ ...body, limit, ...(cursor ? { cursor } : {}) });
    ids.push(...p.ids);
    if (!p.next) break;
  }
  return ids;
}

/** The list in one page, its pages by keyset and by offset: all the same rows in the same order. */
async function consistent(body: Body, limit = 3): Promise<string[]> {
  const whole = (await page({ ...body, limit: 500 })).ids;
  expect(await walk(body, limit)).toEqual(whole);
  if (Array.isArray(body.sorts) && body.sorts.length) expect(await byOffsets(body, limit)).toEqual(whole);
  return whole;
}

const low = (s: string | null) => (s ?? '').toLowerCase();
const has = (s: string | null, needle: string) => s !== null && low(s).includes(needle.toLowerCase());
const expected = (pred: (r: Row) => boolean) =>
  rows
    .filter(pred)
    .map((r) => r.id)
    .sort();
const one = (field: string, operator: string, value?: unknown) => ({
  op: 'and',
  conditions: [{ field, operator, ...(value === undefined ? {} : { value }) }],
});

type Case = [string, () => Body['filter'], (r: Row) => boolean];
const matrix: Case[] = [
  ['text eq', () => one(f.name as string, 'eq', 'alpha'), (r) => r.name === 'alpha'],
  ['text neq', () => one(f.name as string, 'neq', 'alpha'), (r) => r.name !== 'alpha'],
  ['text contains Latin, any case', () => one(f.name as string, 'contains', 'ALPHA'), (r) => has(r.name, 'alpha')],
  ['text contains 3 Chinese', () => one(f.name as string, 'contains', '数据测'), (r) => has(r.name, '数据测')],
  ['text contains 2 Chinese', () => one(f.name as string, 'contains', '报告'), (r) => has(r.name, '报告')],
  ['text contains 2 Latin', () => one(f.name as string, 'contains', 'AB'), (r) => has(r.name, 'ab')],
  ['text contains 1 char', () => one(f.name as string, 'contains', 'a'), (r) => has(r.name, 'a')],
  ['text contains wildcards', () => one(f.name as string, 'contains', '0%_完'), (r) => has(r.name, '0%_完')],
  ['text contains with space', () => one(f.name as string, 'contains', 'pha 报'), (r) => has(r.name, 'pha 报')],
  ['text notContains', () => one(f.name as string, 'notContains', 'alpha'), (r) => !has(r.name, 'alpha')],
  ['textarea contains', () => one(f.note as string, 'contains', 'note'), (r) => has(r.note, 'note')],
  ['text startsWith', () => one(f.name as string, 'startsWith', 'AL'), (r) => low(r.name).startsWith('al')],
  ['text empty', () => one(f.name as string, 'empty'), (r) => !r.name],
  ['text notEmpty', () => one(f.name as string, 'notEmpty'), (r) => Boolean(r.name)],
  ['number eq', () => one(f.points as string, 'eq', 10), (r) => r.points === 10],
  ['number neq', () => one(f.points as string, 'neq', 10), (r) => r.points !== 10],
  ['number gt', () => one(f.points as string, 'gt', 10), (r) => r.points !== null && r.points > 10],
  ['number lte', () => one(f.points as string, 'lte', 10), (r) => r.points !== null && r.points <= 10],
  [
    'number between',
    () => one(f.points as string, 'between', [5, 20]),
    (r) => r.points !== null && r.points >= 5 && r.points <= 20,
  ],
  ['number empty', () => one(f.points as string, 'empty'), (r) => r.points === null],
  ['date eq', () => one(f.due as string, 'eq', '2026-01-05'), (r) => r.due === '2026-01-05'],
  ['date before', () => one(f.due as string, 'before', '2026-01-05'), (r) => r.due !== null && r.due < '2026-01-05'],
  ['date after', () => one(f.due as string, 'after', '2026-01-05'), (r) => r.due !== null && r.due > '2026-01-05'],
  [
    'date between',
    () => one(f.due as string, 'between', ['2025-01-01', '2026-01-31']),
    (r) => r.due !== null && r.due >= '2025-01-01' && r.due <= '2026-01-31',
  ],
  ['date empty', () => one(f.due as string, 'empty'), (r) => r.due === null],
  ['select eq', () => one(f.level as string, 'eq', 'hi'), (r) => r.level === 'hi'],
  ['select neq', () => one(f.level as string, 'neq', 'hi'), (r) => r.level !== 'hi'],
  ['select in', () => one(f.level as string, 'in', ['hi', 'lo']), (r) => r.level !== null],
  ['select notIn', () => one(f.level as string, 'notIn', ['lo']), (r) => r.level !== 'lo'],
  ['select empty', () => one(f.level as string, 'empty'), (r) => r.level === null],
  ['multi contains', () => one(f.tags as string, 'contains', 'lo'), (r) => Boolean(r.tags?.includes('lo'))],
  ['multi notContains', () => one(f.tags as string, 'notContains', 'lo'), (r) => !r.tags?.includes('lo')],
  ['multi empty', () => one(f.tags as string, 'empty'), (r) => !r.tags?.length],
  ['checkbox true', () => one(f.done as string, 'isTrue'), (r) => r.done === true],
  ['checkbox false', () => one(f.done as string, 'isFalse'), (r) => r.done !== true],
  [
    'or of two fields',
    () => ({
      op: 'or',
      conditions: [
        { field: f.level, operator: 'eq', value: 'lo' },
        { field: f.note, operator: 'contains', value: 'ALPHA' },
      ],
    }),
    (r) => r.level === 'lo' || has(r.note, 'alpha'),
  ],
];

const searches: [string, (r: Row) => boolean][] = [
  ['alpha', (r) => has(r.name, 'alpha') || has(r.note, 'alpha')],
  ['数据', (r) => has(r.name, '数据') || has(r.note, '数据')],
  ['数据库', (r) => has(r.name, '数据库') || has(r.note, '数据库')],
  ['ab', (r) => has(r.name, 'ab') || has(r.note, 'ab')],
  ['NOTE', (r) => has(r.name, 'note') || has(r.note, 'note')],
];

const SORTS = [
  { field: 'points', direction: 'desc' },
  { field: 'name', direction: 'asc' },
];
const sortsOf = (s: { field: string; direction: string }[]) =>
  s.map((x) => ({ field: f[x.field] ?? x.field, direction: x.direction }));

/** Every matrix case and search, each in the default order and sorted, against the oracle. */
async function checkAll(): Promise<void> {
  for (const [label, filter, pred] of matrix) {
    const want = expected(pred);
    expect([...(await consistent({ filter: filter() }))].sort(), label).toEqual(want);
    expect([...(await consistent({ filter: filter(), sorts: sortsOf(SORTS) }))].sort(), label).toEqual(want);
  }
  for (const [text, pred] of searches) {
    const want = expected(pred);
    expect([...(await consistent({ search: text }))].sort(), text).toEqual(want);
    expect([...(await consistent({ search: text, sorts: sortsOf(SORTS) }))].sort(), text).toEqual(want);
  }
}

const db = () => server.database.handle;
/** checkAll makes some 700 requests: time enough for them on a loaded machine (not a speed check). */
const CHECK_ALL_TIMEOUT = 120_000;

async function indexStates(): Promise<{ name: string; kind: string; state: string; progress: number }[]> {
  return (
    await sql<{
      name: string;
      kind: string;
      state: string;
      progress: number;
    }>`select name, kind, state, progress from record_indexes where table_name = ${table}`.execute(db().db)
  ).rows;
}

async function physicalIndexes(): Promise<string[]> {
  const h = db();
  const rows =
    h.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where tbl_name = ${table}`.execute(h.db)).rows
      : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(h.db))
          .rows;
  const fts =
    h.dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name like ${`${table}%_tx`}`.execute(h.db)
        ).rows
      : [];
  return [...rows, ...fts].map((r) => r.name);
}

const textIndex = (code: string) => `${table}_f_${code}_tx`;

describe('ids-first lists and full text give the answers the rows hold', () => {
  it(
    'answers every operator × field type and the search box by scanning, before any index',
    async () => {
      await checkAll();
    },
    CHECK_ALL_TIMEOUT,
  );

  it(
    'builds the full-text indexes in the background and answers the same through them',
    async () => {
      await expect
        .poll(
          async () => {
            const states = await indexStates();
            return [f.name, f.note].every((c) =>
              states.some((s) => s.name === textIndex(c as string) && s.state === 'ready' && s.progress === 100),
            );
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      const names = await physicalIndexes();
      expect(names).toContain(textIndex(f.name as string));
      if (db().dialect === 'sqlite') {
        // The FTS5 table holds each non-empty name once.
        const n = await sql<{ n: number }>`select count(*) as n from ${sql.table(textIndex(f.name as string))}`.execute(
          db().db,
        );
        expect(Number(n.rows[0]?.n)).toBe(rows.filter((r) => r.name !== null).length);
        // The list reads through it: a row taken out of the index alone is missed by a needle of
        // three characters or more (the index narrows first) and still found by a shorter one (a scan).
        const fts = sql.table(textIndex(f.name as string));
        const gamma = rows[6] as Row;
        const rowid = sql<{ rowid: number }>`(select rowid from ${sql.table(table)} where id = ${gamma.id})`;
        await sql`delete from ${fts} where rowid = ${rowid}`.execute(db().db);
        const gammaIds = async (needle: string) =>
          (await page({ filter: one(f.name as string, 'contains', needle) })).ids.includes(gamma.id);
        expect(await gammaIds('gamma')).toBe(false);
        expect(await gammaIds('ga')).toBe(true);
        await sql`insert into ${fts} (rowid, ${sql.ref(`f_${f.name}`)})
        select rowid, ${sql.ref(`f_${f.name}`)} from ${sql.table(table)} where id = ${gamma.id}`.execute(db().db);
        expect(await gammaIds('gamma')).toBe(true);
      } else {
        const def = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = ${textIndex(
          f.name as string,
        )}`.execute(db().db);
        expect(def.rows[0]?.indexdef).toContain('gin_trgm_ops');
      }
      await checkAll();
    },
    CHECK_ALL_TIMEOUT,
  );

  it('walks the list order for a needle that fills the page, and reads the full-text hits otherwise', async () => {
    // The sorted lists' order index, asked for by the matrix's sorted "contains" lists.
    const order = (await indexStates()).filter((s) => s.kind === 'view');
    expect(order.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await indexStates()).filter((s) => s.kind === 'view' && s.state !== 'ready').length, {
        timeout: 60_000,
      })
      .toBe(0);
    if (db().dialect !== 'sqlite') return;
    // Take 'alpha' (a name three others share) out of the full-text index alone: a page the walk
    // fills reads the rows themselves and finds it; the whole list (it does not fill 500) reads the
    // index's hits and misses it. Both in the default order and sorted.
    const fts = sql.table(textIndex(f.name as string));
    const alpha = rows.find((r) => r.name === 'alpha') as Row;
    const rowid = sql<{ rowid: number }>`(select rowid from ${sql.table(table)} where id = ${alpha.id})`;
    await sql`delete from ${fts} where rowid = ${rowid}`.execute(db().db);
    try {
      const filter = one(f.name as string, 'contains', 'alpha');
      for (const sorts of [undefined, sortsOf(SORTS)]) {
        const body = { filter, ...(sorts ? { sorts } : {}) };
        // Of the three matches, 'alpha' is the newest, and second by (points desc, name asc): a page
        // of two holds it, and the walk fills that page (three matches) from the rows themselves.
        expect((await page({ ...body, limit: 2 })).ids).toContain(alpha.id);
        expect((await page({ ...body, limit: 500 })).ids).not.toContain(alpha.id);
      }
    } finally {
      await sql`insert into ${fts} (rowid, ${sql.ref(`f_${f.name}`)})
        select rowid, ${sql.ref(`f_${f.name}`)} from ${sql.table(table)} where id = ${alpha.id}`.execute(db().db);
    }
  });

  it(
    'keeps the full-text index in step with creates, updates and deletes',
    async () => {
      await expect
        .poll(async () => (await indexStates()).filter((s) => s.kind === 'text' && s.state === 'ready').length, {
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(2);
      await create({
        name: 'Alphanumeric 新数据测试',
        note: 'late NOTE',
        points: 20,
        due: null,
        level: 'lo',
        tags: null,
        done: true,
      });
      const renamed = rows[1] as Row;
      const res = await team.owner.request('PATCH', `${base}/records/${renamed.id}`, {
        body: { version: renamed.version, data: { [f.name as string]: 'zeta 数据测验', [f.note as string]: null } },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      renamed.name = 'zeta 数据测验';
      renamed.note = null;
      renamed.version = res.json.data.version;
      const gone = rows[6] as Row;
      const del = await team.owner.request('DELETE', `${base}/records/${gone.id}?version=${gone.version}`);
      expect(del.status, JSON.stringify(del.json)).toBe(200);
      rows.splice(6, 1);
      if (db().dialect === 'sqlite') {
        const hits = async (text: string) =>
          (
            await sql<{ rowid: number }>`select rowid from ${sql.table(textIndex(f.name as string))}
            where ${sql.table(textIndex(f.name as string))} match ${`"${text}"`}`.execute(db().db)
          ).rows.length;
        expect(await hits('zeta')).toBe(1);
        expect(await hits('alphabet')).toBe(0);
        expect(await hits('gamma')).toBe(0);
        expect(await hits('alphanumeric')).toBe(1);
      }
      await checkAll();
    },
    CHECK_ALL_TIMEOUT,
  );
});

describe('keyset cursors on sorted lists', () => {
  it.each([
    [[{ field: 'points', direction: 'desc' }], 1],
    [[{ field: 'points', direction: 'asc' }], 2],
    [[{ field: 'name', direction: 'desc' }], 3],
    [
      [
        { field: 'level', direction: 'asc' },
        { field: 'points', direction: 'desc' },
      ],
      2,
    ],
    [
      [
        { field: 'due', direction: 'desc' },
        { field: 'done', direction: 'asc' },
        { field: 'points', direction: 'asc' },
      ],
      1,
    ],
    [[{ field: 'createdAt', direction: 'asc' }], 4],
  ])('pages %j (%i at a time) through every row once, in the one-page order', async (sorts, limit) => {
    const body = { sorts: sortsOf(sorts) };
    const whole = await consistent(body, limit);
    expect([...whole].sort()).toEqual(rows.map((r) => r.id).sort());
    // Empty values come last in both directions.
    const key = sorts[0]?.field as string;
    if (key !== 'createdAt') {
      const values = whole.map((id) => (rows.find((r) => r.id === id) as unknown as Record<string, unknown>)[key]);
      const firstEmpty = values.indexOf(null);
      if (firstEmpty >= 0) expect(values.slice(firstEmpty).every((v) => v === null)).toBe(true);
    }
  });

  it('pages a filtered sorted list and a saved view by keyset', async () => {
    const filter = one(f.level as string, 'neq', 'lo');
    await consistent({ filter, sorts: sortsOf([{ field: 'points', direction: 'asc' }]) }, 2);
    const view = await team.owner.request('POST', `${base}/views`, {
      body: {
        name: '按分值',
        kind: 'grid',
        config: {
          columns: [{ field: f.name, hidden: false }],
          sorts: sortsOf([
            { field: 'points', direction: 'desc' },
            { field: 'due', direction: 'asc' },
          ]),
          filter,
          rowHeight: 'short',
          pageSize: 50,
        },
      },
    });
    expect(view.status, JSON.stringify(view.json)).toBe(200);
    const ids = await consistent({ view: view.json.data.code }, 2);
    expect([...ids].sort()).toEqual(expected((r) => r.level !== 'lo'));
  });

  it('pages by offset where a keyset would not fit in a cursor (long text sort values)', async () => {
    for (const c of ['甲', '乙', '丙']) await create({ ...(seed[0] as Row), name: c.repeat(300) });
    const body = { sorts: sortsOf([{ field: 'name', direction: 'desc' }]) };
    const first = await page({ ...body, limit: 1 });
    expect(first.next.length).toBeLessThanOrEqual(500);
    const whole = await consistent(body, 1);
    expect([...whole].sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('treats a cursor from another list or a malformed one as the start', async () => {
    const body = { sorts: sortsOf([{ field: 'points', direction: 'desc' }]), limit: 2 };
    const first = await page(body);
    const junk = Buffer.from(JSON.stringify({ k: [{}], i: 1 })).toString('base64url');
    expect((await page({ ...body, cursor: junk })).ids).toEqual(first.ids);
    expect((await page({ ...body, cursor: 'not a cursor' })).ids).toEqual(first.ids);
    // A keyset of another sort (two keys for one) starts over rather than failing.
    const other = Buffer.from(JSON.stringify({ k: [1, 2], i: 'x' })).toString('base64url');
    expect((await page({ ...body, cursor: other })).ids).toEqual(first.ids);
  });
});

describe('indexes built in the background', () => {
  it('answers a filter on a column nothing indexes at once, builds its index by a job, and answers the same after', async () => {
    const target = rows[0] as Row;
    const res = await team.owner.request('PATCH', `${base}/records/${target.id}`, {
      body: { version: target.version, data: { [f.code as string]: 'K-1' } },
    });
    expect(res.status).toBe(200);
    target.version = res.json.data.version;
    const body = {
      filter: one(f.code as string, 'eq', 'K-1'),
      sorts: sortsOf([{ field: 'points', direction: 'desc' }]),
    };
    expect((await page(body)).ids).toEqual([target.id]);
    const name = `${table}_f_${f.code}_ix`;
    await expect
      .poll(async () => (await indexStates()).find((s) => s.name === name)?.state, { timeout: 60_000 })
      .toBe('ready');
    expect(await physicalIndexes()).toContain(name);
    expect((await page(body)).ids).toEqual([target.id]);
  });
});
