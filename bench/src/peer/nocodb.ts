/**
 * Side by side with NocoDB 0.301.3 (issue 15, "Same data for the peer"): ONE generated CSV
 * (bench/src/million/csv.ts) is loaded into both Canopy and NocoDB, so both hold the same values, and
 * the same list cases are measured on both in one run, one product after the other.
 *
 *   - Canopy (SQLite): a fresh data set with no rows (generate.ts: team, people, departments, the
 *     20-field table), then the CSV through its import API (upload → start → poll, as import.ts),
 *     timed. Every list is asked once, then the run waits for the background index job
 *     (`record_indexes`) before measuring.
 *   - NocoDB (SQLite): installed on demand outside the repo (noco-server.ts), a base and a table whose
 *     20 columns mirror the fields with NocoDB's closest types, then the same CSV rows written
 *     straight into its SQLite table (its bulk insert API takes ~100 rows a request; the first batch
 *     goes through the API, timed, and tells the rate it would have taken), in the format its own
 *     insert writes (checked against that first batch).
 *
 * Measured on both (sequential samples after 3 warm-ups: server time and wall time p50/p95; then
 * throughput): status = 待处理 + 金额 desc, page 1 of 50 — as a list request before any saved view,
 * the same once a saved view (NocoDB: a grid view) has that filter and sort, and that view; 订单名称
 * contains 服务合同 + sort; 备注 = 发票 (no view indexes it) + sort; the deep page (page 1,000, or the
 * last one if fewer) of the list request and of the view — Canopy by its keyset cursor (walked there),
 * NocoDB by offset — and by offset on both; 16 concurrent for 10 s on page 1 (request and view).
 * Then the database file's size and bytes per row.
 *
 *   npx tsx bench/src/peer/nocodb.ts --rows 100k
 *   npx tsx bench/src/peer/nocodb.ts --rows 1m --samples 30
 *
 * Options: --rows (default 100k), --samples (default 50), --deep (default 1000), --seconds (10),
 * --concurrency (16), --keep (leave both data directories); --print <json> prints an earlier run's
 * table. Results: stdout and bench/results/peer-nocodb-<rows>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_NAME, Headers } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import {
  isMain,
  type Manifest,
  options,
  REPO_ROOT,
  removeDataSet,
  seconds,
  serverEnv,
  startServer,
  waitForIndexes,
} from '../million/common.js';
import { writeCsv } from '../million/csv.js';
import { FIELDS, type FieldSpec, type SelectOption } from '../million/dataset.js';
import { generate } from '../million/generate.js';
import { type LoadStats, run, type Shot, send } from '../million/loadgen.js';
import { ownerClient } from '../million/run.js';
import { csvRows } from './csv-rows.js';
import {
  ensureNocodb,
  NOCODB_CACHE,
  NOCODB_VERSION,
  NocoClient,
  type NocoProcess,
  startNocodb,
} from './noco-server.js';

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const spec = (key: string): FieldSpec => {
  const f = FIELDS.find((x) => x.key === key);
  if (!f) throw new Error(`no field ${key}`);
  return f;
};
const labelOf = (key: string, id: string) =>
  ((spec(key).settings?.options as SelectOption[]) ?? []).find((o) => o.id === id)?.label ?? id;

/** The cases, by what they ask (the same question in each product's own API). */
const STATUS_LABEL = labelOf('status', 'open');
const CONTAINS = '服务合同';
const EQUALS = '发票';
const VIEW_NAME = '待处理订单（金额降序）';

// ---------------------------------------------------------------------------------------------------
// NocoDB: the table and its load

/** NocoDB's closest type for each field type; people and departments as the text of their names. */
export function nocoColumn(f: FieldSpec): Record<string, unknown> {
  const base = { column_name: f.key, title: f.name };
  const options = (f.settings?.options as SelectOption[] | undefined)?.map((o, i) => ({
    title: o.label,
    order: i + 1,
  }));
  switch (f.type) {
    case 'textarea':
      return { ...base, uidt: 'LongText' };
    case 'number':
      return f.settings?.precision
        ? { ...base, uidt: 'Decimal', meta: { precision: f.settings.precision } }
        : { ...base, uidt: 'Number' };
    case 'money':
      return { ...base, uidt: 'Currency', meta: { currency_locale: 'zh-CN', currency_code: 'CNY' } };
    case 'percent':
      return { ...base, uidt: 'Percent' };
    case 'date':
      return { ...base, uidt: 'Date', meta: { date_format: 'YYYY-MM-DD' } };
    case 'datetime':
      return { ...base, uidt: 'DateTime' };
    case 'singleSelect':
      return { ...base, uidt: 'SingleSelect', colOptions: { options } };
    case 'multiSelect':
      return { ...base, uidt: 'MultiSelect', colOptions: { options } };
    case 'checkbox':
      return { ...base, uidt: 'Checkbox' };
    case 'phone':
      return { ...base, uidt: 'PhoneNumber' };
    case 'email':
      return { ...base, uidt: 'Email' };
    case 'url':
      return { ...base, uidt: 'URL' };
    default:
      // text, and member / department: the names, as the CSV has them.
      return { ...base, uidt: 'SingleLineText' };
  }
}

/**
 * A CSV cell as NocoDB's API takes it (JSON value), by the field's type: numbers as numbers, 是/否 as
 * booleans, a multi-select's labels joined by commas (NocoDB's list separator), the sheet's
 * UTC+8 local time as an instant; percent as percentage points (NocoDB shows 12.5 as 12.5 %, Canopy
 * stores 0.125 and shows 12.5 %).
 */
export function apiValue(f: FieldSpec, cell: string): unknown {
  if (cell === '') return null;
  switch (f.type) {
    case 'number':
    case 'money':
      return Number(cell);
    case 'percent':
      return Math.round(Number(cell) * 1e6) / 1e4;
    case 'checkbox':
      return cell === '是';
    case 'multiSelect':
      return cell.split('、').join(',');
    case 'datetime':
      return new Date(`${cell.replace(' ', 'T')}+08:00`).toISOString();
    default:
      return cell;
  }
}

/** The same value as NocoDB's own insert stores it in its SQLite column (checked on the API's rows). */
function storedValue(f: FieldSpec, cell: string): unknown {
  const v = apiValue(f, cell);
  if (v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (f.type === 'datetime') return `${(v as string).slice(0, 19).replace('T', ' ')}+00:00`;
  return v;
}

interface NocoTable {
  baseId: string;
  tableId: string;
  physical: string;
  columns: Record<string, string>;
  columnIds: Record<string, string>;
}

export async function createNocoTable(noco: NocoClient): Promise<NocoTable> {
  const base = await noco.call<{ id: string }>('POST', '/api/v2/meta/bases', { title: '订单管理' });
  const table = await noco.call<{
    id: string;
    table_name: string;
    columns: { id: string; title: string; column_name: string }[];
  }>('POST', `/api/v2/meta/bases/${base.id}/tables`, {
    table_name: 'orders',
    title: '销售订单',
    columns: [{ column_name: 'id', title: 'Id', uidt: 'ID' }, ...FIELDS.map(nocoColumn)],
  });
  const columns: Record<string, string> = {};
  const columnIds: Record<string, string> = {};
  for (const c of table.columns) {
    columns[c.title] = c.column_name;
    columnIds[c.title] = c.id;
  }
  return { baseId: base.id, tableId: table.id, physical: table.table_name, columns, columnIds };
}

interface NocoLoad {
  apiRows: number;
  apiSeconds: number;
  apiRowsPerSecond: number;
  directRows: number;
  directSeconds: number;
  formatChecked: string;
}

/**
 * The CSV into NocoDB: the first `apiRows` rows through its bulk insert API (100 a request — 1,000 a
 * request answers SQLITE_ERROR), the rest written straight into its table in the format the API's rows
 * show (compared column by column on the API's first row written the direct way too).
 */
async function loadNocodb(noco: NocoClient, p: NocoProcess, t: NocoTable, csv: string, apiRows: number) {
  const rows = csvRows(csv);
  const header = (await rows.next()).value as string[];
  const fields = header.map((name) => {
    const f = FIELDS.find((x) => x.name === name);
    if (!f) throw new Error(`CSV column ${name} is no field`);
    return f;
  });
  const started = performance.now();
  let batch: Record<string, unknown>[] = [];
  let firstCells: string[] | null = null;
  let sent = 0;
  const flush = async () => {
    if (!batch.length) return;
    await noco.call('POST', `/api/v2/tables/${t.tableId}/records`, batch);
    sent += batch.length;
    batch = [];
  };
  let next = await rows.next();
  while (!next.done && sent + batch.length < apiRows) {
    const cells = next.value;
    firstCells ??= cells;
    batch.push(Object.fromEntries(fields.map((f, i) => [f.name, apiValue(f, cells[i] ?? '')])));
    if (batch.length === 100) await flush();
    next = await rows.next();
  }
  await flush();
  const apiSeconds = (performance.now() - started) / 1000;

  const db = new SQLite(p.dbFile, { timeout: 30_000 });
  db.pragma('journal_mode = WAL');
  const cols = fields.map((f) => t.columns[f.name] as string);
  // The system columns its insert fills: copied from the API's first row.
  const sample = db.prepare(`select * from "${t.physical}" order by id limit 1`).get() as Record<string, unknown>;
  const system = ['created_at', 'updated_at', 'created_by', 'updated_by', 'nc_order'].filter((c) => c in sample);
  let formatChecked = 'no API row to compare';
  if (firstCells) {
    const direct = fields.map((f, i) => storedValue(f, firstCells?.[i] ?? ''));
    const differ = cols.filter((c, i) => {
      const a = sample[c] ?? null;
      const b = direct[i] ?? null;
      return !(a === b || (typeof a === 'number' && Number(b) === a) || String(a) === String(b));
    });
    if (differ.length)
      throw new Error(
        `direct rows would differ from the API's in ${differ.map((c) => `${c}: ${sample[c]} vs ${direct[cols.indexOf(c)]}`).join('; ')}`,
      );
    formatChecked = `the API's first row and the direct writer's agree on all ${cols.length} columns`;
  }
  const insert = db.prepare(
    `insert into "${t.physical}" (${[...cols, ...system].map((c) => `"${c}"`).join(', ')}) values (${[
      ...cols,
      ...system,
    ]
      .map(() => '?')
      .join(', ')})`,
  );
  const nowText = String(sample.created_at ?? '');
  let order = Number(sample.nc_order ?? 0) + sent;
  const write = db.transaction((list: string[][]) => {
    for (const cells of list) {
      order += 1;
      const systemValues = system.map((c) =>
        c === 'nc_order' ? order : c === 'created_at' || c === 'updated_at' ? nowText : sample[c],
      );
      insert.run([...fields.map((f, i) => storedValue(f, cells[i] ?? '')), ...systemValues]);
    }
  });
  const t2 = performance.now();
  let directRows = 0;
  let chunk: string[][] = [];
  while (!next.done) {
    chunk.push(next.value);
    if (chunk.length === 20_000) {
      write(chunk);
      directRows += chunk.length;
      chunk = [];
      process.stderr.write(`\r  nocodb: ${(sent + directRows).toLocaleString('en')} rows`);
    }
    next = await rows.next();
  }
  write(chunk);
  directRows += chunk.length;
  process.stderr.write(`\r  nocodb: ${(sent + directRows).toLocaleString('en')} rows\n`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return {
    apiRows: sent,
    apiSeconds: round(apiSeconds, 1),
    apiRowsPerSecond: Math.round(sent / apiSeconds),
    directRows,
    directSeconds: seconds(t2),
    formatChecked,
  } satisfies NocoLoad;
}

// ---------------------------------------------------------------------------------------------------
// Canopy: the CSV through its import API

interface Job {
  id: string;
  state: string;
  columns: string[];
  total: number;
  processed: number;
  created: number;
  failed: number;
  message: string;
}

async function importCanopy(baseUrl: string, m: Manifest, csv: string) {
  const owner = await ownerClient(baseUrl, m);
  owner.headers[Headers.appName] = APP_NAME;
  const base = `/v1/apps/${m.appCode}/schemas/${m.schemaCode}`;
  const form = new FormData();
  form.append('file', await fs.openAsBlob(csv, { type: 'text/csv' }), 'orders.csv');
  const t = performance.now();
  const res = await owner.raw('POST', `${base}/imports`, form);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`upload → ${res.status} ${text.slice(0, 500)}`);
  const uploaded = (JSON.parse(text) as { data: Job }).data;
  const uploadSeconds = seconds(t);
  const byName = new Map(m.fields.map((f) => [f.name, f.code]));
  const mapping: Record<string, string> = {};
  for (const column of uploaded.columns) {
    const code = byName.get(column.replace(/^\ufeff/, ''));
    if (code) mapping[column] = code;
  }
  const t2 = performance.now();
  let job = await owner.call<Job>('POST', `${base}/imports/${uploaded.id}/start`, { mapping, mode: 'atomic' });
  while (job.state === 'uploaded' || job.state === 'running') {
    await new Promise((r) => setTimeout(r, 500));
    job = await owner.call<Job>('GET', `${base}/imports/${uploaded.id}`);
    process.stderr.write(
      `\r  canopy: ${job.state} ${job.processed.toLocaleString('en')} / ${job.total.toLocaleString('en')}`,
    );
  }
  process.stderr.write('\n');
  if (job.created !== job.total || job.failed) throw new Error(`import ${job.state}: ${JSON.stringify(job)}`);
  const jobSeconds = seconds(t2);
  return {
    uploadSeconds,
    jobSeconds,
    totalSeconds: seconds(t),
    rowsPerSecond: Math.round(job.created / ((performance.now() - t) / 1000)),
    created: job.created,
  };
}

// ---------------------------------------------------------------------------------------------------
// Measuring

interface Case {
  label: string;
  canopy: LoadStats & { rows: number };
  nocodb: LoadStats & { rows: number };
  /** Whether both answered the same rows (by 订单编号, as a set: ties in 金额 may order differently). */
  sameRows: boolean;
}

/** The bytes of a SQLite file, and of one table with its indexes (and Canopy's full-text tables). */
function sizes(file: string, table: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    // The table, its indexes and (Canopy) its full-text tables `<table>_fts…`, each with its bytes.
    const objects = db
      .prepare(
        `select name, sum(pgsize) as bytes from dbstat where name in
           (select name from sqlite_master where tbl_name = ? or name like ? || '%')
         group by name order by bytes desc`,
      )
      .all(table, table) as { name: string; bytes: number }[];
    const tableBytes = objects.reduce((a, o) => a + o.bytes, 0);
    const wal = fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0;
    return {
      fileBytes: fs.statSync(file).size + wal,
      tableBytes,
      objects: Object.fromEntries(objects.map((o) => [o.name, round(o.bytes / 2 ** 20, 1)])),
    };
  } finally {
    db.close();
  }
}

export async function sideBySide(opts: {
  rows: number;
  samples: number;
  deep: number;
  seconds: number;
  concurrency: number;
  keep: boolean;
}) {
  const load = () => os.loadavg().map((x) => round(x));
  const result: Record<string, unknown> = {
    rows: opts.rows,
    at: new Date().toISOString(),
    machine: `${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    peer: `nocodb ${NOCODB_VERSION} (SQLite)`,
    loadavgBefore: load(),
    samples: opts.samples,
  };
  const work = path.join(os.tmpdir(), `canopy-peer-${opts.rows}`);
  fs.mkdirSync(work, { recursive: true });
  const csv = path.join(work, 'orders.csv');
  let t = performance.now();
  const csvBytes = await writeCsv(csv, opts.rows, 7);
  result.csv = { file: csv, mib: round(csvBytes / 2 ** 20, 1), seconds: seconds(t) };
  console.log(`[peer] ${csv}: ${opts.rows.toLocaleString('en')} rows, ${round(csvBytes / 2 ** 20, 1)} MiB`);

  // Canopy first: set up, import, ask each list once, wait for its indexes.
  const m = await generate('sqlite', 0, path.join(work, 'canopy'));
  const port = 4010 + (process.pid % 20);
  const server = await startServer(serverEnv(m, port), port);
  const canopyUrl = `${server.baseUrl}/v1/apps/${m.appCode}/schemas/${m.schemaCode}/records/query`;
  const code = (key: string) => m.fields.find((f) => f.key === key)?.code ?? '';
  const sorts = [{ field: code('amount'), direction: 'desc' }];
  const where = (key: string, operator: string, value: unknown) => ({
    op: 'and',
    conditions: [{ field: code(key), operator, value }],
  });
  const canopyBodies = {
    status: { filter: where('status', 'eq', 'open'), sorts, limit: 50 },
    contains: { filter: where('name', 'contains', CONTAINS), sorts, limit: 50 },
    equality: { filter: where('remark', 'eq', EQUALS), sorts, limit: 50 },
  };
  let noco: NocoProcess | null = null;
  let offset = 0;
  const cases: Case[] = [];
  try {
    console.log('[peer] canopy: importing the CSV through its import API …');
    result.canopyImport = await importCanopy(server.baseUrl, m, csv);
    m.rows = opts.rows;
    console.log(`[peer] canopy import: ${JSON.stringify(result.canopyImport)}`);
    const owner = await ownerClient(server.baseUrl, m);
    const canopyHeaders = { cookie: owner.cookieHeader, 'x-engine-code': m.engineCode };
    const agent = new (await import('node:http')).Agent({ keepAlive: true });
    const askCanopy = async (body: Record<string, unknown>) => {
      const a = await send(agent, { method: 'POST', url: canopyUrl, headers: canopyHeaders, body }, true);
      if (a.status !== 200) throw new Error(`canopy ${a.status} ${a.body.slice(0, 300)}`);
      return JSON.parse(a.body).data as { resultList: { data: Record<string, unknown> }[]; nextCursor: string };
    };
    // The list request before any saved view: the single-column indexes it asked for itself.
    t = performance.now();
    for (const body of Object.values(canopyBodies)) await askCanopy(body);
    result.canopyListIndexes = { states: await waitForIndexes(m), seconds: seconds(t) };
    const beforeView = await run(
      [{ method: 'POST', url: canopyUrl, headers: canopyHeaders, body: canopyBodies.status }],
      {
        total: opts.samples,
        concurrency: 1,
        warmup: 3,
      },
    );
    const beforeViewRows = (await askCanopy(canopyBodies.status)).resultList.map((r) => String(r.data[code('code')]));
    console.log(`  canopy list request before any view: server p50 ${beforeView.serverP50} ms`);
    // The first case as a saved view too: its save asks for the composite index of its filter and sort.
    const view = (
      await owner.call<{ code: string }>('POST', `/v1/apps/${m.appCode}/schemas/${m.schemaCode}/views`, {
        name: VIEW_NAME,
        kind: 'grid',
        config: {
          columns: m.fields.map((f) => ({ field: f.code, hidden: false })),
          filter: canopyBodies.status.filter,
          sorts,
          rowHeight: 'short',
          pageSize: 50,
        },
      })
    ).code;
    const viewBody = { view, limit: 50 };
    t = performance.now();
    for (const body of [...Object.values(canopyBodies), viewBody]) await askCanopy(body);
    const built = await waitForIndexes(m);
    result.canopyIndexes = { states: built, seconds: seconds(t) };
    console.log(`[peer] canopy indexes ${JSON.stringify(built)} built in ${seconds(t)} s`);
    // The deep page: walk the keyset cursors there (the last page when there are fewer).
    const walk = async (body: Record<string, unknown>) => {
      let cursor = '';
      let reached = 1;
      for (; reached < opts.deep; reached++) {
        const page = await askCanopy({ ...body, ...(cursor ? { cursor } : {}) });
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      return { cursor, reached };
    };
    const deepList = await walk(canopyBodies.status);
    const deepView = await walk(viewBody);
    const reached = deepList.reached;
    offset = (reached - 1) * 50;
    const offsetCursor = Buffer.from(JSON.stringify(offset)).toString('base64url');
    const canopyCases: [string, Record<string, unknown>][] = [
      [
        `状态 = ${STATUS_LABEL} + 金额 desc, page 1 (list request, before any saved view: one-column indexes)`,
        canopyBodies.status,
      ],
      [`the same list request once the view below exists (its composite index)`, canopyBodies.status],
      ['the same as a saved view, page 1', viewBody],
      [`订单名称 contains ${CONTAINS} + sort`, canopyBodies.contains],
      [`备注 = ${EQUALS} (no view indexes it) + sort`, canopyBodies.equality],
      [
        `page ${reached} (rows ${offset + 1}…) of the list request: Canopy keyset cursor, NocoDB offset`,
        { ...canopyBodies.status, cursor: deepList.cursor },
      ],
      [
        `page ${deepView.reached} of the saved view: Canopy keyset cursor, NocoDB offset`,
        { ...viewBody, cursor: deepView.cursor },
      ],
      [`page ${reached} of the list request: both by offset`, { ...canopyBodies.status, cursor: offsetCursor }],
    ];
    const codeField = code('code');
    const canopyAnswers: { stats: LoadStats; rows: string[] }[] = [{ stats: beforeView, rows: beforeViewRows }];
    for (const [label, body] of canopyCases.slice(1)) {
      const rows = (await askCanopy(body)).resultList.map((r) => String(r.data[codeField]));
      const stats = await run([{ method: 'POST', url: canopyUrl, headers: canopyHeaders, body }], {
        total: opts.samples,
        concurrency: 1,
        warmup: 3,
      });
      console.log(`  canopy ${label}: server p50 ${stats.serverP50} ms, wall p50 ${stats.clientP50} ms`);
      canopyAnswers.push({ stats, rows });
    }
    const canopyThroughput: LoadStats[] = [];
    for (const body of [canopyBodies.status, viewBody]) {
      const stats = await run([{ method: 'POST', url: canopyUrl, headers: canopyHeaders, body }], {
        seconds: opts.seconds,
        concurrency: opts.concurrency,
        warmup: opts.concurrency,
      });
      console.log(`  canopy throughput: ${stats.rps} req/s`);
      canopyThroughput.push(stats);
    }
    agent.destroy();
    await server.stop();
    result.canopySize = sizes(path.join(m.dataDir, 'canopy.sqlite'), m.tableName);

    // NocoDB: install (once), start, table, load, measure.
    ensureNocodb();
    noco = await startNocodb(path.join(work, 'nocodb'));
    console.log(`[peer] nocodb started in ${noco.startSeconds} s on ${noco.baseUrl}`);
    const client = new NocoClient(noco.baseUrl);
    await client.signUp('bench@canopy.example.com', 'Bench-Passw0rd!');
    const table = await createNocoTable(client);
    t = performance.now();
    result.nocodbLoad = await loadNocodb(client, noco, table, csv, Math.min(1000, opts.rows));
    const count = await client.call<{ count: number }>('GET', `/api/v2/tables/${table.tableId}/records/count`);
    if (count.count !== opts.rows) throw new Error(`nocodb holds ${count.count} rows, not ${opts.rows}`);
    console.log(`[peer] nocodb load: ${JSON.stringify(result.nocodbLoad)}`);
    const list = (where_: string, offset_ = 0) =>
      `${noco?.baseUrl}/api/v2/tables/${table.tableId}/records?where=${encodeURIComponent(where_)}&sort=${encodeURIComponent(
        `-${spec('amount').name}`,
      )}&limit=50${offset_ ? `&offset=${offset_}` : ''}`;
    // The saved view's twin: a grid view with the same filter and sort (NocoDB indexes neither).
    const grid = await client.call<{ id: string }>('POST', `/api/v2/meta/tables/${table.tableId}/grids`, {
      title: VIEW_NAME,
    });
    await client.call('POST', `/api/v2/meta/views/${grid.id}/filters`, {
      fk_column_id: table.columnIds[spec('status').name],
      comparison_op: 'eq',
      value: STATUS_LABEL,
    });
    await client.call('POST', `/api/v2/meta/views/${grid.id}/sorts`, {
      fk_column_id: table.columnIds[spec('amount').name],
      direction: 'desc',
    });
    const inView = (offset_ = 0) =>
      `${noco?.baseUrl}/api/v2/tables/${table.tableId}/records?viewId=${grid.id}&limit=50${offset_ ? `&offset=${offset_}` : ''}`;
    const nocoUrls = [
      list(`(${spec('status').name},eq,${STATUS_LABEL})`),
      list(`(${spec('status').name},eq,${STATUS_LABEL})`),
      inView(),
      list(`(${spec('name').name},like,${CONTAINS})`),
      list(`(${spec('remark').name},eq,${EQUALS})`),
      list(`(${spec('status').name},eq,${STATUS_LABEL})`, offset),
      inView(offset),
      list(`(${spec('status').name},eq,${STATUS_LABEL})`, offset),
    ];
    const nocoAgent = new (await import('node:http')).Agent({ keepAlive: true });
    for (const [i, [label]] of canopyCases.entries()) {
      const url = nocoUrls[i] as string;
      const shot: Shot = { method: 'GET', url, headers: client.headers };
      const a = await send(nocoAgent, shot, true);
      if (a.status !== 200) throw new Error(`nocodb ${a.status} ${a.body.slice(0, 300)}`);
      const rows = (JSON.parse(a.body) as { list: Record<string, unknown>[] }).list.map((r) =>
        String(r[spec('code').name]),
      );
      const stats = await run([shot], { total: opts.samples, concurrency: 1, warmup: 3 });
      console.log(`  nocodb ${label}: server p50 ${stats.serverP50} ms, wall p50 ${stats.clientP50} ms`);
      const mine = canopyAnswers[i] as { stats: LoadStats; rows: string[] };
      const same = rows.length === mine.rows.length && [...rows].sort().join() === [...mine.rows].sort().join();
      cases.push({
        label,
        canopy: { ...mine.stats, rows: mine.rows.length },
        nocodb: { ...stats, rows: rows.length },
        sameRows: same,
      });
    }
    nocoAgent.destroy();
    const nocoThroughput: LoadStats[] = [];
    for (const url of [nocoUrls[1], nocoUrls[2]] as string[]) {
      const stats = await run([{ method: 'GET', url, headers: client.headers }], {
        seconds: opts.seconds,
        concurrency: opts.concurrency,
        warmup: opts.concurrency,
      });
      console.log(`  nocodb throughput: ${stats.rps} req/s`);
      nocoThroughput.push(stats);
    }
    result.throughput = { canopy: canopyThroughput, nocodb: nocoThroughput };
    await noco.stop();
    result.nocodbSize = sizes(noco.dbFile, table.physical);
  } finally {
    await server.stop();
    await noco?.stop();
  }
  result.cases = cases;
  result.loadavgAfter = load();
  const per = (s: unknown) => {
    const size = s as { fileBytes: number; tableBytes: number };
    return {
      fileMiB: round(size.fileBytes / 2 ** 20, 1),
      bytesPerRow: Math.round(size.fileBytes / opts.rows),
      tableMiB: round(size.tableBytes / 2 ** 20, 1),
    };
  };
  result.disk = { canopy: per(result.canopySize), nocodb: per(result.nocodbSize) };
  if (!opts.keep) {
    await removeDataSet(m);
    fs.rmSync(work, { recursive: true, force: true });
  }
  return result;
}

function table(r: Record<string, unknown>, opts: { seconds: number }): string {
  const cases = r.cases as Case[];
  const tp = r.throughput as { canopy: LoadStats[]; nocodb: LoadStats[] };
  const disk = r.disk as Record<'canopy' | 'nocodb', { fileMiB: number; bytesPerRow: number; tableMiB: number }>;
  const ci = r.canopyImport as { totalSeconds: number; rowsPerSecond: number };
  const nl = r.nocodbLoad as NocoLoad;
  const x = (a: number, b: number) => (a > 0 ? `${round(b / a, 1)}×` : '');
  return [
    `| ${(r.rows as number).toLocaleString('en')} rows | Canopy server p50 / p95 ms | Canopy wall p50 / p95 ms | NocoDB server p50 / p95 ms | NocoDB wall p50 / p95 ms | NocoDB ÷ Canopy (wall p50) | same rows |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...cases.map(
      (c) =>
        `| ${c.label} | ${c.canopy.serverP50} / ${c.canopy.serverP95} | ${c.canopy.clientP50} / ${c.canopy.clientP95} | ${c.nocodb.serverP50} / ${c.nocodb.serverP95} | ${c.nocodb.clientP50} / ${c.nocodb.clientP95} | ${x(c.canopy.clientP50, c.nocodb.clientP50)} | ${c.sameRows ? 'yes' : 'no'} (${c.canopy.rows}/${c.nocodb.rows}) |`,
    ),
    ...tp.canopy.map((c, i) => {
      const n = tp.nocodb[i] as LoadStats;
      // Requests over the time until the last one answered (past --seconds when answers are slow).
      const rate = (t: LoadStats) => round(t.requests / t.seconds, 1);
      const cell = (t: LoadStats) =>
        `${rate(t)} req/s (${t.requests} in ${t.seconds} s; wall p50 ${t.clientP50} ms, ${t.errors} errors)`;
      return `| ${i ? 'saved view' : 'list request'} page 1, ${c.concurrency} concurrent for ${opts.seconds} s | ${cell(c)} | | ${cell(n)} | | Canopy ${x(rate(n), rate(c))} the req/s | |`;
    }),
    `| database file | ${disk.canopy.fileMiB} MiB, ${disk.canopy.bytesPerRow} B/row (table + indexes ${disk.canopy.tableMiB} MiB) | | ${disk.nocodb.fileMiB} MiB, ${disk.nocodb.bytesPerRow} B/row (table ${disk.nocodb.tableMiB} MiB) | | | |`,
    `| load | Canopy import API ${ci.totalSeconds} s (${ci.rowsPerSecond} rows/s) | | NocoDB API ${nl.apiRows} rows in ${nl.apiSeconds} s (${nl.apiRowsPerSecond} rows/s: all rows ~${Math.round((r.rows as number) / nl.apiRowsPerSecond)} s that way), then ${nl.directRows} rows direct in ${nl.directSeconds} s | | | |`,
    `load average before ${(r.loadavgBefore as number[]).join(' / ')}, after ${(r.loadavgAfter as number[]).join(' / ')}`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const opts = options({
    samples: { type: 'string' },
    deep: { type: 'string' },
    seconds: { type: 'string' },
    concurrency: { type: 'string' },
    print: { type: 'string' },
  });
  // --print <results.json>: the table of an earlier run, without running.
  const earlier = opts.opt('print');
  if (typeof earlier === 'string') {
    console.log(table(JSON.parse(fs.readFileSync(earlier, 'utf8')), { seconds: Number(opts.opt('seconds') ?? 10) }));
    process.exit(0);
  }
  const rowsArg = process.argv.includes('--rows') ? opts.rows : 100_000;
  console.log(`[peer] ${rowsArg.toLocaleString('en')} rows, nocodb cache ${NOCODB_CACHE}`);
  const r = await sideBySide({
    rows: rowsArg,
    samples: Number(opts.opt('samples') ?? 50),
    deep: Number(opts.opt('deep') ?? 1000),
    seconds: Number(opts.opt('seconds') ?? 10),
    concurrency: Number(opts.opt('concurrency') ?? 16),
    keep: opts.keep,
  });
  const out = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, `peer-nocodb-${r.rows}.json`), `${JSON.stringify(r, null, 2)}\n`);
  console.log(table(r, { seconds: Number(opts.opt('seconds') ?? 10) }));
}
