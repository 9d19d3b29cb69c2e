import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgTestDatabase, testDialect } from './database.js';
import { TestClient, type TestServer } from './harness.js';
import { createTeam } from './org-helpers.js';
import { exportPackage, finishedTask, installPackage, uploadPackage } from './package-helpers.js';
import { adminSql, databaseUrlOf, spawnServer } from './server-process.js';

/**
 * A real server process killed (SIGKILL, no clean-up of any kind) at each step of an install (and
 * of an upgrade in place, which must leave the app as it was):
 * after unpacking, after the tables were created, after the records were written (all inside the
 * transaction), and right after the commit. After a restart the team has no trace of an install
 * that did not commit — no app, no table, no file, no staging — and a committed one is whole,
 * files included. The queue gives up the killed process's job once its lease has passed (installs
 * have one attempt): the task is failed as interrupted, or, committed, gets its files moved in.
 */
const postgres = testDialect() === 'postgres';
const database = `canopy_pkg_${randomBytes(5).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-pkg-crash-'));
const children: ChildProcess[] = [];
let owner: TestClient;
let engineCode: string;
let appCode: string;
let bytes: Buffer;

/** Rows and tables of the database, read beside the server (its own connection). */
async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  if (postgres) {
    const c = new pg.Client({ connectionString: databaseUrlOf(database) });
    await c.connect();
    try {
      return (
        await c.query(
          sql.replace(/\?/g, (_, i: number) => `$${sql.slice(0, i).split('?').length}`),
          params,
        )
      ).rows as T[];
    } finally {
      await c.end();
    }
  }
  const db = new Database(path.join(dataDir, 'canopy.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

async function tableNames(): Promise<string[]> {
  const rows = postgres
    ? await query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_catalog = current_database() and table_schema = 'public'",
      )
    : // sqlite_stat*: the planner's statistics, written by ANALYZE after index builds (→ 0113), not an install's trace.
      await query<{ name: string }>(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_stat%'",
      );
  return rows.map((r) => r.name).sort();
}

/** Starts `node --import tsx apps/server/test/crash-server.ts` (main.ts with the crash hook); resolves with its URL once it listens. */
async function startProcess(crashAt?: string): Promise<{ url: string; child: ChildProcess; crashAt?: string }> {
  const started = await spawnServer(
    'apps/server/test/crash-server.ts',
    {
      DATABASE_URL: postgres ? databaseUrlOf(database) : '',
      DATA_DIR: dataDir,
      // The queue's lease (installs run as its jobs): a killed process's task is given up this long after.
      JOB_LEASE_SECONDS: '3',
      CANOPY_PACKAGE_CRASH_AT: crashAt ?? '',
    },
    children,
  );
  return { ...started, crashAt };
}

/** The same browser session against another process. */
function sessionOn(url: string): TestClient {
  const c = new TestClient(url);
  c.headers = { ...owner.headers, cookie: `canopy_sid=${owner.sessionCookie}` };
  return c;
}

function downloadOn(client: TestClient, p: string) {
  return client.download(p);
}

async function traces() {
  const apps = await query<{ code: string }>('select code from apps where engine_code = ? order by code', [engineCode]);
  const schemas = await query<{ code: string }>('select code from schemas where engine_code = ? order by code', [
    engineCode,
  ]);
  const files = await query<{ id: string }>('select id from files where engine_code = ? order by id', [engineCode]);
  const shortcuts = await query<{ code: string }>('select code from shortcuts where engine_code = ?', [engineCode]);
  const onDisk = fs.existsSync(path.join(dataDir, 'files', engineCode))
    ? fs.readdirSync(path.join(dataDir, 'files', engineCode)).sort()
    : [];
  const staging = path.join(dataDir, 'packages', 'staging');
  return {
    apps: apps.map((a) => a.code),
    schemas: schemas.map((s) => s.code),
    files: files.map((f) => f.id),
    shortcuts: shortcuts.length,
    onDisk,
    tables: await tableNames(),
    staging: fs.existsSync(staging) ? fs.readdirSync(staging) : [],
  };
}

let current: { url: string; child: ChildProcess; crashAt?: string };

beforeAll(async () => {
  if (postgres) await createPgTestDatabase(database);
  current = await startProcess('extracted');
  const team = await createTeam({ baseUrl: current.url } as TestServer, '崩溃团队');
  owner = team.owner;
  engineCode = team.engineCode;
  appCode = (await owner.request('POST', '/v1/apps', { body: { displayName: '台账' } })).json.data.code;
  const schema = (
    await owner.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '设备' } })
  ).json.data.code;
  const base = `/v1/apps/${appCode}/schemas/${schema}`;
  const name = (await owner.request('POST', `${base}/fields`, { body: { name: '名称', type: 'text' } })).json.data.code;
  const file = (await owner.request('POST', `${base}/fields`, { body: { name: '附件', type: 'attachment' } })).json.data
    .code;
  const uploaded = (await owner.upload('/v1/files', '说明书.txt', Buffer.from('说明'), { 'x-app-name': 'canopy' })).json
    .data;
  for (let i = 0; i < 50; i += 1)
    await owner.request('POST', `${base}/records`, {
      body: { data: { [name]: `设备${i}`, ...(i === 0 ? { [file]: [uploaded.id] } : {}) } },
    });
  bytes = await exportPackage(owner, appCode);
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) =>
      c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve(),
    ),
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (postgres) await adminSql(`drop database if exists ${database} with (force)`);
});

describe('a server killed in the middle of an install', () => {
  for (const [point, next] of [
    ['extracted', 'tables'],
    ['tables', 'records'],
    ['records', 'committed'],
  ] as const) {
    it(`leaves no trace when killed ${point === 'extracted' ? 'after unpacking' : `after writing the ${point}`}`, async () => {
      const before = await traces();
      expect(before.apps).toEqual([appCode]);
      const client = sessionOn(current.url);
      const dead = new Promise<NodeJS.Signals | null>((resolve) => current.child.once('exit', (_c, s) => resolve(s)));
      const { taskId, appCode: installing } = await installPackage(client, bytes);
      expect(await dead).toBe('SIGKILL');
      // The staging directory is there: the crash came mid-way.
      expect(fs.readdirSync(path.join(dataDir, 'packages', 'staging'))).toContain(taskId);
      current = await startProcess(next);
      const task = await finishedTask(sessionOn(current.url), taskId);
      expect(task).toMatchObject({ state: 'failed', message: '安装被中断，未留下任何数据，请重新安装' });
      const after = await traces();
      expect(after).toEqual(before);
      expect(after.apps).not.toContain(installing);
      const list = await sessionOn(current.url).request('GET', '/v1/apps');
      expect(JSON.stringify(list.json)).not.toContain(installing);
    }, 120_000);
  }

  it('finishes a committed install after a restart, files included', async () => {
    const before = await traces();
    const client = sessionOn(current.url);
    const dead = new Promise<NodeJS.Signals | null>((resolve) => current.child.once('exit', (_c, s) => resolve(s)));
    const { taskId, appCode: installed } = await installPackage(client, bytes);
    expect(await dead).toBe('SIGKILL');
    current = await startProcess();
    const again = sessionOn(current.url);
    expect(await finishedTask(again, taskId)).toMatchObject({ state: 'done' });
    const after = await traces();
    expect(after.apps).toEqual([...before.apps, installed].sort());
    expect(after.staging).toEqual([]);
    expect(after.files).toHaveLength(before.files.length + 1);
    expect(after.onDisk).toEqual(after.files);
    const schema = (await query<{ code: string }>('select code from schemas where app_code = ?', [installed]))[0]?.code;
    const records = await again.request('POST', `/v1/apps/${installed}/schemas/${schema}/records/query`, {
      body: { limit: 100 },
    });
    expect(records.json.data.resultList).toHaveLength(50);
    const withFile = records.json.data.resultList
      .flatMap((r: { data: Record<string, unknown> }) => Object.values(r.data))
      .find((v: unknown) => Array.isArray(v) && (v[0] as { name?: string })?.name === '说明书.txt') as {
      url: string;
    }[];
    const download = await downloadOn(again, withFile[0]?.url as string);
    expect(download.bytes.toString()).toBe('说明');
  }, 120_000);
});

/** The installed copy as the database has it: its menu, fields (trash included) and workflow. */
async function appState(app: string) {
  const nodes = await query<{ code: string; name: string; deleted: number | null }>(
    'select code, display_name as name, deleted_at as deleted from function_nodes where app_code = ? order by code',
    [app],
  );
  const fields = await query<{ code: string; name: string; deleted: number | null }>(
    'select f.code, f.name, f.deleted_at as deleted from fields f join schemas s on s.code = f.schema_code where s.app_code = ? order by f.code',
    [app],
  );
  const origin = await query<{ version: string; code_map: string }>(
    'select version, code_map from app_origins where app_code = ?',
    [app],
  );
  return { nodes, fields, origin, tables: await tableNames() };
}

/** A process that kills itself at `crashAt` (none: never); the one running is kept if it is such a process. */
async function restartWith(crashAt?: string): Promise<void> {
  const old = current.child;
  const alive = old.exitCode === null && old.signalCode === null;
  // Each start costs seconds of CPU: the process the last test left, killed nowhere yet, will do.
  if (alive && current.crashAt === crashAt) return;
  if (alive) {
    const gone = new Promise((r) => old.once('exit', r));
    old.kill('SIGTERM');
    await gone;
  }
  current = await startProcess(crashAt);
}

describe('a server killed in the middle of an upgrade', () => {
  let copy: string;
  let v2: Buffer;

  it('installs a copy, and the origin makes v2', async () => {
    await restartWith();
    const client = sessionOn(current.url);
    const { taskId, appCode: installed } = await installPackage(client, bytes, false);
    copy = installed;
    expect(await finishedTask(client, taskId)).toMatchObject({ state: 'done' });
    // v2: the origin gains a table and a field.
    const schema = (await query<{ code: string }>('select code from schemas where app_code = ?', [appCode]))[0]?.code;
    await client.request('POST', `/v1/apps/${appCode}/schemas/${schema}/fields`, {
      body: { name: '型号', type: 'text' },
    });
    await client.request('POST', `/v1/apps/${appCode}/nodes`, { body: { type: 'Schema', displayName: '维修记录' } });
    v2 = await exportPackage(client, appCode, false);
  }, 120_000);

  for (const [point, next] of [
    ['extracted', 'tables'],
    ['tables', 'records'],
    ['records', undefined],
  ] as const) {
    it(`leaves the app as it was when killed ${point === 'extracted' ? 'after unpacking' : `after writing the ${point}`}`, async () => {
      await restartWith(point);
      const before = await appState(copy);
      const client = sessionOn(current.url);
      const up = await uploadPackage(client, v2);
      expect(up.json.data.matches.map((m: { appCode: string }) => m.appCode)).toContain(copy);
      const dead = new Promise<NodeJS.Signals | null>((resolve) => current.child.once('exit', (_c, s) => resolve(s)));
      const res = await client.request('POST', '/v1/app/package/upgrade', {
        body: { packagePath: up.json.data.packagePath, appCode: copy },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(await dead).toBe('SIGKILL');
      current = await startProcess(next);
      expect(await finishedTask(sessionOn(current.url), res.json.data.taskId)).toMatchObject({ state: 'failed' });
      expect(await appState(copy)).toEqual(before);
      expect(fs.readdirSync(path.join(dataDir, 'packages', 'staging'))).toEqual([]);
    }, 120_000);
  }

  it('is whole after a restart when killed right after the commit', async () => {
    await restartWith('committed');
    const before = await appState(copy);
    const client = sessionOn(current.url);
    const up = await uploadPackage(client, v2);
    const dead = new Promise<NodeJS.Signals | null>((resolve) => current.child.once('exit', (_c, s) => resolve(s)));
    const res = await client.request('POST', '/v1/app/package/upgrade', {
      body: { packagePath: up.json.data.packagePath, appCode: copy },
    });
    expect(await dead).toBe('SIGKILL');
    current = await startProcess();
    expect(await finishedTask(sessionOn(current.url), res.json.data.taskId)).toMatchObject({ state: 'done' });
    const after = await appState(copy);
    expect(after.fields.map((f) => f.name).sort()).toEqual([...before.fields.map((f) => f.name), '型号'].sort());
    expect(after.nodes.map((n) => n.name)).toContain('维修记录');
  }, 120_000);
});
