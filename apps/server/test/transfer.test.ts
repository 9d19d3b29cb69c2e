import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { RecordLimits } from '@canopy/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSideConnections } from '../src/db/side-connection.js';
import { runMaintenance } from '../src/maintenance.js';
import type { ImportHooks } from '../src/test-hooks.js';
import { exportView, finishedExport, finishedImport } from './export-helpers.js';
import { startTestServer, type TestClient, type TestServer } from './harness.js';
import { withTestHooks } from './hooked-server.js';
import { createTeam, joinTeam, type TeamFixture } from './org-helpers.js';

/** Export (escaping, views, permissions) and import (both modes, bad rows, files, restarts). */
let server: TestServer;
/** The import service's test hooks (a look between a bulk import's chunks). */
const hooks: ImportHooks = {};
let team: TeamFixture;
let member: { client: TestClient; memberId: string };
let appCode: string;
let base: string;
const f: Record<string, string> = {};
const APP = { 'x-app-name': 'canopy-web' };
const FULL = {
  add: ['manager', 'member'],
  view: ['manager', 'member'],
  edit: ['manager', 'member'],
  delete: ['manager', 'member'],
  import: ['manager', 'member'],
  export: ['manager', 'member'],
};

async function userId(client: TestClient): Promise<string> {
  return (await client.request('GET', '/v1/user/information/basic')).json.data.id;
}

async function all(client: TestClient) {
  const res = await client.request('POST', `${base}/records/query`, {
    body: { sorts: [{ field: f.amount, direction: 'asc' }], limit: 500 },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.resultList as { id: string; data: Record<string, unknown> }[];
}

async function fileOf(client: TestClient, body: { format: string; view?: string }) {
  const res = await exportView(client, base, body);
  if (res.status !== 200 || !('file' in res)) throw new Error(`export refused: ${JSON.stringify(res)}`);
  expect(res.file.status, res.file.bytes.toString()).toBe(200);
  return res;
}

async function csvOf(client: TestClient, body: { format: string; view?: string }): Promise<string[][]> {
  const { file } = await fileOf(client, body);
  return parse(file.bytes.toString('utf8'), { bom: true, relax_column_count: true }) as string[][];
}

const waitFor = (client: TestClient, jobId: string) => finishedImport(client, `${base}/imports/${jobId}`);

/** A zip entry as a crafted file may declare it: `declared` is the unpacked size its headers claim. */
interface ZipEntry {
  name: string;
  deflated: Buffer;
  declared: number;
  crc: number;
}

/**
 * Packs entries into a zip by hand, trusting whatever sizes they declare (that is the point).
 * `unlisted` entries come first and only as local entries, missing from the central directory.
 */
function zipOf(entries: ZipEntry[], unlisted: ZipEntry[] = []): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of [...unlisted, ...entries]) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    if (!unlisted.includes(e)) centrals.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const honest = (name: string, text: string): ZipEntry => {
  const bytes = Buffer.from(text);
  return { name, deflated: zlib.deflateRawSync(bytes), declared: bytes.length, crc: zlib.crc32(bytes) };
};

/**
 * A sheet that declares 2 KB but inflates to `mb` megabytes of blank space: one deflated megabyte
 * (about 1 KB, flushed so each copy stands alone) repeated, between the sheet's start and end.
 */
function bombSheet(mb: number): ZipEntry {
  const flush = { flush: zlib.constants.Z_FULL_FLUSH, finishFlush: zlib.constants.Z_FULL_FLUSH };
  const head = zlib.deflateRawSync(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>名称</t></is></c></row>',
    ),
    flush,
  );
  const blank = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, 32), flush);
  const tail = zlib.deflateRawSync(Buffer.from('</sheetData></worksheet>'));
  const sheet = Buffer.concat([head, ...Array.from({ length: mb }, () => blank), tail]);
  return { name: 'xl/worksheets/sheet1.xml', deflated: sheet, declared: 2048, crc: 0 };
}

/**
 * An xlsx of these parts around `sheet`; `unlisted` parts hide from its central directory; `extra`
 * parts follow the sheet.
 */
function xlsxOf(sheet: ZipEntry, unlisted: ZipEntry[] = [], extra: ZipEntry[] = []): Buffer {
  const ns = 'http://schemas.openxmlformats.org';
  return zipOf(
    [
      honest(
        '[Content_Types].xml',
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
      honest(
        '_rels/.rels',
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      honest(
        'xl/workbook.xml',
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="数据" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      honest(
        'xl/_rels/workbook.xml.rels',
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      sheet,
      ...extra,
    ],
    unlisted,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  await withTestHooks(server, { imports: hooks });
  team = await createTeam(server, '导入导出团队', '王小明');
  member = await joinTeam(server, team, '李晓华');
  appCode = (await team.owner.request('POST', '/v1/apps', { body: { displayName: '销售' } })).json.data.code;
  await team.owner.request('POST', '/v1/apps/role/add', {
    body: { appCode, userIds: [await userId(member.client)], role: 'member' },
  });
  const schemaCode = (
    await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '订单' } })
  ).json.data.code;
  base = `/v1/apps/${appCode}/schemas/${schemaCode}`;
  const field = async (name: string, type: string, extra: Record<string, unknown> = {}) => {
    const res = await team.owner.request('POST', `${base}/fields`, { body: { name, type, ...extra } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data.code as string;
  };
  f.name = await field('名称', 'text');
  f.amount = await field('金额', 'number');
  f.status = await field('状态', 'singleSelect', {
    settings: {
      options: [
        { id: 'open', label: '进行中', color: 'blue' },
        { id: 'done', label: '已完成', color: 'green' },
      ],
    },
  });
  f.day = await field('日期', 'date');
  f.owner = await field('负责人', 'member');
  f.paid = await field('已付款', 'checkbox');
  f.cost = await field('成本', 'number');
  expect((await team.owner.request('PUT', base, { body: { permissions: FULL } })).status).toBe(200);
});
afterAll(async () => server?.close());

describe('export', () => {
  beforeAll(async () => {
    const rows = [
      { [f.name as string]: '=SUM(A1:A9)', [f.amount as string]: -5, [f.status as string]: 'open' },
      { [f.name as string]: '+86 电话', [f.amount as string]: 1, [f.paid as string]: true },
      { [f.name as string]: '-减号', [f.amount as string]: 2 },
      { [f.name as string]: '@提及', [f.amount as string]: 3, [f.owner as string]: [team.memberId] },
      { [f.name as string]: '制表', [f.amount as string]: 4, [f.day as string]: '2026-11-22' },
      { [f.name as string]: '普通', [f.amount as string]: 5, [f.cost as string]: 99 },
    ];
    const res = await team.owner.request('POST', `${base}/records/batch`, {
      body: { create: rows.map((data) => ({ data })) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await member.client.request('POST', `${base}/records`, {
      body: { data: { [f.name as string]: '成员的单', [f.amount as string]: 6 } },
    });
  });

  it('writes CSV with names and labels, escaping text a spreadsheet would run', async () => {
    const rows = await csvOf(team.owner, { format: 'csv' });
    expect(rows[0]).toEqual(['名称', '金额', '状态', '日期', '负责人', '已付款', '成本']);
    const byAmount = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byAmount.get('-5')?.slice(0, 3)).toEqual(["'=SUM(A1:A9)", '-5', '进行中']);
    expect(byAmount.get('1')?.[0]).toBe("'+86 电话");
    expect(byAmount.get('1')?.[5]).toBe('是');
    expect(byAmount.get('2')?.[0]).toBe("'-减号");
    expect(byAmount.get('3')?.[0]).toBe("'@提及");
    expect(byAmount.get('3')?.[4]).toBe('王小明');
    expect(byAmount.get('4')?.[3]).toBe('2026-11-22');
    expect(rows.length).toBe(8);
  });

  it('writes xlsx the same way, numbers as numbers', async () => {
    const { file: res, job } = await fileOf(team.owner, { format: 'xlsx' });
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    expect(job.fileName).toMatch(/^订单-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(job.processed).toBe(7);
    expect(job.percent).toBe(100);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values =
      sheet
        ?.getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1)) ?? [];
    expect(values[0]?.[0]).toBe('名称');
    const formula = values.find((r) => r[1] === -5);
    expect(formula?.[0]).toBe("'=SUM(A1:A9)");
    expect(typeof formula?.[1]).toBe('number');
    expect(values.length).toBe(8);
  });

  it('follows the view: its filter, sorts and shown columns', async () => {
    const view = await team.owner.request('POST', `${base}/views`, {
      body: {
        name: '大额',
        kind: 'grid',
        config: {
          columns: [
            { field: f.amount, hidden: false },
            { field: f.name, hidden: false },
            { field: f.status, hidden: true },
            { field: f.day, hidden: true },
            { field: f.owner, hidden: true },
            { field: f.paid, hidden: true },
            { field: f.cost, hidden: true },
          ],
          filter: { op: 'and', conditions: [{ field: f.amount, operator: 'gte', value: 3 }] },
          sorts: [{ field: f.amount, direction: 'desc' }],
          rowHeight: 'short',
          pageSize: 50,
        },
      },
    });
    expect(view.status, JSON.stringify(view.json)).toBe(200);
    const rows = await csvOf(team.owner, { format: 'csv', view: view.json.data.code });
    expect(rows).toEqual([
      ['金额', '名称'],
      ['6', '成员的单'],
      ['5', '普通'],
      ['4', '制表'],
      ['3', "'@提及"],
    ]);
  });

  it('applies the member’s row and field rules, and the export permission', async () => {
    await team.owner.request('PUT', base, {
      body: {
        permissions: {
          ...FULL,
          fields: { [f.cost as string]: { member: 'hidden' } },
          rows: { member: { scope: 'mine' } },
        },
      },
    });
    const rows = await csvOf(member.client, { format: 'csv' });
    expect(rows[0]).not.toContain('成本');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['成员的单']);
    await team.owner.request('PUT', base, { body: { permissions: { ...FULL, export: ['manager'] } } });
    const refused = await exportView(member.client, base, { format: 'csv' });
    expect(refused.status).toBe(403);
    expect('json' in refused && refused.json.errorMessage).toBe('无导出数据权限');
    const bad = await member.client.request('POST', `${base}/exports`, { body: { format: 'pdf' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('format');
    await team.owner.request('PUT', base, { body: { permissions: FULL } });
  });
  it('is a job: answers at once, follows progress, and its link is its member’s alone', async () => {
    const start = await team.owner.request('POST', `${base}/exports`, { body: { format: 'csv' } });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    const started = start.json.data;
    expect(started).toMatchObject({ state: 'running', downloadUrl: '', total: 7 });
    const job = await finishedExport(team.owner, `${base}/exports/${started.id}`);
    expect(job).toMatchObject({ state: 'done', processed: 7, total: 7, percent: 100 });
    expect(job.expiresAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // Another member: neither the job nor the link.
    expect((await member.client.request('GET', `${base}/exports/${started.id}`)).status).toBe(404);
    const foreign = await member.client.download(job.downloadUrl);
    expect(foreign.status).toBe(404);
    expect(foreign.bytes.toString()).toContain('下载链接无效');
    expect((await team.owner.download(job.downloadUrl)).status).toBe(200);
    // The file is in the store under one key; the letter came once.
    const keys = fs.readdirSync(path.join(server.dataDir, 'exports', team.engineCode));
    expect(keys).toContain(`${started.id}.csv`);
  });

  it('an expired link answers a page in words; maintenance removes the file', async () => {
    const { job } = await fileOf(team.owner, { format: 'xlsx' });
    const db = server.database.handle.db;
    await db
      .updateTable('export_jobs')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', job.id)
      .execute();
    const expired = await team.owner.download(job.downloadUrl);
    expect(expired.status).toBe(410);
    expect(expired.headers.get('content-type')).toContain('text/html');
    expect(expired.bytes.toString()).toContain('下载链接已过期');
    const file = path.join(server.dataDir, 'exports', team.engineCode, `${job.id}.xlsx`);
    expect(fs.existsSync(file)).toBe(true);
    await runMaintenance(db, server.dataDir, Date.now(), server.app.fileStore);
    expect(fs.existsSync(file)).toBe(false);
    expect(await db.selectFrom('export_jobs').select('id').where('id', '=', job.id).executeTakeFirst()).toBeUndefined();
  });

  it('a job whose process died is taken up again and leaves one file', async () => {
    const { job } = await fileOf(team.owner, { format: 'csv' });
    const db = server.database.handle.db;
    // As if the process running it died after writing its file: the job running, its lease over.
    await db
      .updateTable('export_jobs')
      .set({ state: 'running', file_key: '', processed: 0 })
      .where('id', '=', job.id)
      .execute();
    const queued = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'export')
      .where('payload', 'like', `%${job.id}%`)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('jobs')
      .set({ state: 'running', lease_until: Date.now() - 1, locked_by: 'dead-process', attempts: 1 })
      .where('id', '=', queued.id)
      .execute();
    await server.app.jobs.tick();
    const again = await finishedExport(team.owner, `${base}/exports/${job.id}`);
    expect(again).toMatchObject({ state: 'done', processed: 7 });
    expect((await server.app.jobs.find(queued.id))?.attempts).toBe(2);
    const files = fs
      .readdirSync(path.join(server.dataDir, 'exports', team.engineCode))
      .filter((name) => name.startsWith(job.id));
    expect(files).toEqual([`${job.id}.csv`]);
    const rows = parse((await team.owner.download(again.downloadUrl)).bytes.toString('utf8'), { bom: true });
    expect(rows.length).toBe(8);
  });
});

describe('import', () => {
  const csv = [
    '名称,金额,状态,日期,负责人,备注',
    '导入一,10,进行中,2026/11/1,王小明,x',
    '导入二,abc,已完成,2026-11-02,,y',
    '导入三,30,不存在的状态,,,z',
    '导入四,40,已完成,2026.11.4,查无此人,',
    '"导入五，含逗号",50,,,,',
  ].join('\n');

  it('reads the header, previews, counts and suggests a mapping by name', async () => {
    const res = await team.owner.upload(`${base}/imports`, '订单.csv', Buffer.from(csv), APP);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const job = res.json.data;
    expect(job).toMatchObject({ state: 'uploaded', total: 5, fileName: '订单.csv' });
    expect(job.columns).toEqual(['名称', '金额', '状态', '日期', '负责人', '备注']);
    expect(job.mapping).toEqual({ 名称: f.name, 金额: f.amount, 状态: f.status, 日期: f.day, 负责人: f.owner });
    expect(job.preview[0]).toEqual(['导入一', '10', '进行中', '2026/11/1', '王小明', 'x']);
  });

  it('refuses a CSV whose quote is never closed (several MiB in one row), naming the row', async () => {
    const text = `名称,备注\n一,正常\n二,"没有结束引号${'很长的内容，'.repeat(1_000_000)}\n三,后面\n`;
    const res = await team.owner.upload(`${base}/imports`, '坏.csv', Buffer.from(text), APP);
    expect(res.status).toBe(400);
    expect(res.json.errorMessage).toBe('第 3 行超过 1 MB，可能缺少结束引号，请检查文件后重新导入');
  });

  it('all or nothing: refuses the whole sheet with a per-row report, writing nothing', async () => {
    const before = (await all(team.owner)).length;
    const job = (await team.owner.upload(`${base}/imports`, 'a.csv', Buffer.from(csv), APP)).json.data;
    const started = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const done = await waitFor(team.owner, job.id);
    expect(done).toMatchObject({
      state: 'failed',
      created: 0,
      failed: 3,
      message: '有 3 行数据校验不通过，已全部撤销',
    });
    const errors = (await team.owner.request('GET', `${base}/imports/${job.id}/errors`)).json.data;
    expect(errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, '金额'],
      [4, '状态'],
      [5, '负责人'],
    ]);
    expect((await all(team.owner)).length).toBe(before);
    const again = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(again.status).toBe(409);
  });

  it('skip bad rows: writes the good ones with converted values and reports the rest', async () => {
    const job = (await team.owner.upload(`${base}/imports`, 'b.csv', Buffer.from(csv), APP)).json.data;
    await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'skip' },
    });
    const done = await waitFor(team.owner, job.id);
    expect(done).toMatchObject({ state: 'done', processed: 5, created: 2, failed: 3 });
    const rows = await all(team.owner);
    const one = rows.find((r) => r.data[f.name as string] === '导入一');
    expect(one?.data).toMatchObject({
      [f.amount as string]: 10,
      [f.status as string]: 'open',
      [f.day as string]: '2026-11-01',
      [f.owner as string]: [team.memberId],
    });
    expect(rows.some((r) => r.data[f.name as string] === '导入五，含逗号')).toBe(true);
    const history = (await team.owner.request('GET', `${base}/records/${one?.id}/history`)).json.data;
    expect(history[0].action).toBe('import');
  });

  it('refuses a cell holding a NUL character as a field problem of its row, on both databases', async () => {
    const sheet = ['名称,金额', '空字符\u0000在此,1', '正常的一行,2'].join('\n');
    const job = (await team.owner.upload(`${base}/imports`, 'nul.csv', Buffer.from(sheet), APP)).json.data;
    await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'skip' },
    });
    expect(await waitFor(team.owner, job.id)).toMatchObject({ state: 'done', created: 1, failed: 1 });
    const errors = (await team.owner.request('GET', `${base}/imports/${job.id}/errors`)).json.data;
    expect(errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[2, '名称']]);
    expect((await all(team.owner)).some((r) => r.data[f.name as string] === '正常的一行')).toBe(true);
  });

  it('imports xlsx, dates and numbers as the sheet holds them', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('数据');
    sheet.addRow(['名称', '金额', '日期', '已付款']);
    sheet.addRow(['表格一', 70, new Date(Date.UTC(2026, 10, 20)), '是']);
    sheet.addRow(['表格二', 80.5, '2026-11-21', '否']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const job = (await member.client.upload(`${base}/imports`, '表.xlsx', bytes, APP)).json.data;
    expect(job.total).toBe(2);
    await member.client.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: { 名称: f.name, 金额: f.amount, 日期: f.day, 已付款: f.paid }, mode: 'atomic' },
    });
    expect(await waitFor(member.client, job.id)).toMatchObject({ state: 'done', created: 2 });
    const rows = await all(team.owner);
    expect(rows.find((r) => r.data[f.name as string] === '表格一')?.data).toMatchObject({
      [f.amount as string]: 70,
      [f.day as string]: '2026-11-20',
      [f.paid as string]: true,
    });
    expect(rows.find((r) => r.data[f.name as string] === '表格二')?.data[f.paid as string]).toBe(false);
    // Another member cannot follow this member's job.
    expect((await team.owner.request('GET', `${base}/imports/${job.id}`)).status).toBe(200);
  });

  it('refuses an xlsx that inflates past the limit whatever its zip declares, without reading it through', async () => {
    const limitMb = RecordLimits.importMaxUnpackedBytes / 1024 / 1024;
    const bomb = xlsxOf(bombSheet(limitMb + 16));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await member.client.upload(`${base}/imports`, '炸弹.xlsx', bomb, APP);
    expect([res.status, res.json.errorMessage]).toEqual([
      400,
      `文件解压后超过 ${limitMb} MB，请拆分成几个较小的文件再导入`,
    ]);
    const en = await member.client.upload(`${base}/imports`, 'bomb.xlsx', bomb, { ...APP, 'accept-language': 'en' });
    expect(en.json.errorMessage).toContain(`more than ${limitMb} MB`);
    // Built the same way but under the limit, it is read through (its header only: no data).
    const under = await member.client.upload(`${base}/imports`, '小表.xlsx', xlsxOf(bombSheet(1)), APP);
    expect([under.status, under.json.errorMessage]).toEqual([400, '文件中没有数据']);
    // A sheet kept out of the central directory, where a reader going through the local headers
    // (the sheet library does) would find it unchecked: such a file is refused.
    const sheetXml = (rows: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
    const cell = (r: number, text: string) =>
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${text}</t></is></c></row>`;
    const listed = honest('xl/worksheets/sheet1.xml', sheetXml(''));
    const unlisted = honest('xl/worksheets/sheet1.xml', sheetXml(cell(1, '名称') + cell(2, '藏起来的行')));
    const hidden = await member.client.upload(`${base}/imports`, '藏.xlsx', xlsxOf(listed, [unlisted]), APP);
    expect([hidden.status, hidden.json.errorMessage]).toEqual([400, '文件无法读取，请检查格式']);
  });

  it('refuses an xlsx whose bomb hides in a part other than the sheet', async () => {
    const limitMb = RecordLimits.importMaxUnpackedBytes / 1024 / 1024;
    const sheet = honest(
      'xl/worksheets/sheet1.xml',
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>名称</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>甲</t></is></c></row></sheetData></worksheet>',
    );
    const strings = { ...bombSheet(limitMb + 16), name: 'xl/sharedStrings.xml' };
    const bomb = xlsxOf(sheet, [], [strings]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await member.client.upload(`${base}/imports`, '字符串炸弹.xlsx', bomb, APP);
    expect([res.status, res.json.errorMessage]).toEqual([
      400,
      `文件解压后超过 ${limitMb} MB，请拆分成几个较小的文件再导入`,
    ]);
  });

  it('refuses other files, broken sheets, bad mappings, and members without the right', async () => {
    const txt = await team.owner.upload(`${base}/imports`, 'x.txt', Buffer.from('a,b'), APP);
    expect([txt.status, txt.json.errorMessage]).toEqual([400, '仅支持 xlsx 和 CSV 文件']);
    const broken = await team.owner.upload(`${base}/imports`, 'x.xlsx', Buffer.from('not a zip at all'), APP);
    expect([broken.status, broken.json.errorMessage]).toEqual([400, '文件无法读取，请检查格式']);
    const empty = await team.owner.upload(`${base}/imports`, 'x.csv', Buffer.from('名称\n'), APP);
    expect([empty.status, empty.json.errorMessage]).toEqual([400, '文件中没有数据']);
    const noHeader = await team.owner.upload(`${base}/imports`, 'x.csv', Buffer.from('名称\n甲'));
    expect(noHeader.status).toBe(403);
    const job = (await team.owner.upload(`${base}/imports`, 'c.csv', Buffer.from(csv), APP)).json.data;
    const bad = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: { 名称: 'nope' }, mode: 'skip' },
    });
    expect(bad.status).toBe(400);
    const none = await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: {}, mode: 'skip' },
    });
    expect(none.json.fieldErrors).toEqual([{ field: 'mapping', message: '请至少为一列选择对应字段' }]);
    await team.owner.request('PUT', base, { body: { permissions: { ...FULL, import: ['manager'] } } });
    const refused = await member.client.upload(`${base}/imports`, 'd.csv', Buffer.from(csv), APP);
    expect([refused.status, refused.json.errorMessage]).toEqual([403, '无导入数据权限']);
    await team.owner.request('PUT', base, { body: { permissions: FULL } });
  });

  it('all or nothing: a value the database refuses while writing undoes every row', async () => {
    const code = (
      await team.owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '编号表' } })
    ).json.data.code;
    const uBase = `/v1/apps/${appCode}/schemas/${code}`;
    const unique = (
      await team.owner.request('POST', `${uBase}/fields`, { body: { name: '编号', type: 'text', unique: true } })
    ).json.data.code;
    const sheet = Buffer.from('编号\nA-1\nA-2\nA-1\n');
    const job = (await team.owner.upload(`${uBase}/imports`, 'u.csv', sheet, APP)).json.data;
    await team.owner.request('POST', `${uBase}/imports/${job.id}/start`, {
      body: { mapping: { 编号: unique }, mode: 'atomic' },
    });
    for (let i = 0; i < 200; i += 1) {
      const state = (await team.owner.request('GET', `${uBase}/imports/${job.id}`)).json.data;
      if (state.state !== 'running') {
        expect(state).toMatchObject({ state: 'failed', created: 0, message: '有 1 行数据校验不通过，已全部撤销' });
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const errors = (await team.owner.request('GET', `${uBase}/imports/${job.id}/errors`)).json.data;
    expect(errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[4, '编号']]);
    const left = (await team.owner.request('POST', `${uBase}/records/query`, { body: {} })).json.data.resultList;
    expect(left).toEqual([]);
  });

  /**
   * What a process that died mid-import leaves: the import running and its queued job held by that
   * process with a lease that ran out. This server's queue takes it up.
   */
  async function orphan(jobId: string, mode: 'atomic' | 'skip', set: { created?: number } = {}) {
    const db = server.database.handle.db;
    const row = await db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    await db
      .updateTable('import_jobs')
      .set({ state: 'running', mode, ...set })
      .where('id', '=', jobId)
      .execute();
    const engine = await db
      .selectFrom('engines')
      .select(['corp_id', 'engine_shard'])
      .where('engine_code', '=', team.engineCode)
      .executeTakeFirstOrThrow();
    const tenant = {
      engineCode: team.engineCode,
      corpId: engine.corp_id,
      memberId: team.memberId,
      role: 'owner',
      engineShard: engine.engine_shard,
    };
    const now = Date.now();
    await db
      .insertInto('jobs')
      .values({
        id: randomUUID(),
        kind: 'import',
        payload: JSON.stringify({
          importId: jobId,
          tenant,
          appCode,
          schemaCode: row.schema_code,
          adminMode: false,
          lang: 'zh',
        }),
        state: 'running',
        attempts: 1,
        max_attempts: 3,
        run_at: now - 60_000,
        lease_until: now - 1,
        locked_by: 'a-process-that-died',
        last_error: null,
        created_at: now - 60_000,
        updated_at: now - 60_000,
      })
      .execute();
    await server.app.jobs.tick();
  }

  it('runs an all-or-nothing import again when its process died, writing each row once', async () => {
    const before = (await all(team.owner)).length;
    const sheet = Buffer.from('名称,金额\n接手一,101\n接手二,102\n');
    const job = (await team.owner.upload(`${base}/imports`, 'takeover.csv', sheet, APP)).json.data;
    await orphan(job.id, 'atomic');
    expect(await waitFor(team.owner, job.id)).toMatchObject({ state: 'done', created: 2, failed: 0, message: '' });
    const rows = (await all(team.owner)).filter((r) => String(r.data[f.name as string]).startsWith('接手'));
    expect(rows.map((r) => r.data[f.name as string])).toEqual(['接手一', '接手二']);
    expect((await all(team.owner)).length).toBe(before + 2);
  });

  it('only finishes an all-or-nothing import whose rows had committed before its process died', async () => {
    const before = (await all(team.owner)).length;
    const sheet = Buffer.from('名称,金额\n已写一,201\n');
    const job = (await team.owner.upload(`${base}/imports`, 'committed.csv', sheet, APP)).json.data;
    await orphan(job.id, 'atomic', { created: 1 });
    expect(await waitFor(team.owner, job.id)).toMatchObject({ state: 'done', created: 1 });
    expect((await all(team.owner)).length).toBe(before);
  });

  /**
   * SQLite staging left: TEMP staging tables on the main connection, and side connections still open
   * (an import's staging table lives on its own, db/side-connection.ts; closing it takes the table
   * along). PostgreSQL writes in its transaction: none.
   */
  async function stagingTables(): Promise<string[]> {
    const handle = server.database.handle;
    if (handle.dialect !== 'sqlite') return [];
    const rows = await sql<{ name: string }>`select name from sqlite_temp_master
      where type = 'table' and name like 'import_stage_%'`.execute(handle.db);
    const sides = Array.from({ length: liveSideConnections() }, (_, i) => `side connection ${i + 1}`);
    return [...rows.rows.map((r) => r.name), ...sides];
  }

  /** A sheet of `n` rows named 批量<i> with amounts 1…n; row `bad` (a 1-based data row) has a bad amount. */
  const bigSheet = (n: number, prefix: string, bad?: number) =>
    Buffer.from(
      [
        '名称,金额,状态,已付款',
        ...Array.from({ length: n }, (_, i) => `${prefix}${i + 1},${i + 1 === bad ? '不是数字' : i + 1},进行中,是`),
      ].join('\n'),
    );

  async function countNamed(prefix: string): Promise<number> {
    const count = await team.owner.request('POST', `${base}/records/count`, {
      body: { filter: { op: 'and', conditions: [{ field: f.name, operator: 'contains', value: prefix }] } },
    });
    expect(count.status, JSON.stringify(count.json)).toBe(200);
    return count.json.data.count;
  }

  it('writes one history entry per import: each record names its import, the entry finds its rows', async () => {
    const db = server.database.handle.db;
    const job = (await team.owner.upload(`${base}/imports`, '一次导入.csv', bigSheet(2_500, '历史'), APP)).json.data;
    await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(await waitFor(team.owner, job.id)).toMatchObject({ state: 'done', created: 2_500 });
    const entry = await db
      .selectFrom('record_imports')
      .selectAll()
      .where('import_id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ member_id: team.memberId, file_name: '一次导入.csv' });
    expect(Number(entry.count)).toBe(2_500);
    // The entry's id range is exactly the import's records.
    const table = (
      await db
        .selectFrom('schemas')
        .select('table_name')
        .where('code', '=', entry.schema_code)
        .executeTakeFirstOrThrow()
    ).table_name;
    const inRange = await sql<{ id: string; name: string }>`select id, ${sql.ref(`f_${f.name}`)} as name
      from ${sql.table(table)} where id between ${entry.first_id} and ${entry.last_id} order by id`.execute(db);
    expect(inRange.rows.length).toBe(2_500);
    expect(inRange.rows.every((r) => r.name.startsWith('历史'))).toBe(true);
    expect(inRange.rows[0]?.name).toBe('历史1');
    expect(inRange.rows[2_499]?.name).toBe('历史2500');
    // No history row per record.
    const perRecord = await db
      .selectFrom('record_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('record_id', 'in', [entry.first_id, entry.last_id])
      .executeTakeFirstOrThrow();
    expect(Number(perRecord.n)).toBe(0);
    const id = inRange.rows[1_234]?.id as string;
    const history = (await team.owner.request('GET', `${base}/records/${id}/history`)).json.data;
    expect(history).toEqual([
      expect.objectContaining({
        action: 'import',
        memberId: team.memberId,
        userName: '王小明',
        importId: job.id,
        fileName: '一次导入.csv',
        changes: [],
      }),
    ]);
    // A later change of that record follows the import's entry.
    const record = (await team.owner.request('GET', `${base}/records/${id}`)).json.data;
    const changed = await team.owner.request('PATCH', `${base}/records/${id}`, {
      body: { version: record.version, data: { [f.amount as string]: 9_999 } },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const after = (await team.owner.request('GET', `${base}/records/${id}/history`)).json.data;
    expect(after.map((e: { action: string }) => e.action)).toEqual(['import', 'update']);
    expect(await stagingTables()).toEqual([]);
  });

  it('answers other requests between the chunks of a big all-or-nothing import, showing none of its rows until the end', async () => {
    const imports = hooks;
    let reached!: (info: { stage: string | null; staged: number }) => void;
    const atChunk = new Promise<{ stage: string | null; staged: number }>((r) => {
      reached = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    imports.betweenChunks = async (_job, info) => {
      if (info.staged === 0) return;
      imports.betweenChunks = null;
      reached(info);
      await released;
    };
    try {
      const job = (await team.owner.upload(`${base}/imports`, '大表.csv', bigSheet(5_000, '并发'), APP)).json.data;
      await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
        body: { mapping: job.mapping, mode: 'atomic' },
      });
      const info = await atChunk;
      expect(info.staged).toBe(2_000);
      // SQLite: the staging table is on the import's side connection, open while it stages.
      if (server.database.handle.dialect === 'sqlite') {
        expect(info.stage).toMatch(/^import_stage_/);
        expect(await stagingTables()).toEqual(['side connection 1']);
      }
      // The import holds nothing other requests need: a read and a write are answered meanwhile.
      expect(await countNamed('并发')).toBe(0);
      const made = await team.owner.request('POST', `${base}/records`, {
        body: { data: { [f.name as string]: '导入时新建', [f.amount as string]: 1 } },
      });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      expect((await team.owner.request('GET', `${base}/imports/${job.id}`)).json.data.state).toBe('running');
      release();
      expect(await waitFor(team.owner, job.id)).toMatchObject({ state: 'done', created: 5_000, failed: 0 });
      expect(await countNamed('并发')).toBe(5_000);
      expect(await countNamed('导入时新建')).toBe(1);
      expect(await stagingTables()).toEqual([]);
    } finally {
      imports.betweenChunks = null;
      release();
    }
  });

  it('all or nothing: a bad row after chunks were staged, or a failure mid-way, leaves no rows and no staging table', async () => {
    // A bad row in the third chunk: two chunks were staged, then dropped.
    const job = (await team.owner.upload(`${base}/imports`, '坏行.csv', bigSheet(5_000, '坏行', 4_321), APP)).json.data;
    await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(await waitFor(team.owner, job.id)).toMatchObject({
      state: 'failed',
      created: 0,
      failed: 1,
      processed: 5_000,
      message: '有 1 行数据校验不通过，已全部撤销',
    });
    const errors = (await team.owner.request('GET', `${base}/imports/${job.id}/errors`)).json.data;
    expect(errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[4_322, '金额']]);
    expect(await countNamed('坏行')).toBe(0);
    expect(await stagingTables()).toEqual([]);
    // The import stops half-way (as if its work broke down): nothing is written, the staging goes.
    const imports = hooks;
    imports.betweenChunks = async (_job, info) => {
      if (info.staged > 0) throw new Error('the import broke down');
    };
    try {
      const broken = (await team.owner.upload(`${base}/imports`, '中断.csv', bigSheet(5_000, '中断'), APP)).json.data;
      await team.owner.request('POST', `${base}/imports/${broken.id}/start`, {
        body: { mapping: broken.mapping, mode: 'atomic' },
      });
      expect(await waitFor(team.owner, broken.id)).toMatchObject({ state: 'failed', created: 0 });
    } finally {
      imports.betweenChunks = null;
    }
    expect(await countNamed('中断')).toBe(0);
    expect(await stagingTables()).toEqual([]);
    const entries = await server.database.handle.db
      .selectFrom('record_imports')
      .select('import_id')
      .where('import_id', '=', job.id)
      .execute();
    expect(entries).toEqual([]);
  });

  it('skip bad rows in bulk: good chunks commit, the import keeps one entry covering what it wrote', async () => {
    const job = (await team.owner.upload(`${base}/imports`, '跳过.csv', bigSheet(4_500, '跳过', 10), APP)).json.data;
    await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'skip' },
    });
    expect(await waitFor(team.owner, job.id)).toMatchObject({ state: 'done', created: 4_499, failed: 1 });
    expect(await countNamed('跳过')).toBe(4_499);
    const entry = await server.database.handle.db
      .selectFrom('record_imports')
      .selectAll()
      .where('import_id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(Number(entry.count)).toBe(4_499);
    expect(entry.last_id > entry.first_id).toBe(true);
  });

  /** A sheet like bigSheet with bad amounts in several rows (1-based data rows). */
  const sheetWithBad = (n: number, prefix: string, bad: number[]) =>
    Buffer.from(
      [
        '名称,金额,状态,已付款',
        ...Array.from(
          { length: n },
          (_, i) => `${prefix}${i + 1},${bad.includes(i + 1) ? '不是数字' : i + 1},进行中,是`,
        ),
      ].join('\n'),
    );

  it('skip bad rows in a 20,000-row sheet: the bad rows are reported by their row numbers, across chunk edges', async () => {
    // Rows at a chunk's edges (2,000 rows a chunk), the first and the last.
    const bad = [1, 1_999, 2_000, 2_001, 13_337, 20_000];
    const job = (await team.owner.upload(`${base}/imports`, '两万行.csv', sheetWithBad(20_000, '两万行', bad), APP))
      .json.data;
    await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'skip' },
    });
    expect(await waitFor(team.owner, job.id)).toMatchObject({
      state: 'done',
      processed: 20_000,
      created: 19_994,
      failed: 6,
    });
    const errors = (await team.owner.request('GET', `${base}/imports/${job.id}/errors`)).json.data;
    // The header is row 1: data row n is row n + 1, as before chunks were converted in one array.
    expect(errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual(
      bad.map((b) => [b + 1, '金额']),
    );
    expect(await countNamed('两万行')).toBe(19_994);
    // Every good row got its own values: the record named …n holds amount n.
    const db = server.database.handle.db;
    const entry = await db
      .selectFrom('record_imports')
      .selectAll()
      .where('import_id', '=', job.id)
      .executeTakeFirstOrThrow();
    const table = (
      await db
        .selectFrom('schemas')
        .select('table_name')
        .where('code', '=', entry.schema_code)
        .executeTakeFirstOrThrow()
    ).table_name;
    const written = await sql<{ name: string; amount: number }>`select ${sql.ref(`f_${f.name}`)} as name,
      ${sql.ref(`f_${f.amount}`)} as amount from ${sql.table(table)}
      where id between ${entry.first_id} and ${entry.last_id} order by id`.execute(db);
    expect(written.rows.length).toBe(19_994);
    expect(written.rows.every((r) => Number(r.amount) === Number(r.name.slice(3)))).toBe(true);
  }, 120_000);

  it('keeps the full-text index right: a bulk load is added to it after the move', async () => {
    const db = server.database.handle.db;
    const schemaCode = base.split('/').pop() as string;
    const table = (
      await db.selectFrom('schemas').select('table_name').where('code', '=', schemaCode).executeTakeFirstOrThrow()
    ).table_name;
    const name = `${table}_f_${f.name}_tx`;
    const state = async () =>
      (await db.selectFrom('record_indexes').select('state').where('name', '=', name).executeTakeFirst())?.state;
    // A list searching the name asks for its full-text index; the job builds it.
    const contains = (needle: string) => ({
      filter: { op: 'and', conditions: [{ field: f.name, operator: 'contains', value: needle }] },
    });
    expect((await team.owner.request('POST', `${base}/records/query`, { body: contains('导入') })).status).toBe(200);
    await expect.poll(state, { timeout: 60_000 }).toBe('ready');
    const job = (await team.owner.upload(`${base}/imports`, '全文.csv', bigSheet(3_000, '全文检索'), APP)).json.data;
    await team.owner.request('POST', `${base}/imports/${job.id}/start`, {
      body: { mapping: job.mapping, mode: 'atomic' },
    });
    expect(await waitFor(team.owner, job.id)).toMatchObject({ state: 'done', created: 3_000 });
    // Right at once (SQLite scans while the index catches up), and after it is ready again.
    expect(await countNamed('全文检索')).toBe(3_000);
    await expect.poll(state, { timeout: 60_000 }).toBe('ready');
    const found = await team.owner.request('POST', `${base}/records/query`, {
      body: { ...contains('全文检索2999'), limit: 10 },
    });
    expect(found.json.data.resultList.map((r: { data: Record<string, unknown> }) => r.data[f.name as string])).toEqual([
      '全文检索2999',
    ]);
    if (server.database.handle.dialect === 'sqlite') {
      const indexed = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)} where rowid in
        (select rowid from ${sql.table(table)} where ${sql.ref(`f_${f.name}`)} like '全文检索%')`.execute(db);
      expect(Number(indexed.rows[0]?.n)).toBe(3_000);
      // New rows after the load reach the index through its trigger again.
      await team.owner.request('POST', `${base}/records`, { body: { data: { [f.name as string]: '全文检索之后' } } });
      const after = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)} where ${sql.ref(
        `f_${f.name}`,
      )} = '全文检索之后'`.execute(db);
      expect(Number(after.rows[0]?.n)).toBe(1);
    }
  });

  it('fails a skip-bad-rows import whose process died, saying how many rows it wrote', async () => {
    const job = (await team.owner.upload(`${base}/imports`, 'e.csv', Buffer.from(csv), APP)).json.data;
    await orphan(job.id, 'skip', { created: 3 });
    const after = await waitFor(team.owner, job.id);
    expect(after).toMatchObject({ state: 'failed', created: 3, message: '导入因服务重启而中断，已导入 3 行' });
  });
});
