/** What the million-row scripts share: options, the data set's manifest, the server process, PostgreSQL. */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { CreatedField } from './dataset.js';

export type Db = 'sqlite' | 'postgres';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** `--db sqlite|postgres|both --rows N --dir PATH --keep` and a script's own options (`opt(name)`). */
export function options(extra: Record<string, { type: 'string' | 'boolean' }> = {}) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      rows: { type: 'string', default: '1000000' },
      dir: { type: 'string' },
      keep: { type: 'boolean', default: false },
      ...extra,
    },
    allowPositionals: false,
  });
  const all = values as Record<string, string | boolean | undefined>;
  const dbs: Db[] = all.db === 'both' ? ['sqlite', 'postgres'] : [all.db === 'postgres' ? 'postgres' : 'sqlite'];
  const raw = String(all.rows).toLowerCase().replace(/[_,]/g, '');
  const rows = Number(raw.replace(/k$/, '000').replace(/m$/, '000000'));
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`--rows must be a positive integer, got ${all.rows}`);
  return {
    dbs,
    rows,
    dir: typeof all.dir === 'string' ? all.dir : undefined,
    keep: all.keep === true,
    opt: (name: string) => all[name],
  };
}

/** Where a generated data set lives and how to reach it: written by generate.ts, read by the others. */
export interface Manifest {
  db: Db;
  rows: number;
  seed: number;
  /** SQLite: DATA_DIR holding canopy.sqlite (and the manifest). */
  dataDir: string;
  /** PostgreSQL: the throwaway database. */
  databaseUrl?: string;
  databaseName?: string;
  engineCode: string;
  appCode: string;
  schemaCode: string;
  tableName: string;
  password: string;
  owner: Person;
  /** Everyone else who joined the team; each has the app role "member". */
  people: Person[];
  departments: { id: string; name: string }[];
  fields: CreatedField[];
  generateSeconds: { setup: number; load: number; index: number };
}

export interface Person {
  account: string;
  name: string;
  userId: string;
  memberId: string;
  departmentId: string;
}

export function defaultDir(db: Db, rows: number): string {
  return path.join(os.tmpdir(), `canopy-million-${db}-${rows}`);
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
}

export function writeManifest(m: Manifest): void {
  fs.writeFileSync(path.join(m.dataDir, 'manifest.json'), `${JSON.stringify(m, null, 2)}\n`);
}

/** The server environment for a data set (the same variables `npm start` reads). */
export function serverEnv(m: Pick<Manifest, 'dataDir' | 'databaseUrl'>, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: m.dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
  };
  if (m.databaseUrl) env.DATABASE_URL = m.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Memory, and the CPU time the server used so far (a measure a loaded machine distorts less than wall time). */
  memory(): Promise<NodeJS.MemoryUsage & { cpu?: NodeJS.CpuUsage }>;
  stop(): Promise<void>;
}

/** Starts serve.ts (the real app, or the bare endpoint) as its own process and waits until it listens. */
export async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ServerProcess> {
  const child = fork(path.join(REPO_ROOT, 'bench/src/million/serve.ts'), [], {
    cwd: REPO_ROOT,
    env,
    // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (node --cpu-prof).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.setMaxListeners(0);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 120 s')), 120_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (m: { type?: string }) => {
      if (m?.type === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    memory: () =>
      new Promise((resolve) => {
        const on = (m: { type?: string } & NodeJS.MemoryUsage) => {
          if (m?.type !== 'mem') return;
          child.off('message', on);
          resolve(m);
        };
        child.on('message', on);
        child.send({ type: 'mem' });
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A throwaway database on the PostgreSQL server at TEST_DATABASE_URL (or the local one). */
export async function createPgDatabase(name: string): Promise<string> {
  if (!/^[a-z][a-z0-9_]{1,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  await withPg(adminUrl(), async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPgDatabase(name: string): Promise<void> {
  if (!/^[a-z][a-z0-9_]{1,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  await withPg(adminUrl(), (c) => c.query(`drop database if exists ${name} with (force)`));
}

/** Removes a data set: its directory and, for PostgreSQL, its database. */
export async function removeDataSet(m: Manifest): Promise<void> {
  if (m.databaseName) await dropPgDatabase(m.databaseName);
  fs.rmSync(m.dataDir, { recursive: true, force: true });
}

/** Whether this module is the script node was asked to run (not imported by another). */
export function isMain(url: string): boolean {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1] ?? '') === fileURLToPath(url);
}

export const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** The indexes the lists asked for, by state (waits until none is requested or building). */
export async function waitForIndexes(m: Manifest, timeoutMs = 600_000): Promise<Record<string, number>> {
  const read = async (): Promise<{ state: string; n: number }[]> => {
    const text = 'select state, count(*) as n from record_indexes where table_name = $1 group by state';
    if (m.db === 'sqlite') {
      const db = new SQLite(path.join(m.dataDir, 'canopy.sqlite'), { readonly: true, timeout: 10_000 });
      try {
        return db.prepare(text.replace('$1', '?')).all(m.tableName) as { state: string; n: number }[];
      } finally {
        db.close();
      }
    }
    const c = new pg.Client({ connectionString: m.databaseUrl });
    await c.connect();
    try {
      return (await c.query<{ state: string; n: number }>(text, [m.tableName])).rows;
    } finally {
      await c.end();
    }
  };
  const until = Date.now() + timeoutMs;
  for (;;) {
    const states = Object.fromEntries((await read()).map((r) => [r.state, Number(r.n)]));
    if (!states.requested && !states.building) return states;
    if (Date.now() > until) throw new Error(`indexes not built in time: ${JSON.stringify(states)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
