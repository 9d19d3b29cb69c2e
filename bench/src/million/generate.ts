/**
 * Builds the million-row data set: a team with eight people in three departments, an app, a data
 * table with 20 fields of mixed types — all through the real HTTP API of a real server, so the
 * metadata and the physical table `d_<schemaCode>` (with its `f_<fieldCode>` columns and indexes)
 * are exactly what the product makes — then bulk-loads N seeded rows straight into that table:
 * one prepared insert in 20,000-row transactions on SQLite (synchronous=OFF for the load), multi-row
 * `insert … select * from unnest($1::text[], …)` of 5,000 rows on PostgreSQL.
 *
 *   npx tsx bench/src/million/generate.ts --db sqlite --rows 1000000     # → /tmp/canopy-million-sqlite-1000000
 *   npx tsx bench/src/million/generate.ts --db postgres --rows 50k       # a new database on TEST_DATABASE_URL
 *
 * Writes manifest.json into the data directory; run.ts and import.ts read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ApiClient } from './client.js';
import {
  createPgDatabase,
  type Db,
  defaultDir,
  isMain,
  type Manifest,
  options,
  type Person,
  removeDataSet,
  seconds,
  serverEnv,
  startServer,
  writeManifest,
} from './common.js';
import { type CreatedField, FIELDS, type Population, rowGenerator, storageConverter } from './dataset.js';

export const SEED = 20261122;
const PASSWORD = 'bench-password-1';
export const DEPARTMENTS = ['销售部', '研发部', '财务部'] as const;
export const OWNER_NAME = '张老板';
/** Who joins the team and where: people[0] (销售部) is the member the row-level measurements sign in as. */
export const PEOPLE = [
  ['王销售', 0],
  ['李销售', 0],
  ['赵销售', 0],
  ['陈研发', 1],
  ['刘研发', 1],
  ['周财务', 2],
  ['吴财务', 2],
] as const;

interface Setup {
  engineCode: string;
  appCode: string;
  schemaCode: string;
  owner: Person;
  people: Person[];
  departments: { id: string; name: string }[];
  fields: (Omit<CreatedField, 'column'> & { column?: string })[];
}

/** Team, people, departments, app, table and fields, through the API as a browser would. */
async function setUp(baseUrl: string): Promise<Setup> {
  const password = hashPasswordForTransport(PASSWORD);
  const register = async (account: string, name: string) => {
    const client = new ApiClient(baseUrl);
    const user = await client.call<{ id: string }>('POST', '/v1/user/register', { account, name, password });
    return { client, userId: user.id };
  };
  const owner = await register('owner@bench.example.com', OWNER_NAME);
  const team = await owner.client.call<{ engineCode: string; memberId: string }>('POST', '/v1/corp/own/register', {
    corpName: '百万数据公司',
  });
  owner.client.headers['x-engine-code'] = team.engineCode;
  const root = await owner.client.call<{ objectId: string }>('GET', '/v1/org/department/root');
  const departments = [];
  for (const name of DEPARTMENTS) {
    const d = await owner.client.call<{ objectId: string }>('POST', '/v1/org/department', {
      parentId: root.objectId,
      name,
    });
    departments.push({ id: d.objectId, name });
  }
  const people: Person[] = [];
  for (const [i, [name, dep]] of PEOPLE.entries()) {
    const link = await owner.client.call<{ id: string }>('POST', '/v1/corpintegrate/invitation', {});
    const account = `member${i + 1}@bench.example.com`;
    const { client, userId } = await register(account, name);
    await client.call('PUT', `/v1/corpintegrate/invitation/join/${link.id}`);
    client.headers['x-engine-code'] = team.engineCode;
    const { memberId } = await client.call<{ memberId: string }>('GET', '/v1/org/member/info');
    const departmentId = departments[dep]?.id ?? '';
    await owner.client.call('PUT', '/v1/org/member/departments', { memberId, departmentIds: [departmentId] });
    people.push({ account, name, userId, memberId, departmentId });
  }
  const app = await owner.client.call<{ code: string }>('POST', '/v1/apps', { displayName: '订单管理' });
  const schema = await owner.client.call<{ code: string }>('POST', `/v1/apps/${app.code}/nodes`, {
    type: 'Schema',
    displayName: '销售订单',
  });
  const base = `/v1/apps/${app.code}/schemas/${schema.code}`;
  const fields = [];
  for (const spec of FIELDS) {
    const info = await owner.client.call<{ code: string; settings: Record<string, unknown> }>(
      'POST',
      `${base}/fields`,
      { name: spec.name, type: spec.type, ...(spec.settings ? { settings: spec.settings } : {}) },
    );
    fields.push({ ...spec, code: info.code, settings: info.settings });
  }
  await owner.client.call('POST', '/v1/apps/role/add', {
    appCode: app.code,
    userIds: people.map((p) => p.userId),
    role: 'member',
  });
  const ownerPerson: Person = {
    account: 'owner@bench.example.com',
    name: OWNER_NAME,
    userId: owner.userId,
    memberId: team.memberId,
    departmentId: root.objectId,
  };
  return {
    engineCode: team.engineCode,
    appCode: app.code,
    schemaCode: schema.code,
    owner: ownerPerson,
    people,
    departments,
    fields,
  };
}

export function population(m: Pick<Manifest, 'owner' | 'people' | 'departments'>): Population {
  return {
    creators: [
      { memberId: m.owner.memberId, weight: 2 },
      ...m.people.map((p) => ({ memberId: p.memberId, weight: 1 })),
    ],
    memberIds: [m.owner.memberId, ...m.people.map((p) => p.memberId)],
    departmentIds: m.departments.map((d) => d.id),
  };
}

const SYSTEM_COLUMNS = ['id', 'engine_code', 'version', 'created_by', 'created_at', 'modified_by', 'modified_at'];

/** Rows in batches, as column arrays in SYSTEM_COLUMNS + field order. */
function* batches(m: Manifest, size: number): Generator<unknown[][]> {
  const next = rowGenerator(m.seed, population(m));
  const convert = storageConverter(m.fields);
  for (let start = 0; start < m.rows; start += size) {
    const batch: unknown[][] = [];
    for (let i = start; i < Math.min(m.rows, start + size); i++) {
      const r = next(i);
      const modifiedAt = r.createdAt + (i % 7 === 0 ? 3_600_000 : 0);
      batch.push([r.id, m.engineCode, 1, r.createdBy, r.createdAt, r.createdBy, modifiedAt, ...convert(r)]);
    }
    yield batch;
  }
}

const columnsOf = (m: Manifest) => [...SYSTEM_COLUMNS, ...m.fields.map((f) => f.column)];

function progress(done: number, total: number, started: number) {
  const s = (performance.now() - started) / 1000;
  process.stderr.write(`\r  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} rows, ${s.toFixed(0)} s`);
}

function loadSqlite(m: Manifest): void {
  const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  const cols = columnsOf(m);
  const insert = db.prepare(
    `insert into "${m.tableName}" (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`,
  );
  const write = db.transaction((rows: unknown[][]) => {
    for (const row of rows) insert.run(row);
  });
  const started = performance.now();
  let done = 0;
  for (const batch of batches(m, 20_000)) {
    write(batch);
    done += batch.length;
    progress(done, m.rows, started);
  }
  process.stderr.write('\n');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const PG_TYPES: Record<string, string> = {
  text: 'text',
  json: 'text',
  integer: 'int4',
  bigint: 'int8',
  real: 'float8',
  boolean: 'int2',
};

async function loadPostgres(m: Manifest, storage: Record<string, string>): Promise<void> {
  const client = new pg.Client({ connectionString: m.databaseUrl });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const cols = columnsOf(m);
    const types = ['text', 'text', 'int4', 'text', 'int8', 'text', 'int8', ...m.fields.map((f) => storage[f.type])];
    const sql = `insert into "${m.tableName}" (${cols.map((c) => `"${c}"`).join(', ')}) select * from unnest(${types
      .map((t, i) => `$${i + 1}::${PG_TYPES[t ?? 'text'] ?? t}[]`)
      .join(', ')})`;
    const started = performance.now();
    let done = 0;
    await client.query('begin');
    for (const batch of batches(m, 5_000)) {
      const arrays = cols.map((_, c) => batch.map((row) => row[c]));
      await client.query(sql, arrays);
      done += batch.length;
      if (done % 100_000 === 0) {
        await client.query('commit');
        await client.query('begin');
      }
      progress(done, m.rows, started);
    }
    await client.query('commit');
    process.stderr.write('\n');
  } finally {
    await client.end();
  }
}

/** Generates one data set; returns its manifest. */
export async function generate(db: Db, rows: number, dir: string): Promise<Manifest> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseName = db === 'postgres' ? `canopy_bench_${rows}_${process.pid}` : undefined;
  const databaseUrl = databaseName ? await createPgDatabase(databaseName) : undefined;
  const port = 3930 + (process.pid % 50);
  let t = performance.now();
  console.log(`[generate] ${db}: setting up the team, app and table through the API …`);
  const server = await startServer(serverEnv({ dataDir: dir, databaseUrl }, port), port);
  let setup: Setup;
  try {
    setup = await setUp(server.baseUrl);
  } finally {
    await server.stop();
  }
  const setupSeconds = seconds(t);
  const { fieldType } = await import('@canopy/fields');
  const storage = Object.fromEntries(FIELDS.map((f) => [f.type, String(fieldType(f.type)?.storage)]));
  const manifest: Manifest = {
    db,
    rows,
    seed: SEED,
    dataDir: dir,
    ...(databaseUrl ? { databaseUrl, databaseName } : {}),
    engineCode: setup.engineCode,
    appCode: setup.appCode,
    schemaCode: setup.schemaCode,
    tableName: '',
    password: PASSWORD,
    owner: setup.owner,
    people: setup.people,
    departments: setup.departments,
    fields: [],
    generateSeconds: { setup: setupSeconds, load: 0, index: 0 },
  };
  try {
    // Table and column names as the product recorded them in its metadata.
    const meta = await readMeta(manifest);
    manifest.tableName = meta.table;
    manifest.fields = setup.fields.map((f) => {
      const column = meta.columns.get(f.code);
      if (!column) throw new Error(`no column for field ${f.code}`);
      return { ...f, column };
    });
    console.log(`[generate] ${db}: loading ${rows.toLocaleString('en')} rows into ${manifest.tableName} …`);
    t = performance.now();
    if (db === 'sqlite') loadSqlite(manifest);
    else await loadPostgres(manifest, storage);
    manifest.generateSeconds.load = seconds(t);
    t = performance.now();
    if (databaseUrl) {
      // What autovacuum does by itself shortly after a bulk load; done here so runs do not depend on its timing.
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`analyze "${manifest.tableName}"`);
      await c.end();
    }
    manifest.generateSeconds.index = seconds(t);
    writeManifest(manifest);
    console.log(
      `[generate] ${db}: done (setup ${manifest.generateSeconds.setup} s, load ${manifest.generateSeconds.load} s) → ${dir}`,
    );
    return manifest;
  } catch (err) {
    await removeDataSet(manifest);
    throw err;
  }
}

async function readMeta(m: Manifest): Promise<{ table: string; columns: Map<string, string> }> {
  if (m.db === 'sqlite') {
    const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'), { readonly: true });
    try {
      const schema = db.prepare('select table_name from schemas where code = ?').get(m.schemaCode) as {
        table_name: string;
      };
      const rows = db.prepare('select code, column_name from fields where schema_code = ?').all(m.schemaCode) as {
        code: string;
        column_name: string;
      }[];
      return { table: schema.table_name, columns: new Map(rows.map((r) => [r.code, r.column_name])) };
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: m.databaseUrl });
  await c.connect();
  try {
    const schema = await c.query<{ table_name: string }>('select table_name from schemas where code = $1', [
      m.schemaCode,
    ]);
    const rows = await c.query<{ code: string; column_name: string }>(
      'select code, column_name from fields where schema_code = $1',
      [m.schemaCode],
    );
    return {
      table: schema.rows[0]?.table_name ?? '',
      columns: new Map(rows.rows.map((r) => [r.code, r.column_name])),
    };
  } finally {
    await c.end();
  }
}

if (isMain(import.meta.url)) {
  const opts = options();
  for (const db of opts.dbs) await generate(db, opts.rows, opts.dir ?? defaultDir(db, opts.rows));
}
