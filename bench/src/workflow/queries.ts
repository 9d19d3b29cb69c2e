/**
 * Where an approve action and a flow-status list spend their time, statement by statement: the real
 * app in this process over a SQLite data set of generate.ts (kept with `run.ts --keep`), requests
 * through `app.inject`, every SQL statement timed by Kysely's log hook. Complements run.ts on a busy
 * machine: statement times and counts do not depend on how many other processes share the cores.
 *
 *   npx tsx bench/src/workflow/queries.ts --dir /tmp/canopy-workflow-sqlite-1000000 --samples 50
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPasswordForTransport, InstanceState } from '@canopy/contract';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import type { Database } from '../../../apps/server/src/db/schema.js';
import { percentile } from '../million/loadgen.js';
import { readWorkflowManifest } from './generate.js';

const { values } = parseArgs({ options: { dir: { type: 'string' }, samples: { type: 'string' } } });
if (!values.dir) throw new Error('--dir of a kept SQLite data set');
const m = readWorkflowManifest(values.dir);
if (m.db !== 'sqlite') throw new Error('SQLite data sets only');
const samples = Number(values.samples ?? 50);

const stats = new Map<string, number[]>();
let recording = false;
const sqlite = new SQLite(path.join(m.dataDir, 'canopy.sqlite'));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log(event) {
    if (!recording) return;
    const key = event.query.sql.replace(/\s+/g, ' ').slice(0, 160);
    stats.set(key, [...(stats.get(key) ?? []), event.queryDurationMillis]);
  },
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-queries-'));
const config = { ...loadConfig({ WEB_DIST: '', DATA_DIR: dataDir }), port: 0, host: '127.0.0.1' };
const app = await buildApp({
  config,
  database: { db, dialect: 'sqlite', location: 'bench', close: () => db.destroy() },
  logger: false,
});

async function login(account: string): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/user/login',
    payload: { account, password: hashPasswordForTransport(m.password) },
  });
  const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  return { cookie, 'x-engine-code': m.engineCode };
}

async function profile(label: string, requests: (() => Promise<number>)[]) {
  stats.clear();
  const wall: number[] = [];
  const cpu: number[] = [];
  recording = true;
  for (const request of requests) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const status = await request();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (status !== 200) throw new Error(`${label}: status ${status}`);
  }
  recording = false;
  const n = requests.length;
  const rows = [...stats]
    .map(([q, times]) => ({ q, perRequest: times.length / n, ms: times.reduce((a, b) => a + b, 0) / n }))
    .sort((a, b) => b.ms - a.ms);
  const sqlMs = rows.reduce((a, r) => a + r.ms, 0);
  const statements = rows.reduce((a, r) => a + r.perRequest, 0);
  console.log(
    `\n## ${label}: wall p50 ${percentile(wall, 50)} ms, cpu p50 ${percentile(cpu, 50)} ms, ${statements.toFixed(1)} statements taking ${sqlMs.toFixed(2)} ms a request`,
  );
  for (const r of rows.slice(0, 12))
    console.log(`${r.ms.toFixed(3).padStart(7)} ms  ×${r.perRequest.toFixed(1)}  ${r.q}`);
}

const approver = m.approvers[0];
if (!approver) throw new Error('no approver');
const approverHeaders = await login(approver.account);
const ownerHeaders = await login(m.owner.account);
const open = sqlite
  .prepare(
    'select id from work_items where engine_code = ? and participant_member_id = ? and state = 0 order by created_at limit ?',
  )
  .all(m.engineCode, approver.memberId, samples + 5) as { id: string }[];
const approve = (id: string) => async () =>
  (
    await app.inject({
      method: 'POST',
      url: '/v1/workflow/approval',
      headers: approverHeaders,
      payload: { workItem: { workItemId: id } },
    })
  ).statusCode;
for (const row of open.slice(0, 5)) await approve(row.id)();
await profile(
  'approve',
  open.slice(5).map((r) => approve(r.id)),
);
const list = (body: object) => async () =>
  (
    await app.inject({
      method: 'POST',
      url: `/v1/apps/${m.appCode}/schemas/${m.schemaCode}/records/query`,
      headers: ownerHeaders,
      payload: body,
    })
  ).statusCode;
const running = {
  filter: { op: 'and', conditions: [{ field: 'flowState', operator: 'eq', value: InstanceState.Running }] },
  limit: 50,
};
for (let i = 0; i < 5; i += 1) await list(running)();
await profile(
  'list, 流程状态 = running',
  Array.from({ length: samples }, () => list(running)),
);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
