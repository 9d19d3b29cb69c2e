import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldsTable } from '../src/db/schema.js';
import { compileImportCell } from '../src/modules/transfer/cells.js';
import { loadNames } from '../src/modules/transfer/names.js';
import { finishedImport } from './export-helpers.js';
import { startTestServer, type TestServer } from './harness.js';
import { createAppTable, createTeam, type TeamFixture, tableNameOf } from './org-helpers.js';

/**
 * A bulk import stores, on the field-type matrix, exactly what the record API stores for the same
 * values (issue 15): the fast cell readers (fast-cells.ts), the per-column memo and, on PostgreSQL,
 * COPY's text format (tabs, newlines, carriage returns, backslashes, `\N` and `\.` as text, quotes,
 * emoji, blanks and nulls) change nothing in the columns.
 */
let server: TestServer;
let team: TeamFixture;
let base: string;
let table: string;
const APP = { 'x-app-name': 'canopy-web' };

const HEADER = [
  '键',
  '文本',
  '多行',
  '数字',
  '金额',
  '百分比',
  '日期',
  '时间',
  '单选',
  '多选',
  '勾选',
  '负责人',
  '邮箱',
  '链接',
];
const q = (text: string) => `"${text.replaceAll('"', '""')}"`;
/** Each row's cells as the sheet holds them (the first is the row's key). */
const ROWS: string[][] = [
  [
    'k1',
    'a\tb',
    q('line one\nline two\r\nthree\rfour'),
    q('1,234.5'),
    '¥12.345',
    '0.12345',
    '2024-02-29',
    '2026-01-05 08:30:00',
    '进行中',
    '线上、加急',
    '是',
    '王小明',
    'A@Example.CN',
    'http://s.cn/1',
  ],
  [
    'k2',
    'back\\slash \\N \\. \\t',
    q('\\.\n\\N\n\\'),
    '  7 ',
    '-0',
    '1e-5',
    '2026/1/5',
    '2026-01-05T23:59',
    '已完成',
    '加急;线上;线上',
    '否',
    '',
    '',
    '',
  ],
  [
    'k3',
    q('say "hi", twice ""'),
    q('  keeps  blanks  '),
    '1e3',
    '2.675',
    '-0.00005',
    ' 2026-11-22 ',
    '2024-02-29 00:00:00',
    '',
    '',
    'TRUE',
    '王小明',
    'x@y.cn',
    'https://e.cn/?a=1&b=\\',
  ],
  ['k4', '😀 emoji 𠮷 字', q('😀\t😀'), '', '', '', '', '2026.11.4 7:05', 'done', '线上', '', '', '', ''],
  ['k5', "'=1+1", q("'+2"), '-12', '0', '1', '2026-02-28', '1999-12-31 16:00:00', '', '', '1', '', '', ''],
  ['k6', '', '', '', '', '', '', '', '', '', '', '', '', ''],
];
const csv = [HEADER.join(','), ...ROWS.map((r) => r.join(','))].join('\n');

beforeAll(async () => {
  server = await startTestServer();
  team = await createTeam(server, '导入取值团队', '王小明');
  const made = await createAppTable(team, '取值', '矩阵');
  base = made.base;
  const field = async (name: string, type: string, settings?: Record<string, unknown>) => {
    const res = await team.owner.request('POST', `${base}/fields`, {
      body: { name, type, ...(settings ? { settings } : {}) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };
  await field('键', 'text');
  await field('文本', 'text');
  await field('多行', 'textarea');
  await field('数字', 'number');
  await field('金额', 'money', { precision: 2 });
  await field('百分比', 'percent', { precision: 4 });
  await field('日期', 'date');
  await field('时间', 'datetime');
  const options = (labels: [string, string][]) => labels.map(([id, label]) => ({ id, label, color: 'blue' }));
  await field('单选', 'singleSelect', {
    options: options([
      ['open', '进行中'],
      ['done', '已完成'],
    ]),
  });
  await field('多选', 'multiSelect', {
    options: options([
      ['t1', '加急'],
      ['t2', '线上'],
    ]),
  });
  await field('勾选', 'checkbox');
  await field('负责人', 'member');
  await field('邮箱', 'email');
  await field('链接', 'url');
  table = await tableNameOf(server, made.schemaCode);
});
afterAll(async () => server?.close());

const waitFor = (jobId: string) => finishedImport(team.owner, `${base}/imports/${jobId}`);

/** The field columns of every record, by the record's key and how it was made. */
async function columns(fields: FieldsTable[]) {
  const db = server.database.handle.db;
  const keyColumn = fields.find((f) => f.name === '键')?.column_name as string;
  // biome-ignore lint/suspicious/noExplicitAny: the records' table is made at run time
  const rows = (await (db as any).selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
  return rows.map((row) => ({ key: row[keyColumn], values: fields.map((f) => [f.name, row[f.column_name]]) }));
}

describe('bulk import values (issue 15)', () => {
  it('stores what the record API stores for the same values, in both modes', async () => {
    const db = server.database.handle.db;
    const fields = (await db
      .selectFrom('fields')
      .selectAll()
      .where('schema_code', '=', base.split('/').pop() as string)
      .where('deleted_at', 'is', null)
      .execute()) as FieldsTable[];
    const mine = HEADER.map((name) => fields.find((f) => f.name === name) as FieldsTable);
    // The record API's way: each cell read as the import reads it, then created like any record.
    const names = await loadNames(db, team.engineCode);
    const { parse } = await import('csv-parse/sync');
    const sheet = (parse(csv) as string[][]).slice(1);
    for (const cells of sheet) {
      const data: Record<string, unknown> = {};
      mine.forEach((f, i) => {
        const value = compileImportCell(f, names)(cells[i]);
        if (value !== null) data[f.code] = value;
      });
      data[mine[0]?.code as string] = `api-${cells[0]}`;
      const res = await team.owner.request('POST', `${base}/records`, { body: { data } });
      expect(res.status, `${cells[0]}: ${JSON.stringify(res.json)}`).toBe(200);
    }
    for (const mode of ['atomic', 'skip']) {
      const job = (await team.owner.upload(`${base}/imports`, `${mode}.csv`, Buffer.from(csv), APP)).json.data;
      const mapping = Object.fromEntries(HEADER.map((name, i) => [name, mine[i]?.code]));
      const started = await team.owner.request('POST', `${base}/imports/${job.id}/start`, { body: { mapping, mode } });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      expect(await waitFor(job.id), mode).toMatchObject({ state: 'done', created: ROWS.length, failed: 0 });
      const rows = await columns(mine);
      for (const cells of ROWS) {
        const key = cells[0] as string;
        const imported = rows.filter((r) => r.key === key);
        const api = rows.find((r) => r.key === `api-${key}`);
        expect(imported.length, key).toBe(mode === 'atomic' ? 1 : 2);
        for (const row of imported) expect(row.values.slice(1), `${mode} ${key}`).toEqual(api?.values.slice(1));
      }
    }
    // The tricky text made it through as the sheet held it.
    const rows = await columns(mine);
    const text = (key: string, name: string) => rows.find((r) => r.key === key)?.values.find(([n]) => n === name)?.[1];
    expect(text('k1', '文本')).toBe('a\tb');
    expect(text('k1', '多行')).toBe('line one\nline two\r\nthree\rfour');
    expect(text('k2', '文本')).toBe('back\\slash \\N \\. \\t');
    expect(text('k2', '多行')).toBe('\\.\n\\N\n\\');
    expect(text('k3', '文本')).toBe('say "hi", twice ""');
    // A cell is trimmed (as always): the blanks inside stay.
    expect(text('k3', '多行')).toBe('keeps  blanks');
    expect(text('k4', '文本')).toBe('😀 emoji 𠮷 字');
    expect(text('k4', '多行')).toBe('😀\t😀');
    expect(text('k6', '文本')).toBeNull();
    expect(text('k4', '数字')).toBeNull();
  });

  it('all or nothing: a row the database refuses in a later chunk, while the next is converted, leaves no rows', async () => {
    const db = server.database.handle.db;
    const key = (
      await db
        .selectFrom('fields')
        .select('column_name')
        .where('schema_code', '=', base.split('/').pop() as string)
        .where('name', '=', '键')
        .executeTakeFirstOrThrow()
    ).column_name;
    // The database itself refuses one key (the converter accepts it): on PostgreSQL inside a COPY
    // while the import converts the chunk after it, on SQLite in the move.
    if (server.database.handle.dialect === 'postgres')
      await sql
        .raw(`alter table "${table}" add constraint import_refuse check ("${key}" is distinct from 'boom')`)
        .execute(db);
    else
      await sql
        .raw(
          `create trigger import_refuse before insert on "${table}" when new."${key}" = 'boom' begin select raise(abort, 'refused'); end`,
        )
        .execute(db);
    try {
      const lines = ['键,数字'];
      for (let i = 1; i <= 7_000; i++) lines.push(`${i === 4_321 ? 'boom' : `r${i}`},${i}`);
      const job = (await team.owner.upload(`${base}/imports`, 'refused.csv', Buffer.from(lines.join('\n')), APP)).json
        .data;
      const mapping = { 键: job.mapping.键, 数字: job.mapping.数字 };
      await team.owner.request('POST', `${base}/imports/${job.id}/start`, { body: { mapping, mode: 'atomic' } });
      expect(await waitFor(job.id)).toMatchObject({ state: 'failed', created: 0 });
      // biome-ignore lint/suspicious/noExplicitAny: the records' table is made at run time
      const left = await (db as any).selectFrom(table).select(sql`count(*)`.as('n')).where(key, 'like', 'r%').execute();
      expect(Number(left[0].n)).toBe(0);
      expect(
        await db.selectFrom('record_imports').select('import_id').where('import_id', '=', job.id).execute(),
      ).toEqual([]);
    } finally {
      if (server.database.handle.dialect === 'postgres')
        await sql.raw(`alter table "${table}" drop constraint import_refuse`).execute(db);
      else await sql.raw('drop trigger import_refuse').execute(db);
    }
  });
});
