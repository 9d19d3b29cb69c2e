/**
 * The approval-workflow data set: a team with an owner and four approvers, an app, an expense table
 * (标题, 金额) and its published flow (start → 审批 by any of three approvers → 复核 by a fourth), set
 * up through the real HTTP API of a real server. Two template instances are run through the API as
 * well (one left waiting at 审批, one approved to the end), so every row's shape — the interpreter's
 * runtime JSON, the work items, the log, the record's flow status — is exactly what the engine writes.
 * Then the templates are cloned in bulk straight into the database (new ids, shifted times): by
 * default 10,000 running instances and as many finished ones as bring the team to 1,000,000 work
 * items. SQLite: prepared inserts in 20,000-row transactions (synchronous=OFF for the load);
 * PostgreSQL: multi-row inserts (≤ 65,535 parameters a statement), then ANALYZE as autovacuum would.
 *
 *   npx tsx bench/src/workflow/generate.ts --db sqlite                    # → /tmp/canopy-workflow-sqlite-1000000
 *   npx tsx bench/src/workflow/generate.ts --db postgres --items 100k     # a new database on TEST_DATABASE_URL
 *
 * Writes manifest.json into the data directory; run.ts reads it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ApiClient } from '../million/client.js';
import {
  createPgDatabase,
  type Db,
  dropPgDatabase,
  isMain,
  seconds,
  serverEnv,
  startServer,
} from '../million/common.js';

const PASSWORD = 'bench-password-1';

export interface WorkflowManifest {
  db: Db;
  dataDir: string;
  databaseUrl?: string;
  databaseName?: string;
  password: string;
  engineCode: string;
  appCode: string;
  schemaCode: string;
  tableName: string;
  owner: { account: string; memberId: string };
  /** approvers[0..2] share the first node (any of them decides); approvers[3] reviews. */
  approvers: { account: string; memberId: string; name: string }[];
  running: number;
  finished: number;
  workItems: number;
  generateSeconds: { setup: number; load: number };
}

export function defaultWorkflowDir(db: Db, items: number): string {
  return path.join(os.tmpdir(), `canopy-workflow-${db}-${items}`);
}

export function readWorkflowManifest(dir: string): WorkflowManifest {
  return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as WorkflowManifest;
}

export async function removeWorkflowDataSet(m: WorkflowManifest): Promise<void> {
  if (m.databaseName) await dropPgDatabase(m.databaseName);
  fs.rmSync(m.dataDir, { recursive: true, force: true });
}

const comment = { approve: { enableComment: true, required: false }, reject: { enableComment: true, required: false } };
const approve = (id: string, name: string, ids: string[], next?: string) => ({
  id,
  type: 'approve',
  name,
  ...(next ? { next } : {}),
  settings: {
    participants: [{ kind: 'members', ids }],
    mode: 'any',
    whenEmpty: 'error',
    fieldRules: {},
    comment,
    actions: ['revert', 'transfer', 'addSigner', 'cc', 'comment'],
    closeRevert: false,
    closeTerminate: false,
    rejectTo: 'end',
  },
});

interface Setup {
  engineCode: string;
  appCode: string;
  schemaCode: string;
  owner: WorkflowManifest['owner'];
  approvers: WorkflowManifest['approvers'];
  /** The template instances, run through the API. */
  runningId: string;
  finishedId: string;
}

/** Team, approvers, app, table, fields, the published flow and the two template instances, through the API. */
async function setUp(baseUrl: string): Promise<Setup> {
  const password = hashPasswordForTransport(PASSWORD);
  const register = async (account: string, name: string) => {
    const client = new ApiClient(baseUrl);
    await client.call('POST', '/v1/user/register', { account, name, password });
    return client;
  };
  const ownerAccount = 'owner@wf.bench.example.com';
  const owner = await register(ownerAccount, '张老板');
  const team = await owner.call<{ engineCode: string; memberId: string }>('POST', '/v1/corp/own/register', {
    corpName: '审批压测公司',
  });
  owner.headers['x-engine-code'] = team.engineCode;
  const approvers: WorkflowManifest['approvers'] = [];
  const clients: ApiClient[] = [];
  for (const [i, name] of ['审批甲', '审批乙', '审批丙', '复核丁'].entries()) {
    const link = await owner.call<{ id: string }>('POST', '/v1/corpintegrate/invitation', {});
    const account = `approver${i + 1}@wf.bench.example.com`;
    const client = await register(account, name);
    await client.call('PUT', `/v1/corpintegrate/invitation/join/${link.id}`);
    client.headers['x-engine-code'] = team.engineCode;
    const { memberId } = await client.call<{ memberId: string }>('GET', '/v1/org/member/info');
    approvers.push({ account, memberId, name });
    clients.push(client);
  }
  const app = await owner.call<{ code: string }>('POST', '/v1/apps', { displayName: '报销审批' });
  const schema = await owner.call<{ code: string }>('POST', `/v1/apps/${app.code}/nodes`, {
    type: 'Schema',
    displayName: '报销单',
  });
  const base = `/v1/apps/${app.code}/schemas/${schema.code}`;
  const title = (await owner.call<{ code: string }>('POST', `${base}/fields`, { name: '标题', type: 'text' })).code;
  const amount = (await owner.call<{ code: string }>('POST', `${base}/fields`, { name: '金额', type: 'number' })).code;
  const ids = approvers.map((a) => a.memberId);
  await owner.call('PUT', `${base}/workflow`, {
    definition: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'a1', settings: { fieldRules: {} } },
        approve('a1', '审批', ids.slice(0, 3), 'a2'),
        approve('a2', '复核', ids.slice(3)),
      ],
    },
  });
  await owner.call('POST', `${base}/workflow/publish`);
  const start = (n: number) =>
    owner.call<{ instance: { instanceId: string } }>('POST', '/v1/workflow/start', {
      appCode: app.code,
      schemaCode: schema.code,
      data: { [title]: `报销单 ${n}`, [amount]: 100 + n },
    });
  const running = (await start(0)).instance.instanceId;
  const finished = (await start(1)).instance.instanceId;
  for (const [k, client] of [clients[0], clients[3]].entries()) {
    const detail = await client?.call<{ myWorkItems: { workItemId: string }[] }>(
      'GET',
      `/v1/workflow/instance?instanceId=${finished}`,
    );
    const item = detail?.myWorkItems[0];
    if (!item) throw new Error(`template: approver ${k} has no item`);
    await client?.call('POST', '/v1/workflow/approval', { workItem: { workItemId: item.workItemId } });
  }
  return {
    engineCode: team.engineCode,
    appCode: app.code,
    schemaCode: schema.code,
    owner: { account: ownerAccount, memberId: team.memberId },
    approvers,
    runningId: running,
    finishedId: finished,
  };
}

// Bulk writing ---------------------------------------------------------------------------------

type Row = Record<string, unknown>;

/** One database for reading the templates and bulk-inserting the clones. */
interface Store {
  all(sql: string, params: unknown[]): Promise<Row[]>;
  insert(table: string, rows: Row[]): Promise<void>;
  close(): Promise<void>;
}

function sqliteStore(file: string): Store {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  const statements = new Map<string, SQLite.Statement>();
  return {
    all: async (sql, params) => db.prepare(sql.replace(/\$\d+/g, '?')).all(...params) as Row[],
    insert: async (table, rows) => {
      const first = rows[0];
      if (!first) return;
      const cols = Object.keys(first);
      const key = `${table}:${cols.join(',')}`;
      let insert = statements.get(key);
      if (!insert) {
        insert = db.prepare(
          `insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`,
        );
        statements.set(key, insert);
      }
      const stmt = insert;
      db.transaction(() => {
        for (const r of rows) stmt.run(cols.map((c) => r[c] ?? null));
      })();
    },
    close: async () => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

async function pgStore(url: string): Promise<Store> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  return {
    all: async (sql, params) => (await client.query(sql, params)).rows as Row[],
    insert: async (table, rows) => {
      const first = rows[0];
      if (!first) return;
      const cols = Object.keys(first);
      const per = Math.floor(60_000 / cols.length);
      await client.query('begin');
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        const params: unknown[] = [];
        const values = chunk.map((r) => `(${cols.map((c) => `$${params.push(r[c] ?? null)}`).join(', ')})`);
        await client.query(
          `insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) values ${values.join(', ')}`,
          params,
        );
      }
      await client.query('commit');
    },
    close: () => client.end(),
  };
}

interface Template {
  instance: Row;
  items: Row[];
  logs: Row[];
  record: Row;
}

async function readTemplate(store: Store, table: string, instanceId: string): Promise<Template> {
  const [instance] = await store.all('select * from workflow_instances where id = $1', [instanceId]);
  if (!instance) throw new Error(`template instance ${instanceId} missing`);
  const items = await store.all('select * from work_items where instance_id = $1 order by created_at, id', [
    instanceId,
  ]);
  const logs = await store.all('select * from workflow_logs where instance_id = $1 order by id', [instanceId]);
  const [record] = await store.all(`select * from "${table}" where id = $1`, [instance.record_id]);
  if (!record) throw new Error('template record missing');
  return { instance, items, logs: logs.map(({ id: _id, ...rest }) => rest), record };
}

const TIME_COLUMNS = new Set(['created_at', 'started_at', 'finished_at', 'updated_at', 'modified_at']);

/**
 * Clones of a template: every id that belongs to the instance (its own, its record's, its items',
 * their runs', seats' and the runtime's tokens) replaced by a fresh one wherever it appears, every
 * time shifted so the clone starts at `startAt`.
 */
function cloner(t: Template) {
  const runtime = JSON.parse(String(t.instance.runtime)) as { tokens?: { id: string }[] };
  const own = new Set<string>([
    String(t.instance.id),
    String(t.instance.record_id),
    ...t.items.flatMap((i) => [String(i.id), String(i.run_id), String(i.seat)]),
    ...(runtime.tokens ?? []).map((x) => x.id),
  ]);
  const pattern = new RegExp([...own].map((id) => id.replace(/[-]/g, '\\-')).join('|'), 'g');
  const origin = Number(t.instance.created_at);
  return (startAt: number, title: string, amount: number) => {
    const fresh = new Map([...own].map((id) => [id, randomUUID()]));
    const swap = (v: unknown) => (typeof v === 'string' ? v.replace(pattern, (m) => fresh.get(m) ?? m) : v);
    const copy = (row: Row): Row =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          TIME_COLUMNS.has(k) && v !== null && v !== undefined ? Number(v) - origin + startAt : swap(v),
        ]),
      );
    const record = copy(t.record);
    for (const k of Object.keys(record)) {
      if (k.startsWith('f_') && typeof t.record[k] === 'string') record[k] = title;
      else if (k.startsWith('f_') && t.record[k] !== null) record[k] = amount;
    }
    return { instance: copy(t.instance), items: t.items.map(copy), logs: t.logs.map(copy), record };
  };
}

/** Generates the data set; returns its manifest. */
export async function generateWorkflow(
  db: Db,
  opts: { running: number; items: number; dir: string },
): Promise<WorkflowManifest> {
  const { dir } = opts;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseName = db === 'postgres' ? `canopy_bench_wf_${process.pid}` : undefined;
  const databaseUrl = databaseName ? await createPgDatabase(databaseName) : undefined;
  const port = 3980 + (process.pid % 15);
  let t = performance.now();
  console.log(`[workflow] ${db}: team, table, flow and two template instances through the API …`);
  const server = await startServer(serverEnv({ dataDir: dir, databaseUrl }, port), port);
  let setup: Setup;
  try {
    setup = await setUp(server.baseUrl);
  } finally {
    await server.stop();
  }
  const setupSeconds = seconds(t);
  const store = databaseUrl ? await pgStore(databaseUrl) : sqliteStore(path.join(dir, 'canopy.sqlite'));
  try {
    const [schema] = await store.all('select table_name from schemas where code = $1', [setup.schemaCode]);
    const table = String(schema?.table_name ?? '');
    const running = await readTemplate(store, table, setup.runningId);
    const finished = await readTemplate(store, table, setup.finishedId);
    const finishedCount = Math.max(
      0,
      Math.floor((opts.items - running.items.length * opts.running) / finished.items.length),
    );
    const total = opts.running * running.items.length + finishedCount * finished.items.length;
    console.log(
      `[workflow] ${db}: cloning ${opts.running.toLocaleString('en')} running (${running.items.length} items each) and ${finishedCount.toLocaleString('en')} finished (${finished.items.length} items each) instances → ${total.toLocaleString('en')} work items …`,
    );
    t = performance.now();
    const cloneRunning = cloner(running);
    const cloneFinished = cloner(finished);
    const START = Date.UTC(2025, 0, 1);
    const count = finishedCount + opts.running;
    const BATCH = 5_000;
    for (let from = 0; from < count; from += BATCH) {
      const batch: ReturnType<typeof cloneRunning>[] = [];
      for (let i = from; i < Math.min(count, from + BATCH); i += 1) {
        // Finished instances first (older), the running ones the newest: like a team's real history.
        const make = i < finishedCount ? cloneFinished : cloneRunning;
        batch.push(make(START + i * 60_000, `报销单 ${i + 2}`, 100 + (i % 9_000)));
      }
      await store.insert(
        table,
        batch.map((b) => b.record),
      );
      await store.insert(
        'workflow_instances',
        batch.map((b) => b.instance),
      );
      await store.insert(
        'work_items',
        batch.flatMap((b) => b.items),
      );
      await store.insert(
        'workflow_logs',
        batch.flatMap((b) => b.logs),
      );
      process.stderr.write(
        `\r  ${Math.min(count, from + BATCH).toLocaleString('en')} / ${count.toLocaleString('en')} instances, ${seconds(t)} s`,
      );
    }
    process.stderr.write('\n');
    if (databaseUrl)
      for (const name of [table, 'workflow_instances', 'work_items', 'workflow_logs'])
        await store.all(`analyze "${name}"`, []);
    const manifest: WorkflowManifest = {
      db,
      dataDir: dir,
      ...(databaseUrl ? { databaseUrl, databaseName } : {}),
      password: PASSWORD,
      engineCode: setup.engineCode,
      appCode: setup.appCode,
      schemaCode: setup.schemaCode,
      tableName: table,
      owner: setup.owner,
      approvers: setup.approvers,
      running: opts.running + 1,
      finished: finishedCount + 1,
      workItems: total + running.items.length + finished.items.length,
      generateSeconds: { setup: setupSeconds, load: seconds(t) },
    };
    fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`[workflow] ${db}: done (setup ${setupSeconds} s, load ${manifest.generateSeconds.load} s) → ${dir}`);
    return manifest;
  } finally {
    await store.close();
  }
}

/** `--running N --items N` (10k, 1m) besides the common `--db`. */
export function count(raw: unknown, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(String(raw).toLowerCase().replace(/[_,]/g, '').replace(/k$/, '000').replace(/m$/, '000000'));
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a count: ${raw}`);
  return n;
}

if (isMain(import.meta.url)) {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      running: { type: 'string' },
      items: { type: 'string' },
      dir: { type: 'string' },
    },
  });
  const dbs: Db[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db === 'postgres' ? 'postgres' : 'sqlite'];
  const running = count(values.running, 10_000);
  const items = count(values.items, 1_000_000);
  for (const db of dbs)
    await generateWorkflow(db, { running, items, dir: values.dir ?? defaultWorkflowDir(db, items) });
}
